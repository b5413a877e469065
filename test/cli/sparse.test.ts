import { afterEach, describe, expect, it } from 'vitest'
import { parseCommand, usageMessage } from '../../src/node/cli/parse-args.js'
import { HELP } from '../../src/node/cli/cli-help.js'
import { baseUrl, killAll, LIMIT_MS, run, start } from '../support/cli.js'

/**
 * `--sparse` on the command line. The parser is tested directly; the command itself runs as users run it, the
 * built dist/cli.cjs (npm test builds it first).
 */

const serveArgs = (argv: string[]) => {
  const command = parseCommand(argv)
  if (command.kind !== 'serve') throw new Error(`expected serve, got ${command.kind}`)
  return command
}

const usage = (argv: string[]) => {
  try {
    parseCommand(argv)
  } catch (error) {
    return usageMessage(error)
  }
  throw new Error(`${argv.join(' ')} was accepted`)
}

describe('--sparse: parsing', () => {
  it('is off without the flag', () => {
    expect(serveArgs([]).sparse).toBe(false)
    expect(serveArgs(['--port', '0', '--seed', '7']).sparse).toBe(false)
  })

  it('alone is random, wherever it stands', () => {
    expect(serveArgs(['--sparse']).sparse).toBe('random')
    expect(serveArgs(['--sparse', '--port', '0']).sparse).toBe('random')
    expect(serveArgs(['--port', '0', '--sparse']).sparse).toBe('random')
    expect(serveArgs(['--sparse', '--strict']).sparse).toBe('random')
    expect(serveArgs(['--sparse', '--strict']).strict).toBe(true)
  })

  for (const mode of ['random', 'all'] as const) {
    it(`takes ${mode}, as --sparse=${mode} and --sparse ${mode}`, () => {
      expect(serveArgs([`--sparse=${mode}`]).sparse).toBe(mode)
      expect(serveArgs(['--sparse', mode, '--seed', '7']).sparse).toBe(mode)
    })
  }

  it('refuses another value with a usage error naming --sparse and its choices', () => {
    for (const bad of ['ALL', 'some', '', 'true', 'off']) {
      expect(usage([`--sparse=${bad}`])).toBe(`--sparse must be one of random, all, got "${bad}"`)
    }
    expect(usage(['--sparse', 'some'])).toBe('--sparse must be one of random, all, got "some"')
  })

  it('leaves the validate command and everything after -- alone', () => {
    expect(parseCommand(['--sparse', 'validate', 'a.yaml'])).toEqual({ kind: 'validate', files: ['a.yaml'] })
    expect(parseCommand(['--sparse', '--', 'validate', 'b.yaml'])).toEqual({ kind: 'validate', files: ['b.yaml'] })
    expect(serveArgs(['--sparse=all', '--port', '0'])).toMatchObject({ sparse: 'all', port: 0 })
  })

  it('--help lists it with its modes', () => {
    expect(HELP).toContain('--sparse[=random|all]')
  })
})

describe('--sparse: the command', () => {
  afterEach(killAll)

  it('a bad value exits 2 before starting, naming --sparse', { timeout: LIMIT_MS + 5000 }, async () => {
    const { code, stdout, stderr } = await run(['--sparse=some'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('--sparse must be one of random, all, got "some"')
    expect(stderr).toContain('genmock --help')
  })

  it('the server it starts answers as the flag says', { timeout: 2 * LIMIT_MS + 5000 }, async () => {
    const r = start(['--port', '0', '--clock', 'manual', '--seed', '7', ...['--sparse=all']])
    const res = await fetch(`${await baseUrl(r)}/api/ai/image/generate`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'base-image-2', prompt: 'a red fox' }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ taskId: 'tsk_4MrIYxv4guGNn4hUdsV1', status: 0, creditsUsed: 4 })
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(0)
  })
})
