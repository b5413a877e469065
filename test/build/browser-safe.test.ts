import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type BuildOptions, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * README, How it is built: one engine, three doors — the engine and the handlers must run in a browser tab.
 * These checks fail as soon as something Node-only, or a wall-clock read, creeps in.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SRC = join(ROOT, 'src')

const BUILTINS = [
  'fs',
  'path',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'child_process',
  'os',
  'zlib',
  'events',
  'buffer',
  'worker_threads',
  'tls',
  'dns',
]
const BUILTIN = new RegExp(`^(node:.*|(${BUILTINS.join('|')})(/.*)?)$`)

function noNodeImports(found: string[]): Plugin {
  return {
    name: 'no-node-imports',
    setup(b) {
      b.onResolve({ filter: BUILTIN }, (args) => {
        found.push(`${args.path} imported by ${relative(ROOT, args.importer)}`)
        return { errors: [{ text: `Node-only module "${args.path}" imported by ${relative(ROOT, args.importer)}` }] }
      })
    },
  }
}

/** Source files (not tests: they never ship) under a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|mts|js|mjs)$/.test(entry.name) && !/\.test\.[mc]?[tj]s$/.test(entry.name) ? [path] : []
  })
}

/** Code without comments, so that a doc comment mentioning Date.now() does not count. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

/** Bundles for a browser, recording into `found` every Node module something tries to import. */
function browserBuild(found: string[], options: Pick<BuildOptions, 'entryPoints' | 'stdin'>) {
  return build({
    ...options,
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    plugins: [noNodeImports(found)],
  })
}

const engineFiles = sources(join(SRC, 'engine'))
const contractFiles = sources(join(SRC, 'contract'))
// The route core and the features beside it: each must run in a browser tab as the engine does.
const CORE = ['handlers', 'snapshot', 'http', 'drift', 'openapi', 'reports']
const coreFiles = CORE.flatMap((folder) => sources(join(SRC, folder)))
const libFiles = sources(join(SRC, 'lib'))
const dashboardFiles = sources(join(SRC, 'dashboard'))
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+|export\s+\*\s+from\s+)['"]([^'"]+)['"]/g

/** Each `file → specifier` among `files` whose relative import lands in one of the `forbidden` folders. */
function importsInto(files: string[], forbidden: string[]): string[] {
  const offenders: string[] = []
  for (const file of files) {
    for (const match of code(file).matchAll(SPECIFIER)) {
      const spec = match[1]!
      if (!spec.startsWith('.')) continue
      const target = resolve(dirname(file), spec)
      if (forbidden.some((folder) => target.startsWith(join(SRC, folder) + sep)))
        offenders.push(`${relative(ROOT, file)} → ${spec}`)
    }
  }
  return offenders
}

describe('browser safety', () => {
  it('finds the files it checks', () => {
    expect(engineFiles.map((f) => relative(SRC, f))).toContain(join('engine', 'engine.ts'))
    expect(engineFiles.map((f) => relative(SRC, f))).toContain(join('engine', 'clock', 'clock.ts'))
    expect(contractFiles.map((f) => relative(SRC, f))).toContain(join('contract', 'models.ts'))
  })

  it('the route core (engine and contract included) bundles for the browser without any Node module', async () => {
    const found: string[] = []
    const result = await browserBuild(found, { entryPoints: [join(SRC, 'handlers', 'app.ts')] }).catch(
      (error: { errors?: { text: string }[] }) => ({ failed: error.errors?.map((e) => e.text) ?? [String(error)] }),
    )
    expect('failed' in result ? result.failed : []).toEqual([])
    expect(found).toEqual([])
    if (!('failed' in result)) {
      expect(result.errors).toEqual([])
      expect(result.outputFiles.length).toBe(1)
      expect(result.outputFiles[0]!.text).toContain('createApp')
    }
  }, 60_000)

  it('the plugin does catch a Node import (the check above can fail)', async () => {
    const found: string[] = []
    await expect(
      browserBuild(found, {
        stdin: {
          contents: "import { readFileSync } from 'node:fs'; import path from 'path'; console.log(readFileSync, path)",
          resolveDir: ROOT,
          loader: 'ts',
        },
      }),
    ).rejects.toThrow(/node:fs/)
    expect(found.length).toBeGreaterThan(0)
  })

  it('no engine file but clock.ts reads the wall clock', () => {
    const offenders = engineFiles
      .filter((f) => relative(join(SRC, 'engine'), f) !== join('clock', 'clock.ts'))
      .filter(
        (f) =>
          /\bDate\.now\s*\(/.test(code(f)) ||
          /\bnew Date\(\s*\)/.test(code(f)) ||
          /\bperformance\.now\s*\(/.test(code(f)),
      )
      .map((f) => relative(ROOT, f))
    expect(offenders).toEqual([])
  })

  it('no engine file uses Math.random (all randomness comes from the seed)', () => {
    const offenders = engineFiles.filter((f) => /\bMath\.random\s*\(/.test(code(f))).map((f) => relative(ROOT, f))
    expect(offenders).toEqual([])
  })

  it('no engine file imports msw', () => {
    const msw = /(from\s+|import\s*\(\s*|import\s+)['"]msw(\/[^'"]*)?['"]/
    const offenders = engineFiles.filter((f) => msw.test(code(f))).map((f) => relative(ROOT, f))
    expect(offenders).toEqual([])
  })

  it('no engine or contract file imports from the route core, a door or the dashboard', () => {
    const outer = [...CORE, 'node', 'msw', 'browser', 'dashboard', 'kit']
    expect(importsInto([...engineFiles, ...contractFiles], outer)).toEqual([])
  })

  it('the domain-free code imports nothing of genmock, node: or msw', () => {
    const outside = /(from\s+|import\s*\(\s*|import\s+)['"](msw(\/[^'"]*)?|node:[^'"]*)['"]/
    expect(libFiles.map((f) => relative(SRC, f))).toContain(join('lib', 'mersenne.ts'))
    expect(libFiles.filter((f) => outside.test(code(f))).map((f) => relative(ROOT, f))).toEqual([])
    expect(
      importsInto(libFiles, ['contract', 'engine', ...CORE, 'node', 'msw', 'browser', 'dashboard', 'kit']),
    ).toEqual([])
  })

  it('the route core is framework-free: no msw, no node:, no door', () => {
    const msw = /(from\s+|import\s*\(\s*|import\s+)['"](msw(\/[^'"]*)?|node:[^'"]*)['"]/
    expect(coreFiles.filter((f) => msw.test(code(f))).map((f) => relative(ROOT, f))).toEqual([])
    expect(importsInto(coreFiles, ['node', 'msw', 'browser', 'dashboard', 'kit'])).toEqual([])
  })

  it('the dashboard takes only types from the engine, the contract and the route core', () => {
    const runtime = dashboardFiles.map((file) => code(file).replace(/^import type [^;]*?from\s+'[^']+'/gm, ''))
    const offenders = dashboardFiles.filter((file, i) =>
      [...runtime[i]!.matchAll(SPECIFIER)].some(([, spec]) =>
        ['engine', 'contract', 'handlers'].some((folder) =>
          resolve(dirname(file), spec!).startsWith(join(SRC, folder) + sep),
        ),
      ),
    )
    expect(dashboardFiles.map((f) => relative(SRC, f))).toContain(join('dashboard', 'mount.ts'))
    expect(offenders.map((f) => relative(ROOT, f))).toEqual([])
  })

  it('the import checks do catch an offender (the checks above can fail)', () => {
    expect(importsInto([join(SRC, 'node', 'state', 'state-keeper.ts')], ['handlers'])).not.toEqual([])
  })
})
