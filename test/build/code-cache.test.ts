// The package bin's kept code (src/node/cli/code-cache.ts; docs/performance.md, Cold start): a run
// that serves writes V8's code of the pieces it loaded, private to the user; the next run compiles
// every piece with it and writes none; kept code that is damaged is refused by V8, the run answers
// as always and writes it anew; another build's is never read; NODE_DISABLE_COMPILE_CACHE=1 keeps
// nothing. What the cache did is
// read from NODE_DEBUG=genmock's lines on stderr.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { VERSION } from '../../src/node/server/version.js'
import { auth, IMAGE } from '../support/api.js'
import { baseUrl, killAll, type Run, start } from '../support/cli.js'

const base = mkdtempSync(join(tmpdir(), 'genmock-kept-code-'))
afterAll(() => {
  killAll()
  rmSync(base, { recursive: true, force: true })
})

/** Waits for a line of the run's stderr: polled, the run's output has no event of its own here. */
async function said(r: Run, text: string): Promise<void> {
  // Generous, for a busy machine: the kept code is written 2 s after the pieces are loaded.
  for (let waited = 0; !r.stderr().includes(text); waited += 50) {
    if (waited > 60_000) throw new Error(`genmock never said "${text}":\n${r.stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A genmock with its cache under `cache` that has answered one POST. */
async function served(cache: string, env: Record<string, string> = {}): Promise<Run> {
  const r = start(['--port', '0'], { NODE_COMPILE_CACHE: cache, NODE_DEBUG: 'genmock', ...env })
  const url = await baseUrl(r)
  const headers = { ...auth(), 'content-type': 'application/json' }
  const answer = await fetch(`${url}/api/ai/image/generate`, { method: 'POST', headers, body: JSON.stringify(IMAGE) })
  expect(answer.status).toBe(200)
  return r
}

async function stop(r: Run): Promise<void> {
  r.child.kill('SIGTERM')
  expect((await r.exited).code, r.stderr()).toBe(0)
}

const folderIn = (cache: string) => join(cache, readdirSync(cache)[0]!)

// Each case has a cache folder of its own: they run side by side, most of their time waiting.
describe.concurrent("the bin's kept code", () => {
  it('is written once a run has served, private to the user; the next run uses it and writes none', async () => {
    const cache = join(base, 'first')
    const first = await served(cache)
    await said(first, 'kept code written for')
    await stop(first)
    expect(first.stderr()).toContain('run-command.cjs: no kept code yet')
    const folder = folderIn(cache)
    expect(folder).toContain(`${process.version}-${process.arch}`)
    expect(statSync(folder).mode & 0o777).toBe(0o700)
    const files = readdirSync(folder)
    expect(files).toContain('run-command.cjs.bin')
    for (const name of files) expect(statSync(join(folder, name)).mode & 0o777).toBe(0o600)

    const second = await served(cache)
    await said(second, 'kept code written for')
    await stop(second)
    expect(second.stderr()).toContain('run-command.cjs: compiled with kept code')
    expect(second.stderr()).not.toMatch(/no kept code yet|kept code refused/)
    expect(second.stderr()).toContain('kept code written for 0 pieces')
  }, 120_000)

  it('damaged, is refused by V8: the run answers as always and writes it anew', async () => {
    const cache = join(base, 'damaged')
    const first = await served(cache)
    await said(first, 'kept code written for')
    await stop(first)
    const file = join(folderIn(cache), 'run-command.cjs.bin')
    writeFileSync(file, 'not V8 code')
    const second = await served(cache)
    await said(second, 'kept code written for 1 pieces')
    await stop(second)
    expect(second.stderr()).toContain('run-command.cjs: kept code refused')
    expect(statSync(file).size).toBeGreaterThan('not V8 code'.length)
  }, 120_000)

  it("of another build of the same version is never read, and goes once this build's is written", async () => {
    const cache = join(base, 'other')
    // The folder another build of these pieces would use: same names and lengths, other code.
    const other = join(cache, `genmock-${VERSION}+0123456789abcdef-${process.version}-${process.arch}`)
    mkdirSync(other, { recursive: true, mode: 0o700 })
    writeFileSync(join(other, 'run-command.cjs.bin'), 'code of another build')
    const r = await served(cache)
    await said(r, 'kept code written for')
    await stop(r)
    expect(r.stderr()).toContain('run-command.cjs: no kept code yet')
    expect(readdirSync(cache)).toEqual([expect.stringMatching(new RegExp(`^genmock-${VERSION}\\+[0-9a-f]{16}-`))])
    expect(existsSync(other)).toBe(false)
  }, 60_000)

  it('is not kept with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const cache = join(base, 'off')
    const r = await served(cache, { NODE_DISABLE_COMPILE_CACHE: '1' })
    await stop(r)
    expect(r.stderr()).toContain('kept code off: NODE_DISABLE_COMPILE_CACHE=1')
    expect(existsSync(cache)).toBe(false)
  }, 60_000)
})
