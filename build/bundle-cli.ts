// `npm run build`'s last step: the `genmock` command, with everything it runs inlined (zod, yaml,
// tldts, prom-client, the scenarios, the dashboard, the OpenAPI documents), in two forms:
// - the package's bin, dist/cli.cjs, a launcher that answers --help, --version and a bad command
//   line alone (src/node/cli/bin.ts) and loads the rest from dist/cli/: run-command.cjs and the
//   chunks it and its lazy imports load, shared code once (esbuild's code splitting, each piece then
//   made a CommonJS file, compiled with V8's kept code: src/node/cli/cached-pieces.ts).
//   A plain `genmock` reads and compiles the server's files only: tldts, yaml, prom-client, the
//   state room, the proxy, OTLP and the dashboard are chunks loaded when first used
//   (docs/performance.md, Cold start). The OpenTelemetry SDK (`--otlp`, some 300 kB) stays out: the
//   bin finds it among the package's dependencies when asked, as it does the MCP SDK (`/__mock/mcp` and
//   `genmock mcp`, loaded on first use, docs/mcp.md).
// - dist/cli-standalone.cjs, the same command as ONE CommonJS file with the SDK inlined: what the
//   image and the executable (build/binary.mjs) carry, having no node_modules (docs/metrics-and-traces.md).
// The one file read at run time, the video sample, comes from the package or from the executable's
// assets (src/node/server/package-file.ts). Run as `tsx build/bundle-cli.ts`.
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BuildOptions, build, type Metafile, type Plugin, transform } from 'esbuild'
import { dashboardCode, packageFields, parsedAtBuild } from './esbuild-plugins.js'

const ROOT = join(import.meta.dirname, '..')
const CLI = join(ROOT, 'src', 'node', 'cli')
export const CLI_BUNDLE = join(ROOT, 'dist', 'cli.cjs')
/** The folder of the bin's pieces, loaded by the launcher once the command line is good. */
export const CLI_PIECES = join(ROOT, 'dist', 'cli')
/**
 * What each file holds (esbuild's metafiles of the launcher, the pieces and the standalone), for
 * test/build's checks; not in the package.
 */
export const CLI_META = join(ROOT, 'dist', 'cli-meta.json')
export const STANDALONE_BUNDLE = join(ROOT, 'dist', 'cli-standalone.cjs')
/** What the package's bin leaves to its dependencies: the SDK (the API stays in: prom-client requires it). */
const OTEL_SDK = ['@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources']
const MCP_SDK = ['@modelcontextprotocol/sdk']

const common: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: true,
  plugins: [packageFields, dashboardCode, parsedAtBuild],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
}

/** A CommonJS module has no import.meta: its URL is the bundle's own file. */
const cjsImportMeta: BuildOptions = {
  format: 'cjs',
  banner: { js: 'var __genmock_import_meta_url=require("node:url").pathToFileURL(__filename).href;' },
  define: { 'import.meta.url': '__genmock_import_meta_url' },
}

/** The launcher's import of run-command.ts: cached-pieces.ts, which loads the piece built from it. */
const piecesOutside: Plugin = {
  name: 'genmock-cli-pieces-outside',
  setup(build) {
    build.onResolve({ filter: /^\.\/run-command\.js$/ }, (args) =>
      args.importer === join(CLI, 'bin.ts') ? { path: join(CLI, 'cached-pieces.ts') } : undefined,
    )
  },
}

/**
 * Few pieces: every module the server's command needs (serve-command.ts and what it imports) in one
 * chunk. esbuild gives each set of entries that share modules a chunk of its own, and each dynamic
 * import is an entry: left alone, a plain `genmock` would load some 30 small files. Here each
 * dynamic import loads a module of this plugin's that imports the server's command, then exports the
 * module asked for: every entry shares the server's modules, so they are one chunk. What only a
 * lazy module uses (tldts, yaml, prom-client, the state room, ...) stays in its own chunks.
 */
const oneCore: Plugin = {
  name: 'genmock-cli-one-core',
  setup(build) {
    const core = join(CLI, 'serve-command.ts')
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === 'resolving') return undefined
      const { path, external, errors } = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      // A package is left as it is: `export *` of a CommonJS one (tldts) would export nothing.
      if (errors.length > 0 || external || path.includes('node_modules')) return undefined
      return { path, namespace: 'genmock-lazy' }
    })
    build.onLoad({ filter: /.*/, namespace: 'genmock-lazy' }, (args) => ({
      // A bare import of it would be dropped (the package has no side effects): one name is re-exported.
      contents:
        `export { serve as genmockServe } from ${JSON.stringify(core)}\n` +
        `export * from ${JSON.stringify(args.path)}\n`,
      loader: 'js',
      resolveDir: CLI,
    }))
  },
}

/** The whole command in one CommonJS file, for the image and the executable. */
const standalone = () =>
  build({ ...common, ...cjsImportMeta, entryPoints: [join(CLI, 'bin.ts')], outfile: STANDALONE_BUNDLE })

/**
 * The package's bin: the launcher, told the digest of the pieces it loads (the code V8 keeps for
 * them is kept per digest: a piece of another build may have the same name and length).
 */
const launcher = (piecesDigest: string) =>
  build({
    ...common,
    ...cjsImportMeta,
    entryPoints: [join(CLI, 'bin.ts')],
    outfile: CLI_BUNDLE,
    plugins: [piecesOutside, ...common.plugins!],
    define: { ...cjsImportMeta.define, GENMOCK_PIECES_DIGEST: JSON.stringify(piecesDigest) },
  })
/**
 * The pieces: esbuild splits code only into ES modules, so they are built as such, then each is
 * turned into a CommonJS file (its imports `require`s of its siblings, its `import()`s a `require`
 * in a promise), which Node 20 can compile with V8's kept code (cached-pieces.ts) where an ES module
 * it cannot.
 */
async function pieces() {
  const built = await build({
    ...common,
    entryPoints: [join(CLI, 'run-command.ts')],
    outdir: CLI_PIECES,
    format: 'esm',
    splitting: true,
    outExtension: { '.js': '.cjs' },
    chunkNames: '[name]-[hash]',
    // A package's ES module build where it has one: a lazy import() of a CommonJS one (tldts's `main`)
    // would give its exports as `default` only, not as names.
    mainFields: ['module', 'main'],
    external: [...OTEL_SDK, ...MCP_SDK],
    plugins: [oneCore, ...common.plugins!],
    write: false,
  })
  mkdirSync(CLI_PIECES, { recursive: true })
  const digest = createHash('sha256')
  for (const file of built.outputFiles ?? []) {
    const { code } = await transform(file.text, {
      format: 'cjs',
      define: cjsImportMeta.define!,
      banner: `"use strict";${cjsImportMeta.banner!.js}`,
      loader: 'js',
      platform: 'node',
      target: 'node20',
      minify: true,
      supported: { 'dynamic-import': false },
    })
    writeFileSync(file.path, code)
    digest.update(file.path.slice(CLI_PIECES.length)).update(code)
  }
  return { ...built, digest: digest.digest('hex').slice(0, 16) }
}

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`
const outputs = (metafile: Metafile | undefined) => Object.values(metafile!.outputs)

rmSync(CLI_PIECES, { recursive: true, force: true })
const [rest, whole] = await Promise.all([pieces(), standalone()])
const first = await launcher(rest.digest)
writeFileSync(CLI_META, JSON.stringify({ launcher: first.metafile, pieces: rest.metafile, standalone: whole.metafile }))
const split = outputs(rest.metafile)
console.log(
  `build: dist/cli.cjs, the launcher (${kB(outputs(first.metafile)[0]!.bytes)}), and dist/cli/, ` +
    `${split.length} pieces (${kB(split.reduce((sum, output) => sum + output.bytes, 0))})`,
)
