import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, version as esbuildVersion } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { parseRange } from '../../src/http/range.js'
import { npm, once } from '../package/support.js'

/**
 * Real Chromium for the browser tests: Debian's package at /usr/bin/chromium, driven by
 * playwright-core. No browser is ever downloaded: when it is missing, apt-get installs it.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const CHROMIUM = '/usr/bin/chromium'
/** Installing chromium with apt-get can take a few minutes on a fresh machine. */
export const INSTALL_LIMIT_MS = 10 * 60_000

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Installs Debian's chromium with apt-get when /usr/bin/chromium is missing (needs root). */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM)) return
  const install = 'apt-get update && apt-get install -y chromium'
  const hint = `${CHROMIUM} is missing: install Debian's chromium (as root: ${install})`
  if (process.getuid?.() !== 0) throw new Error(`${hint}; the tests install it themselves only when run as root`)
  const script = 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'
  const output: string[] = []
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
    child.on('error', (error) => {
      output.push(String(error))
      resolve(null)
    })
    child.on('exit', resolve)
  })
  if (code !== 0 || !existsSync(CHROMIUM)) {
    throw new Error(`${hint}. \`${script}\` failed (exit ${code}):\n${output.join('').slice(-3000)}`)
  }
}

/** A headless Chromium with a fresh profile. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS })
}

/**
 * The msw major a page is built with: `msw` is msw 2 (genmock's dev dependency), `msw3` msw 3,
 * which the bundle and the worker script then take in its place.
 */
export type MswPackage = 'msw' | 'msw3'

/** The range of msw 3 the browser tests install. */
const MSW3 = '^3.0.5'

/**
 * The folder of the asked-for msw package. msw 3 requires Node 22 in its `engines`, so it is no
 * dev dependency (`npm ci` on Node 20 would warn): the first test that needs it installs it from
 * the registry into a cache folder shared by every run (test/package/support.ts's once()).
 */
export async function mswDir(msw: MswPackage): Promise<string> {
  if (msw === 'msw') return join(ROOT, 'node_modules', 'msw')
  const dir = await once(`browser-msw3-${MSW3.replace(/\W/g, '')}`, async (dir) => {
    writeFileSync(join(dir, 'package.json'), '{ "name": "genmock-browser-msw3", "private": true }\n')
    await npm(['install', '--no-audit', '--no-fund', '--engine-strict=false', `msw@${MSW3}`], dir)
  })
  return join(dir, 'node_modules', 'msw')
}

/** Every `msw` and `msw/…` import of the bundle, genmock's and msw's own, resolved from `dir`'s project. */
const pinMsw = (dir: string): Plugin => ({
  name: 'pin-msw',
  setup(bundle) {
    bundle.onResolve({ filter: /^msw(?:\/|$)/ }, async (args) => {
      if (args.pluginData === 'pinned') return undefined
      const found = await bundle.resolve(args.path, {
        kind: args.kind,
        resolveDir: resolve(dir, '..', '..'),
        pluginData: 'pinned',
      })
      return { path: found.path, external: found.external, sideEffects: found.sideEffects, errors: found.errors }
    })
  },
})

/** Page bundles kept between runs, each with the digest of every file that went into it. */
const BUNDLES = join(ROOT, 'node_modules', '.cache', 'browser-apps')

const digest = (path: string): string | undefined => {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex')
  } catch {
    return undefined
  }
}

interface KeptBundle {
  /** Every input of the build (esbuild's metafile), relative to ROOT, with its digest. */
  inputs: Record<string, string>
  text: string
}

/** The bundle kept under `file`, if every file that went into it is as it was. */
function keptBundle(file: string): string | undefined {
  let kept: KeptBundle
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as KeptBundle
  } catch {
    return undefined
  }
  const same = Object.entries(kept.inputs).every(([input, hash]) => digest(resolve(ROOT, input)) === hash)
  return same ? kept.text : undefined
}

/**
 * Bundles a browser entry (TypeScript) into one ES module, as a bundler would for a page. The entry
 * imports `genmock/browser` as a user's app does: the package's own exports (dist/). A bundle is
 * built again only when one of its inputs changed (or the options: this file, the package.json
 * files that resolve, tsconfig.json, esbuild's version); else the one kept in BUNDLES is used.
 */
export async function buildApp(entry: string, msw: MswPackage = 'msw'): Promise<string> {
  const dir = await mswDir(msw)
  const key = createHash('sha256')
    .update(JSON.stringify([entry, dir, esbuildVersion]))
    .update(['package.json', 'tsconfig.json'].map((f) => digest(join(ROOT, f))).join())
    .update(`${digest(join(dir, 'package.json'))} ${digest(fileURLToPath(import.meta.url))}`)
    .digest('hex')
    .slice(0, 16)
  const file = join(BUNDLES, `${key}.json`)
  const kept = keptBundle(file)
  if (kept !== undefined) return kept
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    conditions: ['browser'],
    plugins: [pinMsw(dir)],
    loader: { '.json': 'json' },
    target: 'es2022',
    logLevel: 'silent',
    metafile: true,
  })
  // A page may carry the asked-for msw and no other: a test of "msw 3" running msw 2 would prove nothing.
  const others = Object.keys(result.metafile.inputs).filter(
    (input) => /node_modules\/msw\//.test(input) && !resolve(ROOT, input).startsWith(`${dir}/`),
  )
  if (others.length > 0) throw new Error(`${entry} bundled another msw than ${msw}: ${others[0]}`)
  const text = result.outputFiles[0]!.text
  const inputs = Object.keys(result.metafile.inputs).map((i) => [i, digest(resolve(ROOT, i))] as const)
  // Kept only when every input is a file it can read again; written whole: another test file may read it.
  if (inputs.some(([, hash]) => hash === undefined)) return text
  mkdirSync(BUNDLES, { recursive: true })
  writeFileSync(`${file}.${process.pid}`, JSON.stringify({ inputs: Object.fromEntries(inputs), text }))
  renameSync(`${file}.${process.pid}`, file)
  return text
}

export interface StaticFile {
  body: string | Uint8Array
  type: string
}

export interface StaticServer {
  url: string
  /** Every path requested from this server, in order: what the page did not get from elsewhere. */
  requested: string[]
  close(): Promise<void>
}

/**
 * A tiny static server for a test page: `files` by path ('/' serves '/index.html'), plus msw's
 * `/mockServiceWorker.js` and `/fixtures/sample.mp4` (with byte ranges, as a media element asks).
 * @example
 * const site = await serveStatic({ '/index.html': { body: html, type: 'text/html' } })
 */
export async function serveStatic(files: Record<string, StaticFile>, msw: MswPackage = 'msw'): Promise<StaticServer> {
  const all: Record<string, StaticFile> = {
    '/mockServiceWorker.js': {
      body: readFileSync(join(await mswDir(msw), 'lib', 'mockServiceWorker.js'), 'utf8'),
      type: 'application/javascript',
    },
    '/fixtures/sample.mp4': { body: new Uint8Array(readFileSync(`${ROOT}fixtures/sample.mp4`)), type: 'video/mp4' },
    ...files,
  }
  const requested: string[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    requested.push(path)
    const file = all[path === '/' ? '/index.html' : path]
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const bytes = typeof file.body === 'string' ? Buffer.from(file.body) : Buffer.from(file.body)
    const headers = { 'content-type': file.type, 'cache-control': 'no-store', 'accept-ranges': 'bytes' }
    const range = parseRange(req.headers.range ?? null, bytes.length)
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'content-range': `bytes */${bytes.length}` }).end()
      return
    }
    const part = range ? bytes.subarray(range.start, range.end + 1) : bytes
    res.writeHead(range ? 206 : 200, {
      ...headers,
      'content-length': String(part.length),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${bytes.length}` } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : part)
  })
  server.listen(0, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
