// `npm run build`'s bundler step (tsup 8): src/ → dist/, ES modules and CommonJS with their
// declarations. Run as `tsup --config test/build/tsup.config.ts`, after `build:types` (tsc) has
// written the declarations to dist/.types, and before test/build/finish.mjs.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'esbuild'
import { defineConfig, type Options } from 'tsup'

const ROOT = join(import.meta.dirname, '..', '..')

/** The package entry points: `genmock`, `genmock/node`, `genmock/browser`. */
const LIBRARY = { index: 'src/index.ts', node: 'src/node/index.ts', browser: 'src/browser/index.ts' }

/**
 * The code imports package.json for its version (and the OpenAPI document for the repository):
 * bundle those fields only, not the scripts, the dependency lists and the rest.
 */
const packageFields: Plugin = {
  name: 'genmock-package-fields',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (args.path !== join(ROOT, 'package.json')) return undefined
      const { name, version, repository } = JSON.parse(readFileSync(args.path, 'utf8')) as Record<string, unknown>
      return { contents: JSON.stringify({ name, version, repository }), loader: 'json' }
    })
  },
}

const common: Options = {
  outDir: 'dist',
  target: 'es2022',
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
  dts: { entry: { index: 'dist/.types/index.d.ts', node: 'dist/.types/node/index.d.ts', browser: 'dist/.types/browser/index.d.ts' } },
  esbuildPlugins: [packageFields],
  // Bundled, not a dependency: @msw/data is ES modules only, so the CommonJS build could not
  // require() it where require(esm) is missing (Jest, Node before 20.19); and it imports
  // es-toolkit's hundreds of modules, ~250 ms of the command's cold start, of which it uses five
  // functions.
  noExternal: ['@msw/data'],
}

export default defineConfig([
  {
    ...common,
    name: 'esm',
    format: ['esm'],
    // The command is ES modules only, and shares the library's chunks.
    entry: { ...LIBRARY, cli: 'src/node/bin.ts' },
  },
  { ...common, name: 'cjs', format: ['cjs'], entry: LIBRARY },
])
