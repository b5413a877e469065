import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureChromium, launchBrowser } from '../support/browser.js'
import { ROOT, setup } from './engine.js'

/**
 * The standalone executable (docs/containers-and-ci.md, The standalone executable), copied out of
 * the checkout and run with an empty environment (`env -i`: no PATH, so no node, no npm) from an
 * empty folder: it must behave as `node dist/cli.cjs`, the command npx runs, in every answer.
 */

const execFileP = promisify(execFile)
const DIR = mkdtempSync(join(tmpdir(), 'genmock-binary-'))
const BINARY = join(DIR, 'genmock-linux-x64')
const KEY = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version

/** Runs a command to its end: the executable (empty environment) or `node dist/cli.cjs` (ours). */
async function run(which: 'binary' | 'node', args: string[]) {
  const [file, argv, env] =
    which === 'binary'
      ? [BINARY, args, {}]
      : [process.execPath, [join(ROOT, 'dist', 'cli.cjs'), ...args], { PATH: process.env.PATH ?? '' }]
  try {
    const { stdout, stderr } = await execFileP(file, argv, { cwd: DIR, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { code, stdout, stderr }
  }
}

/** Starts the executable with an empty environment; resolves with its URL once it printed the ready line. */
function serve(args: string[]): Promise<{ child: ChildProcess; url: string; ready: Record<string, unknown> }> {
  const child = spawn(BINARY, ['--port', '0', '--log', 'json', ...args], { cwd: DIR, env: {}, stdio: 'pipe' })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const line = out.split('\n').find((l) => l.includes('"event":"ready"'))
      if (line) {
        const ready = JSON.parse(line) as { port: number }
        resolve({ child, url: `http://127.0.0.1:${ready.port}`, ready })
      }
    })
    child.on('exit', (code) => reject(new Error(`the executable exited ${code}: ${out}`)))
  })
}

beforeAll(() => {
  // Out of the checkout: nothing near it to read, no node_modules above it.
  copyFileSync(setup().binary, BINARY)
})
afterAll(() => rmSync(DIR, { recursive: true, force: true }))

describe('the standalone executable with an empty environment', () => {
  it('prints the version and the same help as npx genmock', async () => {
    expect(await run('binary', ['--version'])).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' })
    const [binary, node] = await Promise.all([run('binary', ['--help']), run('node', ['--help'])])
    expect(binary).toEqual(node)
  })

  it('refuses a bad option as npx genmock does (exit 2, the same words)', async () => {
    const [binary, node] = await Promise.all([run('binary', ['--prot', '1']), run('node', ['--prot', '1'])])
    expect(binary.code).toBe(2)
    expect(binary).toEqual(node)
  })

  it('validates scenario files as npx genmock does', async () => {
    writeFileSync(join(DIR, 'good.json'), readFileSync(join(ROOT, 'scenarios', 'flaky.json')))
    writeFileSync(join(DIR, 'bad.yaml'), 'name: bad\nrules:\n  - submit: { latency: soon }\n')
    const files = ['good.json', 'bad.yaml']
    const [binary, node] = await Promise.all([
      run('binary', ['validate', ...files]),
      run('node', ['validate', ...files]),
    ])
    expect(binary.code).toBe(1)
    expect(binary.stdout).toBe('ok good.json (flaky)\n')
    expect(binary).toEqual(node)
    // A glob as written (no shell between): the executable expands it as node does.
    const [glob, nodeGlob] = await Promise.all([
      run('binary', ['validate', '*.json']),
      run('node', ['validate', '*.json']),
    ])
    expect(glob.stdout).toContain('ok good.json (flaky)\n')
    expect(glob).toEqual(nodeGlob)
  })

  describe('serving', () => {
    let server: Awaited<ReturnType<typeof serve>>
    beforeAll(async () => {
      server = await serve(['--clock', 'manual', '--seed', '7'])
    })
    afterAll(() => server.child.kill('SIGKILL'))

    it('runs the submit → advance → completed flow and serves the media', async () => {
      const { url } = server
      const post = (path: string, body: unknown) =>
        fetch(url + path, { method: 'POST', headers: KEY, body: JSON.stringify(body) })
      const image = (await (
        await post('/api/ai/image/generate', { model: 'base-image-2', prompt: 'a fox', numOutputs: 2 })
      ).json()) as { taskId: string }
      expect(image.taskId).toBe('tsk_4MrIYxv4guGNn4hUdsV1')
      const video = (await (
        await post('/api/ai/video/generate', { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves' })
      ).json()) as { taskId: string }
      await post('/__mock/clock/advance', { seconds: 120 })
      const task = (await (await fetch(`${url}/api/ai/tasks/${image.taskId}`, { headers: KEY })).json()) as {
        status: number
      }
      expect(task.status).toBe(1)
      expect((await fetch(`${url}/media/images/${image.taskId}/1.png`)).headers.get('content-type')).toBe('image/png')
      const mp4 = Buffer.from(await (await fetch(`${url}/media/videos/${video.taskId}.mp4`)).arrayBuffer())
      expect(mp4.equals(readFileSync(join(ROOT, 'fixtures', 'sample.mp4')))).toBe(true)
    })

    it('serves the dashboard page, the same page as npx genmock', async () => {
      const page = await (await fetch(`${server.url}/__mock/`)).text()
      expect(page).toContain('<title>genmock dashboard</title>')
      const theirs = spawn(process.execPath, [join(ROOT, 'dist', 'cli.cjs'), '--port', '0', '--log', 'json'], {
        cwd: DIR,
        stdio: 'pipe',
      })
      try {
        const line = await new Promise<string>((resolve) =>
          theirs.stdout.setEncoding('utf8').on('data', (chunk: string) => resolve(chunk.split('\n')[0]!)),
        )
        const { port } = JSON.parse(line) as { port: number }
        // The same page but for the minifier's names in its script, which each bundle picks.
        const markup = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '<script>…</script>')
        const theirPage = await (await fetch(`http://127.0.0.1:${port}/__mock/`)).text()
        expect(markup(page)).toBe(markup(theirPage))
        expect(page.length).toBeGreaterThan(0.95 * theirPage.length)
      } finally {
        theirs.kill('SIGKILL')
      }
    })

    it('serves a dashboard that runs in Chromium', async () => {
      await ensureChromium()
      const browser = await launchBrowser()
      try {
        const page = await browser.newPage()
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        await page.goto(`${server.url}/__mock/`)
        await page.locator('[data-testid=account-row][data-account-id=acct_alice]').waitFor({ timeout: 10_000 })
        expect(await page.locator('[data-testid=account-row]').count()).toBeGreaterThanOrEqual(3)
        expect(errors).toEqual([])
      } finally {
        await browser.close()
      }
    })

    it('calibrates from a recording as npx genmock does', async () => {
      const har = await (await fetch(`${server.url}/__mock/requests.har`)).text()
      writeFileSync(join(DIR, 'session.har'), har)
      const binary = await run('binary', ['calibrate', 'session.har', '--out', 'by-binary'])
      const node = await run('node', ['calibrate', 'session.har', '--out', 'by-node'])
      expect(binary.code).toBe(0)
      expect(binary.stdout.replaceAll('by-binary', 'OUT')).toBe(node.stdout.replaceAll('by-node', 'OUT'))
      const files = readdirSync(join(DIR, 'by-binary')).sort()
      expect(files).toEqual(readdirSync(join(DIR, 'by-node')).sort())
      for (const file of files)
        expect(readFileSync(join(DIR, 'by-binary', file), 'utf8'), file).toBe(
          readFileSync(join(DIR, 'by-node', file), 'utf8'),
        )
    })
  })

  it('stops on SIGTERM with exit 0 and its stop lines', async () => {
    const { child } = await serve([])
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    let out = ''
    child.stdout!.on('data', (chunk: string) => (out += chunk))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(out).toContain('"event":"stopping","reason":"SIGTERM"')
  })
})
