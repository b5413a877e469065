// The build parses the bundled scenarios and fixtures once (build/esbuild-plugins.ts, parsedAtBuild):
// what the package carries must be what the sources parse at run time, the very same values.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledScenarios } from '../../src/engine/scenarios/bundled-scenarios.js'
import { ROOT } from '../support/cli.js'

describe('the scenarios parsed at build time', () => {
  it('are in the ES module and the CommonJS builds as the sources parse them', async () => {
    const esm = (await import(join(ROOT, 'dist', 'browser.js'))) as { bundledScenarios: unknown }
    const cjs = createRequire(import.meta.url)(join(ROOT, 'dist', 'browser.cjs')) as { bundledScenarios: unknown }
    expect(bundledScenarios.length).toBeGreaterThanOrEqual(11)
    expect(esm.bundledScenarios).toStrictEqual(bundledScenarios)
    expect(cjs.bundledScenarios).toStrictEqual(bundledScenarios)
  })
})
