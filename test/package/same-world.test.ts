import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { starterScenario } from '../../src/node/cli/init-templates.js'
import { freePort, has, removeFolders, TOOLCHAIN_MS } from '../clients/client-kits.js'
import { goKit, javaKit, pythonKit } from '../clients/kit-runs.js'
import { GO, JEST, JUNIT, PLAYWRIGHT, PYTEST, SAME, VITEST } from './same-world-programs.js'
import { cleanEnv, devVersion, exec, INSTALL_MS, project, projects, ROOT, RUN_MS, writeFiles } from './support.js'

/**
 * The same world in all six kits (docs/test-kit-languages.md, A world in each kit): one scenario
 * (same-world-programs.ts) run by Vitest, Jest and Playwright from the packed tarball and by
 * pytest, Go and JUnit 5 from clients/, all on one standalone executable (GENMOCK_URL) whose
 * default scenario completes an image after 10 s; each must report the same tasks, clocks and
 * findings, two worlds in one test.
 */

const BIN = join(ROOT, 'release', 'genmock-linux-x64')
const home = mkdtempSync(join(tmpdir(), 'genmock-same-world-'))
let server: ChildProcess
let url: string

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: npm run build:binary (test:dist builds it)`)
  mkdirSync(join(home, 'scenarios'))
  writeFileSync(join(home, 'scenarios', 'starter.yaml'), starterScenario('scenario.schema.json'))
  const port = await freePort()
  const args = ['--port', String(port), '--clock', 'manual', '--log', 'silent', '--scenarios', join(home, 'scenarios')]
  server = spawn(BIN, [...args, '--scenario', 'starter'], { stdio: 'inherit' })
  url = `http://127.0.0.1:${port}`
  for (const deadline = Date.now() + RUN_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
    if (
      await fetch(`${url}/__mock/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
  throw new Error('the executable did not answer')
}, RUN_MS)

afterAll(() => {
  server?.kill('SIGTERM')
  removeFolders()
  rmSync(home, { recursive: true, force: true })
})

/** What a kit's run wrote to its KIT_SUMMARY, with its output when it wrote nothing. */
function summary(file: string, output: string): unknown {
  if (!existsSync(file)) throw new Error(`the kit reported nothing:\n${output}`)
  return JSON.parse(readFileSync(file, 'utf8'))
}

const env = (kit: string) => ({ GENMOCK_URL: url, KIT_SUMMARY: join(home, `${kit}.json`) })

describe.concurrent('the same world in all six kits', () => {
  it(
    'Vitest',
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'same-world/same.test.js': VITEST })
      const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs')
      const { stdout, stderr } = await exec(process.execPath, [vitest, 'run', '--root', 'same-world'], {
        cwd: dir,
        env: cleanEnv(env('vitest')),
      })
      expect(summary(env('vitest').KIT_SUMMARY, stdout + stderr)).toEqual(SAME)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'Jest',
    async ({ expect }) => {
      const dir = await project(
        'jest',
        { jest: '^30.5.0', msw: '~2.15.0' },
        { type: 'commonjs', jest: { preset: 'genmock' } },
      )
      writeFiles(dir, { 'same-world/same.test.js': JEST })
      const jest = join(dir, 'node_modules', 'jest', 'bin', 'jest.js')
      const { stdout, stderr } = await exec(process.execPath, [jest, '--ci', 'same-world'], {
        cwd: dir,
        env: cleanEnv(env('jest')),
      })
      expect(summary(env('jest').KIT_SUMMARY, stdout + stderr)).toEqual(SAME)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'Playwright',
    async ({ expect }) => {
      const dir = await project('playwright', { '@playwright/test': devVersion('@playwright/test') })
      writeFiles(dir, { 'same-world.spec.js': PLAYWRIGHT })
      const cli = join(dir, 'node_modules', '@playwright', 'test', 'cli.js')
      const { stdout, stderr } = await exec(process.execPath, [cli, 'test', 'same-world', '--reporter=list'], {
        cwd: dir,
        env: cleanEnv(env('playwright')),
      })
      expect(summary(env('playwright').KIT_SUMMARY, stdout + stderr)).toEqual(SAME)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'pytest',
    async ({ expect, skip }) => {
      if (!(await has('/usr/bin/python3', ['-c', 'import pytest, venv'])))
        skip('Debian python3-pytest is not installed')
      const run = await pythonKit({ bin: BIN, env: env('pytest'), files: { 'test_same_world.py': PYTEST } })
      expect(summary(env('pytest').KIT_SUMMARY, run.output)).toEqual(SAME)
      expect(run.code).toBe(0)
    },
    TOOLCHAIN_MS,
  )

  it(
    'Go',
    async ({ expect, skip }) => {
      if (!(await has('go', ['version']))) skip('Debian golang-go is not installed')
      const run = await goKit({ bin: BIN, env: env('go'), files: { 'same_world_test.go': GO } })
      expect(summary(env('go').KIT_SUMMARY, run.output)).toEqual(SAME)
      expect(run.code).toBe(0)
    },
    TOOLCHAIN_MS,
  )

  it(
    'JUnit 5',
    async ({ expect, skip }) => {
      if (!(await has('javac', ['-version']))) skip('Debian openjdk-17-jdk-headless is not installed')
      const run = await javaKit({ bin: BIN, env: env('junit'), files: { 'SameWorldTest.java': JUNIT } })
      expect(summary(env('junit').KIT_SUMMARY, run.output)).toEqual(SAME)
      expect(run.code).toBe(0)
    },
    TOOLCHAIN_MS,
  )
})
