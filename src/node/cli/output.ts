// What the command prints: events as text or as JSON lines (`--log json`), and errors.
import type { LogFormat } from '../server/logger.js'

/**
 * What the genmock command tells its user once it runs: events, written as text in pretty mode
 * (warnings on stderr), as one JSON object per line on stdout with --log json, so that a CI job
 * reads every stdout line with JSON.parse, and not at all in silent mode, which keeps only the
 * warnings and errors on stderr. A closed stdout (`genmock | head`) ends the writing, never the
 * server, and never prints a stack.
 */
export interface Output {
  readonly format: LogFormat
  /** One line of stdout: `text` for people, `fields` under `event` for --log json. */
  event(event: string, fields: Record<string, unknown>, text: string): void
  /** Something the user should act on: stderr as text, or an event with `level: "warn"`. */
  warn(event: string, fields: Record<string, unknown>, text: string): void
  /** A raw line for stdout in every format (request log lines are formatted by the logger). */
  line(text: string): void
}

/** Writes to a stream until it fails (EPIPE when the reader went away); after that, nothing. */
export function quietOnClose(stream: NodeJS.WriteStream): (text: string) => void {
  let open = true
  stream.on('error', () => {
    open = false
  })
  return (text) => {
    if (open && !stream.destroyed) stream.write(text)
  }
}

const stdout = quietOnClose(process.stdout)
const stderr = quietOnClose(process.stderr)

/**
 * The command's output in the given format.
 * @example
 * const out = output('json')
 * out.event('stopping', { signal: 'SIGTERM' }, 'genmock: SIGTERM, stopping') // {"time":…,"event":"stopping",…}
 */
export function output(format: LogFormat): Output {
  const json = (event: string, fields: Record<string, unknown>) =>
    stdout(`${JSON.stringify({ time: new Date().toISOString(), event, ...fields })}\n`)
  return {
    format,
    event: (event, fields, text) => {
      if (format !== 'silent') format === 'json' ? json(event, fields) : stdout(`${text}\n`)
    },
    warn: (event, fields, text) =>
      format === 'json' ? json(event, { level: 'warn', ...fields }) : stderr(`genmock: ${text}\n`),
    line: (text) => {
      if (format !== 'silent') stdout(`${text}\n`)
    },
  }
}

/** Text on stderr that must not throw when stderr is closed: startup errors. */
export const writeError = stderr
