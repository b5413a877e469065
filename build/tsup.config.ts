// `npm run build`'s bundler step (tsup 8): src/ → dist/, ES modules and CommonJS with their
// declarations. Run as `tsup --config build/tsup.config.ts`, after `build:types` (tsc) has
// written the declarations to dist/.types, and before build/finish.mjs.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { transformSync, type Plugin } from 'esbuild'
import { defineConfig, type Options } from 'tsup'
import { SCENARIO_SCHEMA_FILE, scenarioJsonSchema } from '../src/openapi/scenario-json-schema.js'
import { dashboardCode, packageFields, parsedAtBuild } from './esbuild-plugins.js'

const ROOT = join(import.meta.dirname, '..')

/** The package entry points: `genmock`, `genmock/node`, `genmock/browser`. */
const LIBRARY = { index: 'src/index.ts', node: 'src/node/index.ts', browser: 'src/browser/index.ts' }

/** The test kit's entries (docs/test-kit.md); Vitest loads ES modules only, so its entry has no CommonJS. */
const KIT = {
  jest: 'src/kit/jest.ts',
  playwright: 'src/kit/playwright.ts',
  testcontainers: 'src/kit/testcontainers.ts',
}
const KIT_ESM = { ...KIT, vitest: 'src/kit/vitest.ts' }

/** The declarations tsc wrote (build:types) of every entry: the test kit's Vitest one has no CommonJS code, but
 * declaring it in both formats keeps their declaration chunks the same. */
const declarations = () => ({
  index: 'dist/.types/index.d.ts',
  node: 'dist/.types/node/index.d.ts',
  browser: 'dist/.types/browser/index.d.ts',
  ...Object.fromEntries(Object.keys(KIT_ESM).map((name) => [name, `dist/.types/kit/${name}.d.ts`])),
})

/** The JavaScript the package's code may use, in both formats. */
const TARGET = 'es2022'

/**
 * What is loaded on demand, each an entry of the ES module build: the dashboard page, the worker
 * door's devtools and the OpenAPI documents (~30 kB gzip in all). The CommonJS build loads those
 * very files with a native import(), which every Node has, instead of carrying CommonJS copies.
 * (msw itself, since 2.12, needs ES module support under Jest: no CommonJS user is left out.)
 */
const ESM_ONLY = {
  dashboard: 'src/dashboard/page.ts',
  devtools: 'src/browser/devtools.ts',
  openapi: 'src/openapi/service-document.ts',
  'openapi-control': 'src/openapi/control-document.ts',
}
const esmOnly: Plugin = {
  name: 'genmock-esm-only',
  setup(build) {
    const names = new Map(
      Object.entries(ESM_ONLY).map(([name, file]) => [join(ROOT, file.replace(/\.ts$/, '.js')), name]),
    )
    build.onResolve({ filter: /\.js$/ }, ({ path, resolveDir }) => {
      const name = names.get(join(resolveDir, path))
      return name ? { path: `./${name}.js`, external: true } : undefined
    })
  },
}

/**
 * tsup turns the split ES module chunks into CommonJS with sucrase's `imports` transform, which
 * mistakes a minified private name for a module binding of the same letter (`this.#p++` next to
 * an exported `p` becomes `this.#(p = exports.a = p + 1, …)`, a syntax error), rewrites every
 * `?.` and `??` into helper calls, and every import() into a require(), which cannot load the
 * ESM_ONLY files. esbuild's own CommonJS transform does none of that, so it takes sucrase's place
 * (tsup's require('sucrase') is this very module object).
 */
const sucrase = createRequire(import.meta.url)('sucrase') as {
  transform: (code: string, options: { filePath: string }) => { code: string; sourceMap?: object }
}
sucrase.transform = (code, { filePath }) => {
  const result = transformSync(code, {
    format: 'cjs',
    // With Node's annotation of the exports, which a native import() of a chunk (the state keeper, the
    // proxy: loaded when used) needs to see its named exports.
    platform: 'node',
    target: TARGET,
    minify: true,
    sourcemap: true,
    sourcefile: filePath,
  })
  return { code: result.code, sourceMap: JSON.parse(result.map) as object }
}

const common: Options = {
  outDir: 'dist',
  target: TARGET,
  // One copy of the engine per format: the entries share chunks.
  splitting: true,
  // import.meta.url (loadVideoSample, the browser's default video URL) in the CommonJS build.
  shims: true,
  // Keep `node:` in imports: a browser bundler must not mistake node:util for the `util` package.
  removeNodeProtocol: false,
  // Minified for the tarball's 200 kB budget (readable, it weighs ~35 kB more). Source maps serve
  // this checkout only: package.json `files` leaves them out, as they would double the tarball.
  minify: true,
  sourcemap: true,
  // The declarations tsc wrote (build:types), bundled per entry: tsup's own dts step would
  // compile the sources once per entry, three times slower.
  dts: { entry: declarations() },
  esbuildPlugins: [packageFields, dashboardCode, parsedAtBuild],
}

export default defineConfig([
  {
    ...common,
    name: 'esm',
    format: ['esm'],
    // The command is not here: it is one CommonJS file of its own, dist/cli.cjs (build/bundle-cli.ts).
    entry: { ...LIBRARY, ...KIT_ESM, ...ESM_ONLY },
    // The scenario files' JSON Schema, `genmock/scenario.schema.json` (docs/scenarios.md, Editor help).
    onSuccess: async () =>
      writeFileSync(join(ROOT, 'dist', SCENARIO_SCHEMA_FILE), `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`),
  },
  {
    ...common,
    name: 'cjs',
    format: ['cjs'],
    entry: { ...LIBRARY, ...KIT },
    esbuildPlugins: [packageFields, dashboardCode, parsedAtBuild, esmOnly],
  },
])
