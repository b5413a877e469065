/**
 * `genmock init [FRAMEWORK] [--out DIR]` (docs/test-kit.md, genmock init): writes a starter
 * scenario that names genmock's JSON Schema, and a test of it for the project's test framework.
 * It never overwrites: when one of its files exists, it writes none.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, relative, resolve, sep } from 'node:path'
import { writeError } from './output.js'
import { closest } from '../../lib/suggest.js'
import {
  FRAMEWORKS,
  type Framework,
  PYTEST_TEST,
  STARTER,
  starterScenario,
  TEST_FILE,
  testFile,
} from './init-templates.js'

/** The packages that tell a project's framework, in package.json's dependencies. */
const PACKAGES: [string, Framework][] = [
  ['vitest', 'vitest'],
  ['jest', 'jest'],
  ['@playwright/test', 'playwright'],
]

const posix = (path: string) => path.split(sep).join('/')

/** The nearest package.json at or above `dir`, parsed; undefined when there is none or it is not JSON. */
function nearestPackage(dir: string): Record<string, Record<string, unknown> | undefined> | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    const file = join(at, 'package.json')
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>
      } catch {
        return undefined
      }
    }
    if (dirname(at) === at) return undefined
  }
}

/**
 * The framework named, or the one the project around `dir` depends on; else a message saying why
 * there is no telling.
 */
export function chooseFramework(named: string | undefined, dir: string): Framework | string {
  if (named !== undefined) {
    if ((FRAMEWORKS as readonly string[]).includes(named)) return named
    const near = closest(named, FRAMEWORKS)
    return `no framework "${named}"${near ? ` (did you mean ${near}?)` : ''}; the frameworks: ${FRAMEWORKS.join(', ')}`
  }
  const pkg = nearestPackage(dir)
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies }
  const found = PACKAGES.filter(([name]) => name in deps).map(([, framework]) => framework)
  if (found.length === 1) return found[0]!
  const why = found.length === 0 ? 'no test framework in package.json' : `package.json has ${found.join(' and ')}`
  return `${why}: name one, genmock init ${FRAMEWORKS.join('|')}`
}

/**
 * Where the starter scenario finds the JSON Schema, from its folder: the nearest
 * node_modules/genmock that has it (by its path as installed, symlinks kept), else where
 * `npm install -D genmock` in the nearest project will put it.
 */
function schemaPath(scenarioDir: string): string {
  const schema = join('node_modules', 'genmock', 'dist', 'scenario.schema.json')
  let root: string | undefined
  for (let dir = scenarioDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, schema))) return posix(relative(scenarioDir, join(dir, schema)))
    if (root === undefined && existsSync(join(dir, 'package.json'))) root = dir
    if (dirname(dir) === dir) break
  }
  return posix(relative(scenarioDir, join(root ?? dirname(scenarioDir), schema)))
}

/**
 * How to run genmock where init runs: in the image (which names itself in GENMOCK_IMAGE), the
 * image from the host's folder mounted as the recipe does; `npx genmock` from the npm package;
 * the standalone executable as `genmock` when PATH finds it so, else by its path, which the
 * pytest plugin reads from GENMOCK_BIN (docs/test-kit-languages.md).
 */
function genmockHere(): { command: string; bin?: string } {
  const image = process.env.GENMOCK_IMAGE
  if (image) return { command: `docker run --rm -v "$PWD:/work" -w /work ${image}` }
  if (!process.getBuiltinModule?.('node:sea')?.isSea()) return { command: 'npx genmock' }
  const self = realpathSync(process.execPath)
  const onPath = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    const file = join(dir || '.', 'genmock')
    return existsSync(file) && realpathSync(file) === self
  })
  if (onPath) return { command: 'genmock' }
  const shown = relative(process.cwd(), self)
  const path = shown.startsWith('..') ? self : `./${posix(shown)}`
  return { command: path, bin: path }
}

/** The files init writes for `framework` in `out`, by path, and how to run the test. */
export function initFiles(framework: Framework, out: string): { files: [string, string][]; run: string } {
  const scenarioDir = resolve(out, 'scenarios')
  const scenarios = posix(relative(process.cwd(), scenarioDir)) || '.'
  const scenario: [string, string] = [join(scenarioDir, `${STARTER}.yaml`), starterScenario(schemaPath(scenarioDir))]
  const test = join(out, TEST_FILE[framework])
  const shown = posix(relative(process.cwd(), test))
  const { bin } = genmockHere()
  if (framework === 'pytest')
    return {
      files: [scenario, [test, PYTEST_TEST]],
      run: `${bin ? `GENMOCK_BIN=${bin} ` : ''}python3 -m pytest --genmock-scenarios ${scenarios} ${shown}`,
    }
  const run = {
    vitest: `npx vitest run ${shown}`,
    jest: `npx jest ${shown}   (with "jest": { "preset": "genmock" } in package.json)`,
    playwright: `npx playwright test ${shown}`,
  }[framework]
  return { files: [scenario, [test, testFile(framework, scenarios)]], run }
}

/** `genmock init`: 0 when every file is written; 1, writing none, when one exists or cannot be written. */
export function initCommand(named: string | undefined, out: string): number {
  const framework = chooseFramework(named, out)
  if (!(FRAMEWORKS as readonly string[]).includes(framework)) {
    writeError(`genmock init: ${framework}\n`)
    return 2
  }
  const { files, run } = initFiles(framework as Framework, out)
  const taken = files.map(([file]) => file).filter((file) => existsSync(file))
  if (taken.length > 0) {
    writeError(
      `genmock init: not writing anything: ${taken.map((f) => posix(relative(process.cwd(), f))).join(', ')} ` +
        `exist${taken.length === 1 ? 's' : ''} (move ${taken.length === 1 ? 'it' : 'them'} away, or give --out DIR)\n`,
    )
    return 1
  }
  try {
    for (const [file, text] of files) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text, { flag: 'wx' })
      process.stdout.write(`wrote ${posix(relative(process.cwd(), file))}\n`)
    }
  } catch (error) {
    writeError(`genmock init: ${(error as Error).message}\n`)
    return 1
  }
  const scenario = posix(relative(process.cwd(), files[0]![0]))
  process.stdout.write(`next:\n  ${genmockHere().command} validate ${scenario}\n  ${run}\n`)
  return 0
}
