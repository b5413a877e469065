import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { HELP } from '../../src/node/cli/cli-help.js'
import { unknownVariables } from '../../src/node/cli/unknown-variables.js'
import { baseUrl, killAll, LIMIT_MS, run, start } from '../support/cli.js'

/**
 * Two quiet edges of the command (docs/cli.md): `--log silent` prints nothing on stdout, keeping
 * warnings and errors on stderr; a GENMOCK_* variable genmock does not read is warned about, with
 * the one it most likely meant.
 */

afterEach(killAll)
const LONG = { timeout: 2 * LIMIT_MS + 5000 }

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
async function healthy(url: string): Promise<void> {
  const deadline = Date.now() + LIMIT_MS
  for (;;) {
    try {
      if ((await fetch(`${url}/__mock/health`)).ok) return
    } catch (error) {
      if (Date.now() > deadline) throw error
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const relayWithoutKey = (url: string) =>
  fetch(`${url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' }),
  })

describe('--log silent', () => {
  it('--help says what it prints: nothing on stdout, warnings and errors on stderr', () => {
    expect(HELP).toContain(
      [
        '  --log pretty|json|silent',
        '                       pretty: the banner, a line per request, the stop lines (default);',
        '                       json: the same as JSON objects, the first {"event":"ready",…};',
        '                       silent: nothing on stdout, only warnings and errors on stderr',
      ].join('\n'),
    )
  })

  it('no banner, no request lines, no stop lines: stdout stays empty through a run and a stop', LONG, async () => {
    const port = await freePort()
    const r = start(['--port', String(port), '--log', 'silent'])
    const url = `http://127.0.0.1:${port}`
    await healthy(url)
    expect((await relayWithoutKey(url)).status).toBe(400)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(0)
    expect(r.stdout()).toBe('')
    expect(r.stderr()).toBe('')
  })

  it('silent until something is wrong: a --fail-on-findings exit says why on stderr', LONG, async () => {
    const port = await freePort()
    const r = start(['--port', String(port), '--log', 'silent', '--fail-on-findings'])
    const url = `http://127.0.0.1:${port}`
    await healthy(url)
    await relayWithoutKey(url)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(1)
    expect(r.stdout()).toBe('')
    expect(r.stderr()).toBe('genmock: --fail-on-findings: 1 error finding in the conformance report, exit 1\n')
  })

  it('a start refused: its reason on stderr, exit 2', async () => {
    const { code, stdout, stderr } = await run(['--scenario', 'nope', '--port', '0', '--log', 'silent'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain('names no scenario "nope"')
  })
})

describe('GENMOCK_* variables genmock does not read', () => {
  it('each is named, with the variable it most likely meant; empty ones and the kits’ own are not', () => {
    expect(
      unknownVariables({
        GENMOCK_PROT: '4700',
        GENMOCK_MAX_TASK: '5',
        GENMOCK_FROBNICATE: '1',
        GENMOCK_HELP: '1',
        GENMOCK_EMPTY: '',
        GENMOCK_PORT: '0',
        GENMOCK_URL: 'http://127.0.0.1:4600',
        GENMOCK_BIN: 'node_modules/.bin/genmock',
        PORT: '1',
      }),
    ).toEqual([
      {
        variable: 'GENMOCK_FROBNICATE',
        text: 'GENMOCK_FROBNICATE is not a genmock variable; ignored',
      },
      { variable: 'GENMOCK_HELP', text: 'GENMOCK_HELP is not read: --help is given on the command line only' },
      {
        variable: 'GENMOCK_MAX_TASK',
        meant: 'GENMOCK_MAX_TASKS',
        text: 'GENMOCK_MAX_TASK is not a genmock variable (did you mean GENMOCK_MAX_TASKS?); ignored',
      },
      {
        variable: 'GENMOCK_PROT',
        meant: 'GENMOCK_PORT',
        text: 'GENMOCK_PROT is not a genmock variable (did you mean GENMOCK_PORT?); ignored',
      },
    ])
  })

  it('genmock warns on stderr and starts with the default; --log json makes it an event', LONG, async () => {
    const pretty = start(['--port', '0'], { GENMOCK_CLCOK: 'manual' })
    await baseUrl(pretty)
    expect(pretty.stderr()).toBe(
      'genmock: GENMOCK_CLCOK is not a genmock variable (did you mean GENMOCK_CLOCK?); ignored\n',
    )
    expect(pretty.stdout()).toMatch(/clock\s+real/)
    const json = start(['--port', '0', '--log', 'json'], { GENMOCK_CLCOK: 'manual' })
    await baseUrl(json)
    const [first] = json.stdout().split('\n')
    expect(JSON.parse(first!)).toMatchObject({
      event: 'unknown-variable',
      level: 'warn',
      variable: 'GENMOCK_CLCOK',
      meant: 'GENMOCK_CLOCK',
    })
    expect(json.stderr()).toBe('')
  })
})
