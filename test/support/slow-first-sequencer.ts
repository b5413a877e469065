import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The order `npm test` starts its files in: the longest first, so that on two cores the short ones
 * fill in beside them and the run does not end with one long file running alone. Vitest orders by
 * the durations it cached from the last run, and on a fresh clone (CI) by file size, which says
 * little about time (a short file may build the docs site); so the files known to be slow come
 * first, in the order below, whatever the cache says, and the rest follow in Vitest's order.
 */

/** The slowest files, longest first (a quiet run on a two-core machine); the rest take seconds. */
export const SLOW = [
  'test/browser/devtools-msw3.test.ts',
  'test/browser/dashboard.test.ts',
  'test/browser/dashboard-actions.test.ts',
  'test/browser/devtools.test.ts',
  'test/browser/sandbox-worker.test.ts',
  'test/state/full-disk-idle.test.ts',
  'test/cli/process.test.ts',
  'test/http/bundled-scenarios.test.ts',
  'test/state/kill.test.ts',
  'test/state/full-disk.test.ts',
  'test/reliability/hostile-input.test.ts',
  'test/state/check-live.test.ts',
  'test/reliability/properties.test.ts',
  'test/docs/blocks.test.ts',
  'test/metrics/otlp-down.test.ts',
  'test/http/openapi-agreement.test.ts',
  'test/browser/worker-door.test.ts',
  'test/state/refusals.test.ts',
  'test/browser/worker-door-msw3.test.ts',
  'test/reliability/paging.test.ts',
  'test/drift/hostile-upstream.test.ts',
  'test/state/nearly-full.test.ts',
  'test/http/openapi-lint.test.ts',
  'test/state/faults.test.ts',
  'test/http/credits.test.ts',
  'test/metrics/prometheus.test.ts',
]

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root
    const rank = (file: TestSpecification) => {
      const at = SLOW.indexOf(relative(root, file.moduleId))
      return at === -1 ? SLOW.length : at
    }
    const sorted = await super.sort(files)
    return sorted
      .map((file, at) => ({ file, at, rank: rank(file) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map(({ file }) => file)
  }
}
