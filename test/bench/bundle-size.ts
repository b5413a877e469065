// What genmock/browser adds to a page: a one-line app bundled as a production build would be
// (esbuild, minified, code splitting), msw excluded. Counts what the page loads at start; chunks
// loaded only on demand (the OpenAPI document's generator) are reported apart.
// Run alone: node --import tsx test/bench/bundle-size.ts [entry]; exits 1 over 100 kB gzip.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile, type OutputFile, type Plugin } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const BUDGET_GZIP_BYTES = 100 * 1024
/** Bytes of the bundle that no module owns: esbuild's helpers and the chunks' import/export lines. */
const GLUE = 'esbuild glue'

export interface BundleSizes {
  totalMin: number
  /** Gzip of what loads at start, exact. */
  totalGzip: number
  /**
   * Per package, the bytes the output's source map gives it: minified, and gzip of them compressed
   * alone (approximate: gzip is not additive). The rows' minified bytes add up to totalMin.
   */
  byPackage: { name: string; minBytes: number; gzipBytes: number }[]
  /** Chunks loaded only on demand, minified and gzip. */
  lazy: { min: number; gzip: number }
}

/** A module's package: its node_modules name, 'genmock' for the project's code, 'genmock data' for its JSON. */
function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (match) return match[1]!
  return input.endsWith('.json') ? 'genmock data' : 'genmock'
}

/** The outputs the page loads at start: the entry's chunk and everything it imports statically. */
function initialOutputs(metafile: Metafile): Set<string> {
  const entry = Object.keys(metafile.outputs).find((path) => metafile.outputs[path]!.entryPoint !== undefined)!
  const initial = new Set<string>()
  const visit = (path: string) => {
    if (initial.has(path)) return
    initial.add(path)
    for (const imported of metafile.outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return initial
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The fields of one source-map segment, decoded from base64 VLQ. */
function vlq(segment: string): number[] {
  const fields: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) * 2 ** shift
    if (digit & 32) {
      shift += 5
      continue
    }
    fields.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2)
    value = 0
    shift = 0
  }
  return fields
}

/**
 * The generated code cut into pieces by the package each came from, after the output's source map:
 * a segment owns the text up to the next segment; text before a line's first segment, and segments
 * with no source, are glue.
 */
function piecesByPackage(
  code: string,
  map: { sources: string[]; mappings: string },
  mapDir: string,
  into: Map<string, string[]>,
): void {
  const owners = map.sources.map((source) => packageOf(resolve(mapDir, source)))
  const lines = code.split('\n')
  const mapped = map.mappings.split(';')
  let source = 0
  const add = (name: string, text: string) => {
    if (text === '') return
    const pieces = into.get(name) ?? []
    pieces.push(text)
    into.set(name, pieces)
  }
  lines.forEach((line, index) => {
    let column = 0
    let start = 0
    let owner = GLUE
    for (const segment of mapped[index]?.split(',') ?? []) {
      if (segment === '') continue
      const fields = vlq(segment)
      column += fields[0]!
      add(owner, line.slice(start, column))
      if (fields.length > 1) source += fields[1]!
      owner = fields.length > 1 ? owners[source]! : GLUE
      start = column
    }
    add(owner, line.slice(start) + (index < lines.length - 1 ? '\n' : ''))
  })
}

/** Resolves the app's `genmock/browser` to the entry under test: the sources or a built file. */
const genmockAt = (entry: string): Plugin => ({
  name: 'genmock-entry',
  setup(build) {
    build.onResolve({ filter: /^genmock\/browser$/ }, () => ({ path: entry }))
  },
})

/**
 * @example
 * const sizes = await bundleSizes(join(ROOT, 'dist/browser.js'))
 * sizes.totalGzip <= BUDGET_GZIP_BYTES
 */
export async function bundleSizes(entry: string = join(ROOT, 'src/browser/index.ts')): Promise<BundleSizes> {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-bundle-'))
  try {
    const app = join(dir, 'app.js')
    writeFileSync(app, `import { startWorker } from 'genmock/browser'\nstartWorker()\n`)
    const result = await build({
      entryPoints: [app],
      bundle: true,
      minify: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['browser'],
      define: { 'process.env.NODE_ENV': '"production"' },
      external: ['msw', 'msw/*'],
      plugins: [genmockAt(resolve(entry))],
      outdir: join(dir, 'out'),
      write: false,
      metafile: true,
      // To give each byte its package. The map follows a built entry's own maps back to the packages
      // bundled into it, which the metafile (module by module) cannot. 'external' adds no line to the code.
      sourcemap: 'external',
      logLevel: 'silent',
    })
    const initial = initialOutputs(result.metafile)
    const files = new Map<string, OutputFile>(
      result.outputFiles.map((file) => [relative(process.cwd(), file.path), file]),
    )
    const pieces = new Map<string, string[]>()
    let totalMin = 0
    let lazyMin = 0
    const initialBytes: Uint8Array[] = []
    const lazyBytes: Uint8Array[] = []
    for (const [path, output] of Object.entries(result.metafile.outputs)) {
      if (path.endsWith('.map')) continue
      const file = files.get(path)!
      if (!initial.has(path)) {
        lazyMin += output.bytes
        lazyBytes.push(file.contents)
        continue
      }
      totalMin += output.bytes
      initialBytes.push(file.contents)
      piecesByPackage(file.text, JSON.parse(files.get(`${path}.map`)!.text), dirname(file.path), pieces)
    }
    const gzip = (parts: Uint8Array[]) => gzipSync(Buffer.concat(parts), { level: 9 }).byteLength
    // A package's gzip is its own bytes compressed alone: it misses what they share with the rest, so the rows add up
    // to more than the total.
    const byPackage = [...pieces]
      .map(([name, texts]) => {
        const bytes = Buffer.from(texts.join(''))
        return { name, minBytes: bytes.byteLength, gzipBytes: gzip([bytes]) }
      })
      .sort((a, b) => b.minBytes - a.minBytes)
    return {
      totalMin,
      totalGzip: gzip(initialBytes),
      byPackage,
      lazy: { min: lazyMin, gzip: lazyBytes.length > 0 ? gzip(lazyBytes) : 0 },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** The table run.ts prints. */
export function printBundleSizes(sizes: BundleSizes, say: (line: string) => void = console.log): void {
  for (const { name, minBytes, gzipBytes } of sizes.byPackage)
    say(`  ${name.padEnd(24)} ${kB(minBytes).padStart(9)} min  ~${kB(gzipBytes).padStart(8)} gzip`)
  say(
    `  ${'loaded at start'.padEnd(24)} ${kB(sizes.totalMin).padStart(9)} min   ` +
      `${kB(sizes.totalGzip).padStart(8)} gzip (budget ${kB(BUDGET_GZIP_BYTES)})`,
  )
  say(
    `  ${'loaded on demand'.padEnd(24)} ${kB(sizes.lazy.min).padStart(9)} min   ` +
      `${kB(sizes.lazy.gzip).padStart(8)} gzip (GET /openapi.json)`,
  )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = await bundleSizes(process.argv[2] ? resolve(process.argv[2]) : undefined)
  printBundleSizes(sizes)
  process.exitCode = sizes.totalGzip > BUDGET_GZIP_BYTES ? 1 : 0
}
