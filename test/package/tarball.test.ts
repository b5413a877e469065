import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { describe, it } from 'vitest'
import { exec, INSTALL_MS, packed, projects, ROOT, RUN_MS, VERSION } from './support.js'

/** What a user needs, and nothing else: the build, the scenarios, the fixtures, the docs. */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^dist\/[\w.-]+\.(?:js|cjs|d\.ts|d\.cts)$/,
  /^scenarios\/[\w-]+\.json$/,
  /^fixtures\/(?:README\.md|accounts\.json|pricing\.json|sample\.mp4)$/,
]
/** The files the exports map and bin point at. */
const REQUIRED = [
  'dist/cli.js',
  ...['index', 'node', 'browser'].flatMap((name) => [
    `dist/${name}.js`,
    `dist/${name}.cjs`,
    `dist/${name}.d.ts`,
    `dist/${name}.d.cts`,
  ]),
  'fixtures/sample.mp4',
  'scenarios/default.json',
  'LICENSE',
  'README.md',
]

describe.concurrent('the packed tarball', () => {
  it(
    'holds only whitelisted files, every file the exports map names, and weighs under 200 kB',
    async ({ expect }) => {
      const { info } = await packed()
      const paths = info.files.map((f) => f.path).sort()
      expect(paths.filter((path) => !ALLOWED.some((pattern) => pattern.test(path)))).toEqual([])
      expect(paths).toEqual(expect.arrayContaining(REQUIRED))
      const largest = [...info.files].sort((a, b) => b.size - a.size).slice(0, 8)
      const report =
        `${info.size} bytes packed, ${info.entryCount} files; ` +
        `largest unpacked: ${largest.map((f) => `${f.path} ${f.size}`).join(', ')}`
      expect(info.size, report).toBeLessThan(200_000)
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
      const { code, stdout, stderr } = await exec(attw, [file, '--profile', 'node16', '--format', 'json'], {
        cwd: ROOT,
        allowFailure: true,
      })
      expect(code, `${stdout}\n${stderr}`).toBe(0)
      const { problems } = JSON.parse(stdout) as {
        problems: Record<string, { kind: string; entrypoint: string; resolutionKind?: string }[]>
      }
      const counted = Object.values(problems)
        .flat()
        .filter((problem) => problem.resolutionKind !== 'node10')
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
})
