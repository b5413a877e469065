import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire, isBuiltin } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { describe, it } from 'vitest'
import { cleanEnv, exec, INSTALL_MS, packed, projects, ROOT, RUN_MS, VERSION } from './support.js'

/** What a user needs, and nothing else: the build, the scenarios and their JSON Schema, the fixtures, the docs. */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^dist\/[\w.-]+\.(?:js|cjs|d\.ts|d\.cts)$/,
  /^dist\/cli\/[\w-]+\.cjs$/,
  /^dist\/scenario\.schema\.json$/,
  /^jest-(?:preset|transform)\.cjs$/,
  /^scenarios\/[\w-]+\.json$/,
  /^fixtures\/(?:README\.md|accounts\.json|pricing\.json|sample\.mp4)$/,
]
/** The files the exports map and bin point at. */
const REQUIRED = [
  'dist/cli.cjs',
  'dist/cli/run-command.cjs',
  ...['index', 'node', 'browser', 'jest', 'playwright'].flatMap((name) => [
    `dist/${name}.js`,
    `dist/${name}.cjs`,
    `dist/${name}.d.ts`,
    `dist/${name}.d.cts`,
  ]),
  'dist/vitest.js',
  'dist/vitest.d.ts',
  'dist/scenario.schema.json',
  'jest-preset.cjs',
  'jest-transform.cjs',
  'fixtures/sample.mp4',
  'scenarios/default.json',
  'LICENSE',
  'README.md',
]

describe.concurrent('the packed tarball', () => {
  it(
    'holds only whitelisted files, every file the exports map and bin name, and weighs under 600 kB',
    async ({ expect }) => {
      const { info } = await packed()
      const paths = info.files.map((f) => f.path).sort()
      expect(paths.filter((path) => !ALLOWED.some((pattern) => pattern.test(path)))).toEqual([])
      expect(paths).toEqual(expect.arrayContaining(REQUIRED))
      const largest = [...info.files].sort((a, b) => b.size - a.size).slice(0, 8)
      const report =
        `${info.size} bytes packed, ${info.entryCount} files; ` +
        `largest unpacked: ${largest.map((f) => `${f.path} ${f.size}`).join(', ')}`
      // 200 kB, then 250 kB (docs, Changelog): the test kit and outcome coverage ~16 kB packed, the
      // proxy, drift report and calibration ~20 kB, the engine split, paging and hardening ~10 kB; 270 kB
      // since state on disk, `genmock init`, the Testcontainers module and the scenario schema came in;
      // 450 kB since the bin is the one-file command, dist/cli.cjs (~180 kB packed, ~20 kB of the ES module
      // command's own chunks gone): it starts faster than the split build (docs/performance.md, Cold
      // start), and zod and yaml stay inlined, as a require('zod') alone costs more than the split build;
      // 500 kB since the command carries the Public Suffix List (tldts, ~50 kB packed) for the open-host
      // rule (docs/limits-and-security.md); 560 kB since it serves the metrics page (prom-client and the
      // OpenTelemetry API it requires, ~35 kB packed; docs/metrics-and-traces.md), the SDK for --otlp left
      // to the package's dependencies; 600 kB since the bin is a launcher and pieces (dist/cli/: the option table
      // in both, a few imports and exports per chunk), so that a plain run reads 330 kB of the 800; the
      // pieces are CommonJS files since, to be compiled with V8's kept code (about as large).
      expect(info.size, report).toBeLessThan(600_000)
    },
    RUN_MS,
  )

  it(
    'its package.json carries no development fields (npm 11 flags packed lifecycle scripts); ours stays whole',
    async ({ expect }) => {
      const { file } = await packed()
      const { stdout } = await exec('tar', ['-xOf', file, 'package/package.json'], { cwd: ROOT })
      const manifest = JSON.parse(stdout) as Record<string, unknown>
      for (const field of ['scripts', 'devDependencies', 'overrides']) expect(manifest).not.toHaveProperty(field)
      expect(manifest).toMatchObject({ name: 'genmock', version: VERSION, bin: { genmock: 'dist/cli.cjs' } })
      const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>
      expect(ours).toHaveProperty('scripts.prepack')
      expect(ours).toHaveProperty('devDependencies')
    },
    RUN_MS,
  )

  it(
    'its bin (a launcher and its pieces) needs only Node built-ins: unpacked with no node_modules, it accepts a task',
    async ({ expect }) => {
      const { file } = await packed()
      const dir = mkdtempSync(join(tmpdir(), 'genmock-bin-alone-'))
      try {
        await exec('tar', ['-xzf', file, '-C', dir], { cwd: dir })
        // Nothing to fall back on: no zod, no yaml, no genmock anywhere above the unpacked package.
        expect(() => createRequire(join(dir, 'package', 'x.js')).resolve('zod')).toThrow()
        const bin = join(dir, 'package', 'dist', 'cli.cjs')
        const text = readFileSync(bin, 'utf8')
        expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true)
        const required = [...text.matchAll(/\brequire\("([^"]+)"\)/g)].map(([, name]) => name!)
        expect(required.filter((name) => !isBuiltin(name))).toEqual([])
        const child = spawn(process.execPath, [bin, '--port', '0', '--log', 'json'], { cwd: dir, env: cleanEnv() })
        try {
          let out = ''
          const url = await new Promise<string>((resolve, reject) => {
            child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
              out += chunk
              const ready = /"event":"ready","url":"([^"]+)"/.exec(out)
              if (ready) resolve(ready[1]!)
            })
            child.on('exit', (code) => reject(new Error(`exited ${code} before it was ready: ${out}`)))
          })
          const res = await fetch(`${url}/api/ai/image/generate`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
          })
          expect(res.status).toBe(200)
          expect(await res.json()).toMatchObject({ taskId: expect.stringMatching(/^tsk_/), creditsUsed: 4 })
        } finally {
          child.kill()
        }
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    RUN_MS,
  )

  it(
    'publint finds nothing to say, not even a suggestion',
    async ({ expect }) => {
      const { file } = await packed()
      const bytes = readFileSync(file)
      const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
      const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion', strict: true })
      expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg) ?? message.code}`)).toEqual([])
    },
    RUN_MS,
  )

  it(
    'are-the-types-wrong finds no problem for node16 (CJS and ESM) and bundler resolution',
    async ({ expect }) => {
      const { file } = await packed()
      // --profile node16: TypeScript's old `node10` resolution ignores the exports map, so it cannot
      // reach any subpath (genmock/node, genmock/browser) of any package; it is left out, as every
      // supported setup (moduleResolution node16, nodenext or bundler) reads the exports map.
      const attw = join(ROOT, 'node_modules', '.bin', 'attw')
      // Jest reads its preset as a configuration file: nothing imports it, so it declares no types.
      const args = [file, '--profile', 'node16', '--exclude-entrypoints', 'jest-preset', '--format', 'json']
      const { code, stdout, stderr } = await exec(attw, args, { cwd: ROOT, allowFailure: true })
      // It exits 1 for any problem, the one allowed below included: 2 or more is a failure to run.
      expect(code, `${stdout}\n${stderr}`).toBeLessThanOrEqual(1)
      const { problems } = JSON.parse(stdout) as {
        problems: Record<string, { kind: string; entrypoint: string; resolutionKind?: string }[]>
      }
      const counted = Object.values(problems)
        .flat()
        .filter((problem) => problem.resolutionKind !== 'node10')
        // Vitest loads test files as ES modules only: its kit has no CommonJS on purpose.
        .filter((p) => !(p.entrypoint === './vitest' && p.kind === 'CJSResolvesToESM'))
      expect(counted).toEqual([])
    },
    RUN_MS,
  )

  it(
    'npx genmock --version prints the version from the installed package',
    async ({ expect }) => {
      const dir = await projects.msw2()
      const { stdout } = await exec('npx', ['genmock', '--version'], { cwd: dir })
      expect(stdout.trim()).toBe(VERSION)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'genmock/scenario.schema.json resolves, and each bundled scenario names that file by its path',
    async ({ expect }) => {
      const dir = await projects.msw2()
      const script = `
        const { readFileSync, readdirSync } = require('node:fs')
        const { dirname, join, resolve } = require('node:path')
        const schema = require.resolve('genmock/scenario.schema.json')
        const scenarios = join(dirname(require.resolve('genmock/package.json')), 'scenarios')
        const named = readdirSync(scenarios).map((f) =>
          resolve(scenarios, JSON.parse(readFileSync(join(scenarios, f), 'utf8')).$schema) === schema)
        console.log(JSON.stringify({ title: JSON.parse(readFileSync(schema, 'utf8')).title, named }))`
      const { stdout } = await exec(process.execPath, ['-e', script], { cwd: dir })
      const { title, named } = JSON.parse(stdout) as { title: string; named: boolean[] }
      expect(title).toBe('genmock scenario')
      expect(named.length).toBeGreaterThanOrEqual(11)
      expect(named.every(Boolean)).toBe(true)
    },
    INSTALL_MS + RUN_MS,
  )
})
