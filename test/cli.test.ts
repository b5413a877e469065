import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = 'src/node/bin.mjs'
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
/** Generous limit for a process to start or stop; only a guard against hanging, never asserted. */
const LIMIT_MS = 20_000

interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const children: ChildProcess[] = []
const servers: Server[] = []

function start(args: string[]): Run {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`genmock ${args.join(' ')} did not exit in time\nstdout: ${out}\nstderr: ${err}`))
    }, LIMIT_MS)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal })
    })
  })
  exited.catch(() => {})
  return { child, stdout: () => out, stderr: () => err, exited }
}

async function run(args: string[]) {
  const r = start(args)
  const { code, signal } = await r.exited
  return { code, signal, stdout: r.stdout(), stderr: r.stderr() }
}

/** Waits until the banner shows the base URL, and returns it. */
function baseUrl(r: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const find = () => /base_url\s+(http:\/\/\S+)/.exec(r.stdout())?.[1]
    const timer = setTimeout(() => reject(new Error(`no base_url in the banner\nstdout: ${r.stdout()}\nstderr: ${r.stderr()}`)), LIMIT_MS)
    const check = () => {
      const url = find()
      if (url) {
        clearTimeout(timer)
        r.child.stdout!.off('data', check)
        resolve(url)
      }
    }
    r.child.stdout!.on('data', check)
    r.exited.then(({ code }) => {
      clearTimeout(timer)
      reject(new Error(`genmock exited (${code}) before printing its URL\nstderr: ${r.stderr()}`))
    }, reject)
    check()
  })
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

describe('genmock CLI', () => {
  it('--help exits 0 and lists every flag', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    for (const flag of ['--port', '--host', '--clock', '--speed', '--seed', '--log']) expect(stdout).toContain(flag)
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
