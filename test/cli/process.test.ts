import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { envName, OPTIONS } from '../../src/node/cli/option-table.js'
import { parseCommand } from '../../src/node/cli/parse-args.js'
import { HELP } from '../../src/node/cli/cli-help.js'
import { baseUrl, killAll, LIMIT_MS, run, start, type Run } from '../support/cli.js'

/**
 * The genmock process as CI runs it: exit codes, bad options, --log json, the environment,
 * signals and the graceful drain, a closed stdout, --watch. Each runs the built dist/cli.cjs.
 */

afterEach(killAll)

const LONG = { timeout: 2 * LIMIT_MS + 5000 }
const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), `genmock-${prefix}-`))
const jsonLines = (r: Run) =>
  r
    .stdout()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { event: string; [field: string]: unknown })
const waitFor = async (what: () => boolean, label: string) => {
  const deadline = Date.now() + LIMIT_MS
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const submit = (url: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
/** An image submission in the `slow` scenario of slowScenarios(). */
const submitSlow = (url: string) =>
  submit(url, { model: 'base-image-2', prompt: 'a fox' }, { 'x-mock-scenario': 'slow' })
/** A relay submission without an Idempotency-Key: 400 and an error finding (relay-without-key). */
const submitRelay = (url: string) =>
  submit(url, { provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' })

/** A --scenarios folder with one scenario, `slow`, whose submissions answer after `latency`. */
function slowScenarios(latency: string): string {
  const dir = tmp('slow')
  writeFileSync(
    join(dir, 'slow.json'),
    JSON.stringify({ name: 'slow', description: 'slow answers', rules: [{ submit: { latency }, use: 'default' }] }),
  )
  return dir
}

describe('bad options exit 2, naming the option, before anything starts', () => {
  const cases: [string[], RegExp, Record<string, string>?][] = [
    [['--prot', '4600'], /unknown option --prot \(did you mean --port\?\)/],
    [['--max-task', '5'], /unknown option --max-task \(did you mean --max-tasks\?\)/],
    [['--host', '999.1.1.1'], /--host 999\.1\.1\.1: no such address/],
    [['--host', 'a b'], /--host must be an IP address or a host name/],
    [['--cors-origin', 'foo'], /--cors-origin: "foo" is not an origin/],
    [['--cors-origin', 'http://localhost:3000/'], /did you mean http:\/\/localhost:3000\?/],
    [['--allowed-hosts', 'http://genmock.test'], /--allowed-hosts: "http:\/\/genmock\.test" is not a host name/],
    [['--allowed-hosts', 'genmock.test:4600'], /--allowed-hosts: "genmock\.test:4600" is not a host name/],
    [['--max-tasks', '0'], /--max-tasks must be an integer from 1 to/],
    [['--speed', '-1'], /--speed must be a number above 0/],
    [['--grace', '-1'], /--grace must be a number from 0 to 3600/],
    [['--report', join(tmpdir(), 'genmock-no-such-dir', 'r.xml')], /--report .*: the folder .* does not exist/],
    [['--report', tmpdir()], /--report .* is a folder/],
    [['--watch'], /--watch needs --scenarios DIR/],
    [['--strict=maybe'], /--strict is a flag/],
    [['--port'], /--port needs a value \(--port N\)/],
    [['valdate', 'a.yaml'], /unknown command "valdate" \(did you mean validate\?\)/],
    [[], /GENMOCK_PORT must be an integer from 0 to 65535, got "abc"/, { GENMOCK_PORT: 'abc' }],
    [[], /GENMOCK_CORS_ORIGIN: "foo" is not an origin/, { GENMOCK_CORS_ORIGIN: 'foo' }],
  ]
  for (const [args, message, env] of cases) {
    it(`${[...Object.entries(env ?? {}).map(([k, v]) => `${k}=${v}`), ...args].join(' ')}`, LONG, async () => {
      const { code, stdout, stderr } = await run(args, env)
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toMatch(message)
      expect(stderr).toContain('Run genmock --help')
      // never Node's own parser text, never a stack
      expect(stderr).not.toMatch(/ERR_PARSE_ARGS|TypeError|\n\s+at /)
    })
  }
})

describe('--log json', () => {
  it(
    'prints only JSON lines: a ready event first with the real port and the keys, never the admin token',
    LONG,
    async () => {
      const token = 'admin-token-never-printed'
      const r = start(['--port', '0', '--host', '0.0.0.0', '--admin-token', token, '--seed', '7', '--log', 'json'])
      // On every interface, the ready line names an address to open, and says where it listens.
      const url = await baseUrl(r)
      expect((await fetch(`${url}/api/ai/models`, { headers: { authorization: 'Bearer sk_test_alice' } })).status).toBe(
        200,
      )
      r.child.kill('SIGTERM')
      expect((await r.exited).code).toBe(0)
      const lines = jsonLines(r)
      const [ready] = lines
      expect(ready).toMatchObject({
        event: 'ready',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        listening: expect.stringMatching(/^0\.0\.0\.0:\d+$/),
        version: expect.any(String),
        seed: 7,
        clock: { mode: 'real', speed: 1 },
        locked: true,
        pid: r.child.pid,
      })
      expect(ready!.port).toBe(Number(new URL(url).port))
      expect((ready!.keys as { key: string }[]).map(({ key }) => key)).toEqual([
        'sk_test_alice',
        'sk_test_bob',
        'sk_test_low',
      ])
      expect(lines.map(({ event }) => event)).toEqual([
        'ready',
        'exposed',
        'request',
        'stopping',
        'conformance',
        'coverage',
      ])
      expect(lines[1]).toMatchObject({ level: 'warn', host: '0.0.0.0' })
      expect(lines.at(-2)).toMatchObject({ findings: 0, errors: 0, counts: {} })
      expect(r.stdout()).not.toContain(token)
      expect(r.stderr()).toBe('')
    },
  )
})

describe('configuration from the environment', () => {
  it('GENMOCK_* variables set the options; the command line wins', LONG, async () => {
    const r = start(['--seed', '9'], {
      GENMOCK_PORT: '0',
      GENMOCK_CLOCK: 'manual',
      GENMOCK_SEED: '7',
      GENMOCK_LOG: 'json',
    })
    await baseUrl(r)
    r.child.kill('SIGTERM')
    await r.exited
    expect(jsonLines(r)[0]).toMatchObject({ event: 'ready', seed: 9, clock: { mode: 'manual' } })
  })
})

describe('exit codes when genmock stops', () => {
  it('--fail-on-findings: exit 1 with an error finding, naming it', LONG, async () => {
    const r = start(['--port', '0', '--fail-on-findings'])
    expect((await submitRelay(await baseUrl(r))).status).toBe(400)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(1)
    expect(r.stdout()).toContain('conformance: 1 finding (relay-without-key 1)')
    expect(r.stderr()).toContain('--fail-on-findings: 1 error finding in the conformance report, exit 1')
  })

  it('--fail-on-findings: exit 0 without findings; SIGHUP stops as SIGTERM does', LONG, async () => {
    const r = start(['--port', '0', '--fail-on-findings'])
    await baseUrl(r)
    r.child.kill('SIGHUP')
    expect((await r.exited).code).toBe(0)
    expect(r.stdout()).toMatch(
      /genmock: SIGHUP, stopping\nconformance: no findings\ncoverage: 0 of \d+ outcomes met\n$/,
    )
  })
})

describe('graceful shutdown', () => {
  it(
    'on SIGTERM, 50 requests waiting on scenario latency all get their answers; the report is written after them',
    LONG,
    async () => {
      const report = join(tmp('drain'), 'conformance.xml')
      // Generous, for a busy CI machine: the 50 requests reach the server within ARRIVAL_MS, and
      // their latency outlasts it, so the SIGTERM finds every one of them waiting.
      const ARRIVAL_MS = 3000
      const r = start(['--port', '0', '--log', 'json', '--scenarios', slowScenarios('6s'), '--report', report])
      const url = await baseUrl(r)
      const answers = Array.from({ length: 50 }, () =>
        submitSlow(url).then(
          (res) => res.status,
          (error: Error) => `${error.message} (${String(error.cause)})`,
        ),
      )
      await new Promise((resolve) => setTimeout(resolve, ARRIVAL_MS))
      r.child.kill('SIGTERM')
      expect(await Promise.all(answers)).toEqual(new Array(50).fill(200))
      expect((await r.exited).code).toBe(0)
      const events = jsonLines(r).map(({ event }) => event)
      // every request was answered (and logged) before the report
      expect(events.slice(events.indexOf('stopping'))).toEqual([
        'stopping',
        ...new Array(50).fill('request'),
        'conformance',
        'coverage',
        'report',
      ])
      expect(readFileSync(report, 'utf8')).toContain('<testsuite')
    },
  )

  it('a second SIGTERM stops at once (exit 143), without the reports', LONG, async () => {
    const report = join(tmp('second'), 'conformance.xml')
    const r = start(['--port', '0', '--log', 'json', '--scenarios', slowScenarios('15s'), '--report', report])
    const url = await baseUrl(r)
    const answer = submitSlow(url).catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 300))
    r.child.kill('SIGTERM')
    await waitFor(() => r.stdout().includes('"event":"stopping"'), 'the stopping event')
    const second = Date.now()
    r.child.kill('SIGTERM')
    expect(await r.exited).toEqual({ code: 143, signal: null })
    expect(Date.now() - second).toBeLessThan(2000)
    expect(await answer).toBe('cut')
    expect(r.stdout()).not.toContain('"event":"report"')
  })

  it('--grace bounds the wait: a request slower than it is cut, and genmock exits 0', LONG, async () => {
    const r = start(['--port', '0', '--grace', '0.5', '--scenarios', slowScenarios('15s')])
    const url = await baseUrl(r)
    const answer = submitSlow(url).catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 300))
    const stop = Date.now()
    r.child.kill('SIGINT')
    expect((await r.exited).code).toBe(0)
    expect(Date.now() - stop).toBeLessThan(3000)
    expect(await answer).toBe('cut')
  })
})

describe('a closed stdout', () => {
  it('(genmock | head) never prints a stack: genmock keeps serving and stops cleanly', LONG, async () => {
    const r = start(['--port', '0'])
    const url = await baseUrl(r)
    r.child.stdout!.destroy()
    // each request writes a log line into the closed pipe
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(0)
    expect(r.stderr()).toBe('')
  })
})

describe('--watch', () => {
  it('reloads a changed scenario file; a bad edit keeps the last good set and says why', LONG, async () => {
    const dir = tmp('watch')
    const file = join(dir, 'mine.yaml')
    const scenario = (description: string) => `name: mine\ndescription: ${description}\nrules:\n  - use: default\n`
    writeFileSync(file, scenario('first'))
    const r = start(['--port', '0', '--log', 'json', '--scenarios', dir, '--watch'])
    const url = await baseUrl(r)
    const description = async () =>
      (
        (await (await fetch(`${url}/__mock/scenarios`)).json()) as {
          scenarios: { name: string; description: string }[]
        }
      ).scenarios.find(({ name }) => name === 'mine')?.description
    expect(await description()).toBe('first')

    writeFileSync(file, scenario('second'))
    await waitFor(() => r.stdout().includes('"event":"scenarios-reloaded"'), 'the reload')
    expect(await description()).toBe('second')
    expect(jsonLines(r).find(({ event }) => event === 'scenarios-reloaded')).toMatchObject({ scenarios: ['mine'] })

    writeFileSync(file, 'name: mine\nrules: [\n')
    await waitFor(() => r.stdout().includes('"event":"scenarios-refused"'), 'the refusal')
    expect(await description()).toBe('second')
    const refused = jsonLines(r).find(({ event }) => event === 'scenarios-refused')!
    expect(refused).toMatchObject({ level: 'warn', dir })
    expect((refused.problems as string[])[0]).toMatch(/mine\.yaml:\d+:\d+: is not valid YAML/)
    r.child.kill('SIGTERM')
    expect((await r.exited).code).toBe(0)
  })
})

describe('one table of options', () => {
  const flags = Object.keys(OPTIONS)
    .filter((key) => (OPTIONS[key as keyof typeof OPTIONS] as { env?: false }).env !== false)
    .map((key) => ({ key, flag: `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, variable: envName(key) }))
  const page = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8')

  it('--help and docs/cli.md list every option and its environment variable', () => {
    for (const { flag, variable } of flags) {
      expect(HELP).toContain(flag)
      expect(page).toContain(`| \`${flag}`)
      expect(page).toContain(`\`${variable}\``)
    }
  })

  it('every option reads its variable; the command line wins', () => {
    expect(parseCommand([], { GENMOCK_MAX_TASKS: '5', GENMOCK_STRICT: '1', GENMOCK_SPARSE: 'all' })).toMatchObject({
      maxTasks: 5,
      strict: true,
      sparse: 'all',
    })
    expect(parseCommand(['--max-tasks', '7'], { GENMOCK_MAX_TASKS: '5' })).toMatchObject({ maxTasks: 7 })
    // an empty variable is unset; --help and --version are never read from the environment
    expect(parseCommand([], { GENMOCK_PORT: '', GENMOCK_HELP: '1' })).toMatchObject({ kind: 'serve', port: 4600 })
  })
})
