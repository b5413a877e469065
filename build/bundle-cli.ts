// `npm run build`'s last step: the `genmock` command as ONE CommonJS file, dist/cli.cjs, with
// everything it runs inlined (zod, yaml, the scenarios, the dashboard, the OpenAPI documents). It
// is the package's bin, the image's entry point and the main script of the standalone executable
// (build/binary.mjs), which loads nothing from node_modules. One file to read and compile is what
// makes the cold start fast (docs/performance.md, Cold start): the split ES module build loads
// dozens of files, and zod left outside as a `require('zod')` loads some fifty more. The one file
// read at run time, the video sample, comes from the package or from the executable's assets
// (src/node/server/package-file.ts).
// The OpenTelemetry SDK (`--otlp`, some 300 kB) stays out of the package's bin, which finds it among the
// package's dependencies when asked; dist/cli-standalone.cjs, the same command with it inlined, is what
// the image and the executable carry, having no node_modules (docs/metrics-and-traces.md). The MCP SDK
// (`/__mock/mcp` and `genmock mcp`, loaded on first use) is left to the dependencies the same way (docs/mcp.md).
// Run as `tsx build/bundle-cli.ts`.
import { join } from 'node:path'
import { build } from 'esbuild'
import { dashboardCode, packageFields, parsedAtBuild } from './esbuild-plugins.js'

const ROOT = join(import.meta.dirname, '..')
export const CLI_BUNDLE = join(ROOT, 'dist', 'cli.cjs')
export const STANDALONE_BUNDLE = join(ROOT, 'dist', 'cli-standalone.cjs')
/** What the package's bin leaves to its dependencies: the SDK (the API stays in: prom-client requires it). */
const OTEL_SDK = ['@opentelemetry/sdk-trace', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/resources']
const MCP_SDK = ['@modelcontextprotocol/sdk']

/** The command in one file, at `outfile`; `external` left to be required from node_modules. */
const bundle = (outfile: string, external: string[]) =>
  build({
    entryPoints: [join(ROOT, 'src', 'node', 'cli', 'bin.ts')],
    outfile,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minify: true,
    // A CommonJS module has no import.meta: its URL is the bundle's own file.
    banner: { js: 'var __genmock_import_meta_url=require("node:url").pathToFileURL(__filename).href;' },
    define: { 'import.meta.url': '__genmock_import_meta_url' },
    plugins: [packageFields, dashboardCode, parsedAtBuild],
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    external,
  })
const [result] = await Promise.all([bundle(CLI_BUNDLE, [...OTEL_SDK, ...MCP_SDK]), bundle(STANDALONE_BUNDLE, [])])
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0)
console.log(`build: dist/cli.cjs, the command in one file (${Math.round(bytes / 1024)} kB)`)
