import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { request } from 'node:http'
import { mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { auth, IMAGE } from '../support/api.js'
import { BIN, ROOT } from '../support/cli.js'
import { canMount, mountTmpfs, unmountAll } from './tmpfs.js'

/**
 * A full disk is cheap (docs/state.md, When a save fails): with `--state-save request` and some
 * 10 MB of state on a tmpfs that is full, the idle server probes for room at a bounded rate and
 * does no work per request or per stored task meanwhile: its CPU time (from /proc/<pid>/stat) stays
 * low, health answers at once, refused changes cost next to nothing, and saving resumes by itself
 * once room returns. Mounting a tmpfs needs root, as in CI; the test says why it is skipped otherwise.
 */

/** Generous limits, named as such: the cost measured on a quiet machine is a small fraction of each. */
const IDLE_SECONDS = 10
const CPU_LIMIT_SECONDS = 1
const HEALTH_LIMIT_MS = 200
const REFUSED_CPU_LIMIT_SECONDS = 1
/** Polls 100 ms apart (30 s) for saving to resume once room returns. */
const POLLS = 300

const FILES: string[] = []
const CHILDREN: ChildProcess[] = []
afterEach(() => {
  for (const child of CHILDREN.splice(0)) child.kill('SIGKILL')
  unmountAll()
  for (const file of FILES.splice(0)) rmSync(file, { recursive: true, force: true })
})

const TICKS = canMount ? Number(execFileSync('getconf', ['CLK_TCK']).toString()) : 100

/** The process's CPU time so far, user and system, in seconds (proc(5): fields 14 and 15). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

/** A request on a connection of its own (a kept-alive one may be closed by the server as it is reused). */
const ask = (url: string, body?: unknown): Promise<{ status: number; json: unknown }> =>
  new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { ...auth(), 'content-type': 'application/json' }
    const req = request(url, { method: body === undefined ? 'GET' : 'POST', headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(text) }))
    })
    req.on('error', reject).end(body === undefined ? undefined : JSON.stringify(body))
  })

/**
 * `genmock ...args` with its errors on this test's stderr, running until the test ends, its pid and
 * its URL once it is ready.
 */
async function genmock(args: string[]): Promise<{ pid: number; url: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  CHILDREN.push(child)
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const ready = /"event":"ready","url":"([^"]+)"/.exec(out)
      if (ready) resolve(ready[1]!)
    })
    child.on('exit', (code) => reject(new Error(`genmock exited (${code}) before it was ready: ${out}`)))
  })
  return { pid: child.pid!, url }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A snapshot of 500 tasks with 10,000-character prompts (some 10 MB), written to a file off the tmpfs. */
async function largeSnapshot(): Promise<string> {
  const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' } })
  try {
    await fetch(`${server.url}/__mock/accounts/acct_alice`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 10_000_000 }),
    })
    const prompt = 'a fox in the snow, '.repeat(526)
    for (let i = 0; i < 500; i++)
      await fetch(`${server.url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ ...IMAGE, prompt: `${prompt}${i}` }),
      })
    const file = join(mkdtempSync(join(tmpdir(), 'genmock-full-idle-snapshot-')), 'snapshot.json')
    FILES.push(join(file, '..'))
    writeFileSync(file, await (await fetch(`${server.url}/__mock/state`)).text())
    return file
  } finally {
    await server.close()
  }
}

const submit = (url: string) => ask(`${url}/api/ai/image/generate`, { ...IMAGE, prompt: 'a fox' })

const failing = async (url: string) =>
  ((await ask(`${url}/__mock/state/status`)).json as { failing?: { reason: string } }).failing

describe.skipIf(!canMount)('a full disk is cheap (mounting a tmpfs needs root, as in CI)', () => {
  it('request: the idle server probes at a bounded rate, health answers at once, refusals cost nothing', {
    timeout: 180_000,
  }, async () => {
    const snapshot = await largeSnapshot()
    const mount = mountTmpfs('48m')
    const dir = join(mount, 'state')
    const args = ['--port', '0', '--clock', 'manual', '--log', 'json']
    const { pid, url } = await genmock([...args, '--state', dir, '--state-save', 'request', '--state-from', snapshot])
    // The disk full: not even a probe's 64 kB fits.
    const { bfree, bsize } = statfsSync(mount)
    const filler = join(mount, 'filler')
    writeFileSync(filler, Buffer.alloc(bfree * bsize))
    // The log's last page may hold a few more lines: changes until one cannot be written.
    let status = 200
    for (let i = 0; i < 100 && status === 200; i++) status = (await submit(url)).status
    expect(status).toBe(503)
    expect((await failing(url))?.reason).toBe('ENOSPC')

    // Idle: CPU time over IDLE_SECONDS, and health asked every half second meanwhile.
    const before = cpuSeconds(pid)
    const began = performance.now()
    const healthMs: number[] = []
    for (let i = 0; i < IDLE_SECONDS * 2; i++) {
      const asked = performance.now()
      // A health that is not answered counts as slower than any limit.
      const health = await ask(`${url}/__mock/health`).catch(() => undefined)
      healthMs.push(health ? performance.now() - asked : Number.POSITIVE_INFINITY)
      if (health) expect((health.json as { stateFailing?: { reason: string } }).stateFailing?.reason).toBe('ENOSPC')
      await sleep(500)
    }
    const idle = ((cpuSeconds(pid) - before) / (performance.now() - began)) * 1000 * IDLE_SECONDS
    expect.soft(idle, `CPU seconds per ${IDLE_SECONDS} s idle on a full disk`).toBeLessThanOrEqual(CPU_LIMIT_SECONDS)
    expect
      .soft(Math.max(...healthMs), `health's slowest answer (ms): ${healthMs.map(Math.round)}`)
      .toBeLessThanOrEqual(HEALTH_LIMIT_MS)

    // Changing requests while full: each refused at once, with no save tried for it.
    const refusing = cpuSeconds(pid)
    for (let i = 0; i < 20; i++) expect((await submit(url)).status).toBe(503)
    const refused = cpuSeconds(pid) - refusing
    expect.soft(refused, 'CPU seconds used by 20 refused changes').toBeLessThanOrEqual(REFUSED_CPU_LIMIT_SECONDS)

    // Room returns: saving resumes by itself.
    rmSync(filler)
    for (let i = 0; i < POLLS && (await failing(url)); i++) await sleep(100)
    expect(await failing(url)).toBeUndefined()
    expect((await submit(url)).status).toBe(200)
  })
})
