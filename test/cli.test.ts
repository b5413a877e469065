import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { baseUrl, killAll, LIMIT_MS, run, start } from './support/cli.js'

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
const servers: Server[] = []

afterEach(async () => {
  killAll()
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

describe('genmock CLI', () => {
  it('--help exits 0 and lists every flag', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    for (const flag of ['--port', '--host', '--clock', '--speed', '--seed', '--log', '--scenario', '--scenarios', '--max-tasks', '--admin-token']) expect(stdout).toContain(flag)
  }, LIMIT_MS + 5000)

  it('--version prints the package version and exits 0', async () => {
    const { code, stdout } = await run(['--version'])
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(VERSION)
  }, LIMIT_MS + 5000)

  const usage: [string[], string][] = [
    [['--bogus'], '--bogus'],
    [['--clock', 'sideways'], '--clock'],
    [['--port', '70000'], '--port'],
    [['--speed', '0'], '--speed'],
  ]
  for (const [args, flag] of usage) {
    it(`${args.join(' ')} exits 2 with a message naming ${flag}`, async () => {
      const { code, stderr, stdout } = await run(args)
      expect(code).toBe(2)
      expect(stderr).toContain(flag)
      expect(stdout).not.toMatch(/base_url/)
    }, LIMIT_MS + 5000)
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`--port 0 --clock manual --seed 7 serves, prints a banner with the URL and keys, and exits 0 on ${signal}`, async () => {
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
    }, 2 * LIMIT_MS + 5000)
  }

  it('--host wider than loopback warns; --admin-token locks /__mock and the banner says how to open the dashboard', async () => {
    const r = start(['--port', '0', '--host', '0.0.0.0', '--admin-token', 'cli-admin-token', '--log', 'silent'])
    const url = (await baseUrl(r)).replace('0.0.0.0', '127.0.0.1')
    expect(r.stderr()).toMatch(/warning: listening on 0\.0\.0\.0.*test keys/)
    expect(r.stdout()).toContain('/__mock/#token=<your --admin-token>')
    expect(r.stdout()).not.toContain('cli-admin-token')
    expect((await fetch(`${url}/__mock/health`)).status).toBe(401)
    expect((await fetch(`${url}/__mock/health`, { headers: { authorization: 'Bearer cli-admin-token' } })).status).toBe(200)
  }, LIMIT_MS + 5000)

  it('refuses a bad --max-tasks or --admin-token with exit 2', async () => {
    for (const args of [['--max-tasks', '-1'], ['--max-tasks', 'x'], ['--admin-token', 'short']]) {
      const { code, stderr } = await run(args)
      expect(code).toBe(2)
      expect(stderr).toMatch(new RegExp(args[0]!))
    }
  }, 3 * LIMIT_MS)

  it('exits 1 with a message when the port is already in use', async () => {
    const blocker = createServer()
    servers.push(blocker)
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    const { code, stderr } = await run(['--port', String(port), '--host', '127.0.0.1', '--log', 'silent'])
    expect(code).toBe(1)
    expect(stderr).toContain(String(port))
    expect(stderr).toMatch(/in use/i)
  }, LIMIT_MS + 5000)
})
