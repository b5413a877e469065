// esbuild plugins that `npm run build` shares: tsup's library build (build/tsup.config.ts) and the
// one-file command (build/bundle-cli.ts) load package.json, the dashboard's code and the bundled
// scenarios and fixtures the same way.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'esbuild'
import { builtCode } from '../src/dashboard/bundle.js'
import { defaultAccounts, defaultPricing } from '../src/engine/default-fixtures.js'
import { bundledScenarios } from '../src/engine/scenarios/bundled-scenarios.js'

const ROOT = join(import.meta.dirname, '..')

/**
 * The code imports package.json for its version (and the OpenAPI document for the repository):
 * bundle those fields only, not the scripts, the dependency lists and the rest.
 */
export const packageFields: Plugin = {
  name: 'genmock-package-fields',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) => {
      if (args.path !== join(ROOT, 'package.json')) return undefined
      const { name, version, repository } = JSON.parse(readFileSync(args.path, 'utf8')) as Record<string, unknown>
      return { contents: JSON.stringify({ name, version, repository }), loader: 'json' }
    })
  },
}

/**
 * The dashboard's code once in the package: src/dashboard/code.ts is replaced by one function
 * holding its bundled modules, whose source the page serves as its script and whose result the
 * browser door mounts (src/dashboard/bundle.ts). Neither esbuild nor node: reaches the package.
 */
export const dashboardCode: Plugin = {
  name: 'genmock-dashboard-code',
  setup(build) {
    const file = join(ROOT, 'src', 'dashboard', 'code.ts')
    build.onLoad({ filter: /[\\/]dashboard[\\/]code\.ts$/ }, async (args) =>
      args.path === file ? { contents: await builtCode(), loader: 'js' } : undefined,
    )
  },
}

/**
 * The bundled scenarios and fixtures as their schemas parse them, parsed here at build time (a
 * file that does not parse fails the build): the package carries the parsed values, and no start
 * spends ~15 ms of zod on files that never change (docs/performance.md, Cold start). The sources,
 * run as they are (tests, tsx), parse them when loaded.
 */
export const parsedAtBuild: Plugin = {
  name: 'genmock-parsed-at-build',
  setup(build) {
    const modules = new Map<string, Record<string, unknown>>([
      [join(ROOT, 'src', 'engine', 'scenarios', 'bundled-scenarios.ts'), { bundledScenarios }],
      [join(ROOT, 'src', 'engine', 'default-fixtures.ts'), { defaultAccounts, defaultPricing }],
    ])
    build.onLoad({ filter: /[\\/](?:bundled-scenarios|default-fixtures)\.ts$/ }, (args) => {
      const values = modules.get(args.path)
      if (!values) return undefined
      const lines = Object.entries(values).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}`)
      return { contents: lines.join('\n'), loader: 'js' }
    })
  },
}
