import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { exec, INSTALL_MS, projects, docExample, RUN_MS, writeFiles } from './support.js'

/**
 * A Vite app that starts genmock's worker the docs' way (docs/browser.md), in development only: its production
 * build must hold nothing of genmock. A second app imports genmock at the top, and its build must
 * hold the markers, so the markers are known to find genmock when it is there.
 */

/** Strings of genmock's code and fixtures that no app or library of the build holds by chance. */
const MARKERS = ['sk_test_alice', 'X-Mock-Scenario', '/__mock/clock/advance', 'genmock']

const INDEX_HTML =
  '<!doctype html>\n<html><body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>\n'
const APP = "document.querySelector('#app')!.textContent = 'the app itself'\n"

/** Every file of a build, by path relative to its folder. */
function built(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        join(entry.parentPath, entry.name).slice(dir.length + 1),
        readFileSync(join(entry.parentPath, entry.name), 'latin1'),
      )
  }
  return files
}

async function viteBuild(dir: string, app: string, main: string): Promise<Map<string, string>> {
  writeFiles(join(dir, app), { 'index.html': INDEX_HTML, 'src/main.ts': main, 'vite.config.js': 'export default {}\n' })
  const vite = join(dir, 'node_modules', 'vite', 'bin', 'vite.js')
  await exec(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: join(dir, app) })
  return built(join(dir, app, 'dist'))
}

describe.concurrent('a Vite production build', () => {
  it(
    "of the docs' development-only pattern holds no genmock code and no sample video",
    async ({ expect }) => {
      const dir = await projects.msw2()
      const snippet = docExample(
        'browser.md',
        '2. Start the worker before your app makes its first request, in development only.',
      )
      expect(snippet).toContain('import.meta.env.DEV')
      const files = await viteBuild(dir, 'vite-dev-only', `${snippet.replace(/^ {3}/gm, '')}\n${APP}`)
      expect([...files.keys()].filter((path) => path.endsWith('.mp4'))).toEqual([])
      const text = [...files.values()].join('\n')
      expect(text).toContain('the app itself')
      for (const marker of MARKERS) expect(text, marker).not.toContain(marker)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'of an app that imports genmock unconditionally holds it, sample video included (the control)',
    async ({ expect }) => {
      const dir = await projects.msw2()
      const main =
        "import { startWorker } from 'genmock/browser'\n" +
        "import videoSampleUrl from 'genmock/fixtures/sample.mp4?url'\n\n" +
        'await startWorker({ videoSampleUrl })\n'
      const files = await viteBuild(dir, 'vite-always', main + APP)
      expect([...files.keys()].filter((path) => path.endsWith('.mp4'))).toHaveLength(1)
      const text = [...files.values()].join('\n')
      for (const marker of MARKERS) expect(text, marker).toContain(marker)
    },
    INSTALL_MS + RUN_MS,
  )
})
