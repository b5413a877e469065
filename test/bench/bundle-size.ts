// What genmock/browser adds to a page: a one-line app bundled as a production build would be
// (esbuild, minified, code splitting), msw excluded. Counts what the page loads at start; chunks
// loaded only on demand (the OpenAPI document's generator) are reported apart.
// Run alone: node --import tsx test/bench/bundle-size.ts [entry]; exits 1 over 100 kB gzip.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const BUDGET_GZIP_BYTES = 100 * 1024

export interface BundleSizes {
  totalMin: number
  /** Gzip of what loads at start, exact. */
  totalGzip: number
  /** Per package: minified bytes, and gzip of its share compressed alone (an approximation: gzip is not additive). */
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
    for (const imported of metafile.outputs[path]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  return initial
}

/**
 * @example
 * const sizes = await bundleSizes(join(ROOT, 'dist/browser.js'))
 * sizes.totalGzip <= BUDGET_GZIP_BYTES
 */
export async function bundleSizes(entry: string = join(ROOT, 'src/browser/index.ts')): Promise<BundleSizes> {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-bundle-'))
  try {
    const app = join(dir, 'app.js')
    writeFileSync(app, `import { startWorker } from ${JSON.stringify(entry)}\nstartWorker()\n`)
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
      outdir: join(dir, 'out'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const initial = initialOutputs(result.metafile)
    const files = new Map(result.outputFiles.map((file) => [relative(process.cwd(), file.path), file.contents]))
    const shares = new Map<string, number>()
    let totalMin = 0
    let lazyMin = 0
    const initialBytes: Uint8Array[] = []
    const lazyBytes: Uint8Array[] = []
    for (const [path, output] of Object.entries(result.metafile.outputs)) {
      if (path.endsWith('.map')) continue
      const bytes = files.get(path) ?? new Uint8Array()
      if (!initial.has(path)) {
        lazyMin += output.bytes
        lazyBytes.push(bytes)
        continue
      }
      totalMin += output.bytes
      initialBytes.push(bytes)
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) shares.set(packageOf(input), (shares.get(packageOf(input)) ?? 0) + bytesInOutput)
    }
    const gzip = (parts: Uint8Array[]) => gzipSync(Buffer.concat(parts), { level: 9 }).byteLength
    // A package's gzip alone: its share of the output, approximated by compressing as many bytes of the bundle.
    const whole = Buffer.concat(initialBytes)
    const ratio = whole.byteLength === 0 ? 0 : gzip(initialBytes) / whole.byteLength
    const byPackage = [...shares].sort((a, b) => b[1] - a[1]).map(([name, minBytes]) => ({ name, minBytes, gzipBytes: Math.round(minBytes * ratio) }))
    return { totalMin, totalGzip: gzip(initialBytes), byPackage, lazy: { min: lazyMin, gzip: lazyBytes.length > 0 ? gzip(lazyBytes) : 0 } }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** The table run.ts prints. */
export function printBundleSizes(sizes: BundleSizes, say: (line: string) => void = console.log): void {
  for (const { name, minBytes, gzipBytes } of sizes.byPackage) say(`  ${name.padEnd(24)} ${kB(minBytes).padStart(9)} min  ~${kB(gzipBytes).padStart(8)} gzip`)
  say(`  ${'loaded at start'.padEnd(24)} ${kB(sizes.totalMin).padStart(9)} min   ${kB(sizes.totalGzip).padStart(8)} gzip (budget ${kB(BUDGET_GZIP_BYTES)})`)
  say(`  ${'loaded on demand'.padEnd(24)} ${kB(sizes.lazy.min).padStart(9)} min   ${kB(sizes.lazy.gzip).padStart(8)} gzip (GET /openapi.json)`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = await bundleSizes(process.argv[2] ? join(process.cwd(), process.argv[2]) : undefined)
  printBundleSizes(sizes)
  process.exitCode = sizes.totalGzip > BUDGET_GZIP_BYTES ? 1 : 0
}
