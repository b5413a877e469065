import { afterEach, describe, expect, it } from 'vitest'
import { parseCommand, usageMessage } from '../../src/node/cli/parse-args.js'
import { HELP } from '../../src/node/cli/cli-help.js'
import { baseUrl, killAll, LIMIT_MS, run, start } from '../support/cli.js'

/**
 * `--id-style` on the command line. The parser is tested directly; the command runs as users run
 * it, the built dist/cli.cjs (npm test builds it first).
 */

const serveArgs = (argv: string[]) => {
  const command = parseCommand(argv)
  if (command.kind !== 'serve') throw new Error(`expected serve, got ${command.kind}`)
  return command
}

describe('--id-style: parsing', () => {
  it('defaults to prefixed', () => {
    expect(serveArgs([]).idStyle).toBe('prefixed')
  })

  for (const style of ['prefixed', 'uuid', 'numeric', 'long'] as const) {
    it(`takes ${style}, as --id-style ${style} and --id-style=${style}`, () => {
      expect(serveArgs(['--id-style', style]).idStyle).toBe(style)
      expect(serveArgs([`--id-style=${style}`, '--seed', '7']).idStyle).toBe(style)
    })
  }

  it('refuses another value with a usage error naming --id-style and its choices', () => {
    for (const bad of ['UUID', 'numeric-string', '', 'snowflake']) {
      let error: unknown
      try {
        parseCommand(['--id-style', bad])
      } catch (caught) {
        error = caught
      }
      expect(usageMessage(error)).toBe(`--id-style must be one of prefixed, uuid, numeric, long, got "${bad}"`)
    }
  })

  it('refuses --id-style without a value', () => {
    let error: unknown
    try {
      parseCommand(['--id-style'])
    } catch (caught) {
      error = caught
    }
    expect(usageMessage(error)).toMatch(/--id-style/)
  })

  it('--help lists it with its choices', () => {
    expect(HELP).toContain('--id-style prefixed|uuid|numeric|long')
  })
})

describe('--id-style: the command', () => {
  afterEach(killAll)

  it('a bad value exits 2 before starting, naming --id-style', { timeout: LIMIT_MS + 5000 }, async () => {
    const { code, stdout, stderr } = await run(['--id-style', 'snowflake'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('--id-style must be one of prefixed, uuid, numeric, long, got "snowflake"')
    expect(stderr).toContain('genmock --help')
  })

  it('the server it starts answers as the flag says', { timeout: 2 * LIMIT_MS + 5000 }, async () => {
    const r = start(['--port', '0', '--clock', 'manual', '--seed', '7', ...['--id-style', 'numeric']])
    const res = await fetch(`${await baseUrl(r)}/api/ai/image/generate`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'base-image-2', prompt: 'a red fox' }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { taskId: string }).taskId).toMatch(/^[1-9][0-9]{11,18}$/)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(0)
  })
})
