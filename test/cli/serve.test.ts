import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { baseUrl, BIN, killAll, LIMIT_MS, ROOT, run, start } from '../support/cli.js'
import { RULE_IDS } from '../../src/contract/conformance-rules.js'

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version
const servers: Server[] = []

afterEach(async () => {
  killAll()
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

describe('genmock CLI', () => {
  it(
    '--help exits 0 and lists every flag',
    async () => {
      const { code, stdout } = await run(['--help'])
      expect(code).toBe(0)
      for (const flag of [
        '--port',
        '--host',
        '--clock',
        '--speed',
        '--seed',
        '--log',
        '--scenario',
        '--scenarios',
        '--max-tasks',
        '--admin-token',
        '--allowed-hosts',
        '--cors-origin',
      ])
        expect(stdout).toContain(flag)
      // examples as a user of the installed package types them
      expect(stdout).toMatch(/^Examples:\n(?: {2}genmock.*\n)+\n/m)
      expect(stdout).not.toContain('npm start')
    },
    LIMIT_MS + 5000,
  )

  it('--help and --version start nothing of the server: node:http, node:https and node:dns are never loaded', () => {
    // The bin is a launcher (build/bundle-cli.ts): each command's modules, and the built-in modules they
    // require, load only once the command is known, so a probe loaded first lists what the command loaded.
    const probe = join(mkdtempSync(join(tmpdir(), 'genmock-probe-')), 'probe.cjs')
    writeFileSync(
      probe,
      `const before = new Set(process.moduleLoadList)
      const added = () => process.moduleLoadList.filter((m) => !before.has(m))
      process.on('exit', () => process.stderr.write(JSON.stringify(added())))`,
    )
    const loaded = (args: string[]) => {
      const { stdout, stderr, status } = spawnSync(process.execPath, ['-r', probe, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
      })
      expect(status, stderr).toBe(0)
      expect(stdout.length).toBeGreaterThan(0)
      return JSON.parse(stderr) as string[]
    }
    const server = ['NativeModule http', 'NativeModule https', 'NativeModule dns']
    // The probe sees them when they are loaded.
    expect(loaded(['-p', '["http", "https", "dns"].map((name) => require(name)).length'])).toEqual(
      expect.arrayContaining(server),
    )
    for (const args of [['--help'], ['--version']])
      for (const name of server) expect(loaded([BIN, ...args]), `${args[0]} loads ${name}`).not.toContain(name)
  })

  it(
    '--version prints the package version and exits 0',
    async () => {
      const { code, stdout } = await run(['--version'])
      expect(code).toBe(0)
      expect(stdout.trim()).toBe(VERSION)
    },
    LIMIT_MS + 5000,
  )

  const usage: [string[], string][] = [
    [['--bogus'], '--bogus'],
    [['--clock', 'sideways'], '--clock'],
    [['--port', '70000'], '--port'],
    [['--speed', '0'], '--speed'],
    [['--allowed-hosts', 'a.test, b.test'], '--allowed-hosts'],
    [['--allowed-hosts', 'a.test,,b.test'], '--allowed-hosts'],
    [['--cors-origin', ''], '--cors-origin'],
    [['--cors-origin'], '--cors-origin'],
    [['--report', ''], '--report'],
    [['--report'], '--report'],
  ]
  for (const [args, flag] of usage) {
    it(
      `${args.join(' ')} exits 2 with a message naming ${flag}`,
      async () => {
        const { code, stderr, stdout } = await run(args)
        expect(code).toBe(2)
        expect(stderr).toContain(flag)
        expect(stderr).toContain('Run genmock --help')
        expect(stdout).not.toMatch(/base_url/)
      },
      LIMIT_MS + 5000,
    )
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `--port 0 --clock manual --seed 7 serves, prints a banner with the URL and keys, and exits 0 on ${signal}`,
      async () => {
        const r = start(['--port', '0', '--clock', 'manual', '--seed', '7'])
        const url = await baseUrl(r)
        const { hostname, port } = new URL(url)
        expect(hostname).toBe('127.0.0.1')
        expect(Number(port)).toBeGreaterThan(0)
        const banner = r.stdout()
        for (const key of ['sk_test_alice', 'sk_test_bob', 'sk_test_low']) expect(banner).toContain(key)
        expect(banner).toMatch(/manual/)
        expect(banner).toMatch(/seed\s+7\b/)

        const health = await fetch(`${url}/__mock/health`, { signal: AbortSignal.timeout(LIMIT_MS) })
        expect(health.status).toBe(200)
        expect(await health.json()).toMatchObject({ ok: true, version: VERSION })

        r.child.kill(signal)
        const { code } = await r.exited
        expect(code).toBe(0)
        expect(r.stdout()).toMatch(/\nconformance: no findings\n/)
      },
      2 * LIMIT_MS + 5000,
    )
  }

  it(
    '--strict refuses a breaking request; on exit it prints the findings per rule; --report writes them as JUnit XML',
    async () => {
      const report = join(mkdtempSync(join(tmpdir(), 'genmock-report-')), 'conformance.xml')
      const r = start(['--port', '0', '--strict', '--report', report])
      const url = await baseUrl(r)
      const relay = await fetch(`${url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' }),
      })
      expect(relay.status).toBe(400)
      expect(await relay.json()).toMatchObject({
        rule: 'relay-without-key',
        error: expect.stringMatching(/^Conformance: /),
      })
      r.child.kill('SIGTERM')
      expect((await r.exited).code).toBe(0)
      expect(r.stdout()).toContain('conformance: 1 finding (relay-without-key 1)')
      const xml = readFileSync(report, 'utf8')
      expect(xml).toContain('<testcase classname="genmock.conformance" name="relay-without-key"><failure')
      expect(xml.match(/<testcase /g)).toHaveLength(RULE_IDS.length)
    },
    2 * LIMIT_MS + 5000,
  )

  it(
    '--report into a folder that does not exist says so at start and exits 2 without serving',
    async () => {
      const { code, stdout, stderr } = await run([
        '--port',
        '0',
        '--report',
        join(tmpdir(), 'genmock-no-such-dir', 'x', 'report.xml'),
      ])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toMatch(/--report .*report\.xml: the folder .*genmock-no-such-dir.x does not exist/)
    },
    LIMIT_MS + 5000,
  )

  it(
    '--host wider than loopback warns; --admin-token locks /__mock and the banner says how to open the dashboard',
    async () => {
      const r = start(['--port', '0', '--host', '0.0.0.0', '--admin-token', 'cli-admin-token'])
      // An address to open, and where it listens.
      const url = await baseUrl(r)
      expect(r.stdout()).toMatch(/base_url +http:\/\/127\.0\.0\.1:\d+ \(listening on every interface, 0\.0\.0\.0:\d+\)/)
      // the warning follows the banner
      await vi.waitFor(() => expect(r.stderr()).toMatch(/warning: listening on 0\.0\.0\.0.*test keys/))
      expect(r.stdout()).toContain('/__mock/#token=<your --admin-token>')
      expect(r.stdout()).not.toContain('cli-admin-token')
      // Health stays open to a wait loop (docs/sandbox.md); the state is the admin's.
      expect((await fetch(`${url}/__mock/health`)).status).toBe(200)
      expect((await fetch(`${url}/__mock/state`)).status).toBe(401)
      expect(
        (await fetch(`${url}/__mock/state`, { headers: { authorization: 'Bearer cli-admin-token' } })).status,
      ).toBe(200)
    },
    LIMIT_MS + 5000,
  )

  it(
    '--fixture-accounts off (and its variable): no bundled account nor public key; the banner and ready line say so',
    async () => {
      const pretty = start(['--port', '0', '--fixture-accounts', 'off'])
      const url = await baseUrl(pretty)
      expect(pretty.stdout()).toMatch(/accounts +none bundled \(--fixture-accounts off\)/)
      expect(pretty.stdout()).not.toContain('sk_test_alice')
      const models = await fetch(`${url}/api/ai/models`, { headers: { authorization: 'Bearer sk_test_alice' } })
      expect(models.status).toBe(401)
      expect(((await (await fetch(`${url}/__mock/accounts`)).json()) as { accounts: [] }).accounts).toEqual([])
      const json = start(['--port', '0', '--log', 'json'], { GENMOCK_FIXTURE_ACCOUNTS: 'off' })
      await baseUrl(json)
      const ready = JSON.parse(json.stdout().split('\n')[0]!) as { fixtureAccounts: boolean; keys: unknown[] }
      expect(ready).toMatchObject({ fixtureAccounts: false, keys: [] })
    },
    LIMIT_MS + 5000,
  )

  it(
    '--allowed-hosts and --cors-origin reach the server: a listed Host and Origin are answered, others refused',
    async () => {
      const r = start([
        '--port',
        '0',
        '--allowed-hosts',
        'genmock.test,.dev.test',
        '--cors-origin',
        'https://app.example.test',
      ])
      const { port } = new URL(await baseUrl(r))
      const ask = (headers: Record<string, string>) =>
        new Promise<{ status: number; allowOrigin: string | undefined }>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: '/api/ai/models',
              headers: { authorization: 'Bearer sk_test_alice', ...headers },
            },
            (res) => {
              res.resume()
              resolve({
                status: res.statusCode!,
                allowOrigin: res.headers['access-control-allow-origin'] as string | undefined,
              })
            },
          )
          req.on('error', reject).end()
        })
      expect((await ask({ host: `genmock.test:${port}` })).status).toBe(200)
      expect((await ask({ host: `api.dev.test:${port}` })).status).toBe(200)
      expect((await ask({ host: `elsewhere.test:${port}` })).status).toBe(403)
      expect(await ask({ origin: 'https://app.example.test' })).toEqual({
        status: 200,
        allowOrigin: 'https://app.example.test',
      })
      expect((await ask({ origin: 'https://other.example.test' })).status).toBe(403)
    },
    LIMIT_MS + 5000,
  )

  it(
    'refuses a bad --max-tasks or --admin-token with exit 2',
    async () => {
      for (const args of [
        ['--max-tasks', '-1'],
        ['--max-tasks', 'x'],
        ['--admin-token', 'short'],
      ]) {
        const { code, stderr } = await run(args)
        expect(code).toBe(2)
        expect(stderr).toMatch(new RegExp(args[0]!))
      }
    },
    3 * LIMIT_MS,
  )

  it(
    'exits 1 with a message when the port is already in use',
    async () => {
      const blocker = createServer()
      servers.push(blocker)
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
      const port = (blocker.address() as { port: number }).port
      const { code, stderr } = await run(['--port', String(port), '--host', '127.0.0.1', '--log', 'silent'])
      expect(code).toBe(1)
      expect(stderr).toContain(String(port))
      expect(stderr).toMatch(/in use/i)
    },
    LIMIT_MS + 5000,
  )
})
