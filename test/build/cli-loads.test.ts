// What the package's bin reads and compiles (docs/performance.md, Cold start): --help and --version
// the launcher alone; a plain `genmock` the server's pieces, never tldts, yaml, prom-client, the
// OpenTelemetry packages, the state room, the proxy, the scenario files' reader, the dashboard's page
// or the OpenAPI documents, until a run asks for them. A probe loaded first (`--require`) lists every
// file loaded, CommonJS and ES modules; dist/cli-meta.json says what each piece holds.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { auth, IMAGE } from '../support/api.js'
import { baseUrl, killAll, ROOT, run, start } from '../support/cli.js'
import { cliMeta, inputName } from './cli-meta.js'

const dir = mkdtempSync(join(tmpdir(), 'genmock-loads-'))
const probe = join(dir, 'probe.cjs')
writeFileSync(
  join(dir, 'hooks.mjs'),
  `import { appendFileSync } from 'node:fs'
  let out
  export function initialize(data) { out = data.out }
  export async function load(url, context, next) {
    if (url.startsWith('file:')) appendFileSync(out, url + '\\n')
    return next(url, context)
  }`,
)
writeFileSync(
  probe,
  `const { register } = require('node:module')
  const { pathToFileURL } = require('node:url')
  const { appendFileSync } = require('node:fs')
  const out = process.env.LOADS_PROBE_OUT
  register(pathToFileURL(require('node:path').join(__dirname, 'hooks.mjs')), { data: { out } })
  const files = () => Object.keys(require.cache).filter((f) => f !== __filename)
  process.on('exit', () => appendFileSync(out, files().map((f) => pathToFileURL(f).href).join('\\n') + '\\n'))`,
)
let runs = 0
afterEach(killAll)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs `genmock ...args` under the probe: `during` is given the base URL of a server. */
async function loadsOf(args: string[], during?: (url: string) => Promise<void>): Promise<string[]> {
  const out = join(dir, `loaded-${runs++}.txt`)
  writeFileSync(out, '')
  const env = { NODE_OPTIONS: `--require ${probe}`, LOADS_PROBE_OUT: out }
  if (during === undefined) {
    const { code, stderr } = await run(args, env)
    expect(code, stderr).toBe(0)
  } else {
    const r = start(args, env)
    await during(await baseUrl(r))
    r.child.kill('SIGTERM')
    expect((await r.exited).code, r.stderr()).toBe(0)
  }
  const files = readFileSync(out, 'utf8').split('\n').filter(Boolean)
  return [...new Set(files.map((url) => relative(ROOT, fileURLToPath(url))))].sort()
}

/** The packages and source files the loaded files hold: each piece's inputs, and what came from node_modules. */
function contents(files: string[]): Set<string> {
  const { pieces } = cliMeta()
  const names = new Set<string>()
  for (const file of files) {
    const piece = pieces.outputs[file]
    if (piece) for (const input of Object.keys(piece.inputs)) names.add(inputName(input))
    else names.add(inputName(file))
  }
  return names
}

/** What a plain run must not load: each name is a package or a source file's path. */
const UNUSED = [
  'tldts',
  'yaml',
  'prom-client',
  /^@opentelemetry\//,
  /^src\/node\/state\//,
  /^src\/node\/proxy\//,
  /^src\/node\/tracing\/(?:otlp-spans|task-spans)\.ts$/,
  'src/node/files/scenario-files.ts',
  'src/dashboard/page.ts',
  /^src\/openapi\//,
]
const unusedIn = (names: Set<string>) =>
  [...names].filter((name) =>
    UNUSED.some((unused) => (typeof unused === 'string' ? unused === name : unused.test(name))),
  )

const post = (url: string) =>
  fetch(`${url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { ...auth(), 'content-type': 'application/json' },
    body: JSON.stringify(IMAGE),
  })

describe('what the package bin loads', () => {
  it('--help, --version and a bad command line: the launcher alone', async () => {
    for (const args of [['--help'], ['--version']]) expect(await loadsOf(args), args[0]).toEqual(['dist/cli.cjs'])
  })

  it('a plain genmock answering a POST: the server pieces, none of what it does not use', async () => {
    const files = await loadsOf(['--port', '0', '--log', 'json'], async (url) => {
      expect((await post(url)).status).toBe(200)
    })
    expect(files).toContain('dist/cli.cjs')
    expect(
      files.every((file) => file.startsWith('dist/')),
      files.join(', '),
    ).toBe(true)
    const names = contents(files)
    // The probe sees the pieces: zod and the engine are in what was loaded.
    expect(names).toContain('zod')
    expect(names).toContain('src/engine/engine.ts')
    expect(unusedIn(names)).toEqual([])
  })

  it('what a run asks for is loaded then: tldts for a public suffix, prom-client at the first scrape', async () => {
    const files = await loadsOf(
      ['--port', '0', '--log', 'json', '--allowed-hosts', '127.0.0.1,.example.org'],
      async (url) => {
        expect((await fetch(`${url}/__mock/metrics`)).status).toBe(200)
      },
    )
    expect(unusedIn(contents(files))).toEqual(expect.arrayContaining(['tldts', 'prom-client']))
    expect(unusedIn(contents(files))).not.toContain('yaml')
  })
})
