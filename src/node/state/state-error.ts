// Why genmock will not start on a --state DIR (docs/state.md, Versions and refusals): one line
// naming the file and what is wrong with it, and, for damage, the commands that look and repair.

/** Where in changes.log a refusal lies, for `genmock state check` and `repair` (docs/state.md, Check and repair). */
export interface LogFault {
  line: number
  offset: number
  what: string
}

/** genmock will not start on this folder: the message names the file and what is wrong. */
export class StateDirError extends Error {
  /** Set when the refusal lies in changes.log: what a repair cuts it at. */
  log?: LogFault
}

/** The end of a damage refusal: how to see what is damaged and how to repair it (docs/state.md, Check and repair). */
export const repairHint = (dir: string) =>
  `; see what is damaged with \`genmock state check ${dir}\`, repair with \`genmock state repair ${dir}\``

/** A refusal for damage in `file` of the folder `dir`, with the repair commands. */
export const damaged = (dir: string, file: string, what: string) =>
  new StateDirError(`${file}: ${what}${repairHint(dir)}`)

/** A refusal for damage in changes.log at `fault` (a line and its byte offset), with the repair commands. */
export function logDamaged(dir: string, file: string, fault: LogFault): StateDirError {
  const error = damaged(dir, file, `line ${fault.line} (byte ${fault.offset}) ${fault.what}`)
  error.log = fault
  return error
}

/** The user genmock runs as, as errors about a folder it cannot write name it: `uid 1000`. */
export const runningAs = () => (process.getuid ? `uid ${process.getuid()}` : 'this user')

/**
 * The refusal for a state file or folder genmock cannot write: with a permission error, it names the
 * user genmock runs as (the image's is uid 1000) and how to give it the folder.
 * @example
 * unwritable('--state /data', 'EACCES') // --state /data: cannot be written (EACCES) by uid 1000, …
 */
export function unwritable(what: string, code: string | undefined, doing = 'cannot be written'): StateDirError {
  if (code !== 'EACCES' && code !== 'EPERM') return new StateDirError(`${what}: ${doing} (${code})`)
  const user = runningAs()
  return new StateDirError(
    `${what}: ${doing} (${code}) by ${user}, the user genmock runs as; ` +
      `make the folder writable by ${user} (chown -R ${process.getuid?.() ?? 'USER'} on it), ` +
      'or run genmock as its owner',
  )
}
