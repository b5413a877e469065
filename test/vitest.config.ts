// `npm test`'s Vitest run (docs/how-it-is-built.md, Tests): every test file but the distribution
// checks (DISTRIBUTION: test/distribution/vitest.config.ts runs those), one file per core at a time. The
// tests share their worker processes: a fresh process and a fresh import of zod, msw and the
// simulator for each file cost more than most of them take to run (and a tenth of the suite's CPU
// in all). Those that start Chromium or swap globals (the test kit) get a process each. Both
// projects share one queue, the slowest files first (test/support/slow-first-sequencer.ts).
import { join } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import SlowFirstSequencer from './support/slow-first-sequencer.js'

/**
 * What `npm run test:dist` runs instead (test/distribution/vitest.config.ts): what is built and shipped,
 * used from the outside: the tarball, the image, the executable, the kits in other languages (their
 * real pytest, Go and JUnit runs), the docs site's build.
 */
export const DISTRIBUTION = [
  'test/distribution/**',
  'test/package/**',
  'test/clients/*-kit.test.ts',
  'test/docs/site.test.ts',
]

/** Tests that leave nothing behind: they close servers, stop processes, remove folders, restore spies. */
const SHARED = [
  'src',
  'test/http',
  'test/reliability',
  'test/drift',
  'test/examples',
  'test/state',
  'test/cli',
  'test/build',
  'test/metrics',
  'test/mcp',
  'test/scenarios',
  'test/docs',
].map((dir) => `${dir}/**/*.test.ts`)

export default defineConfig({
  root: join(import.meta.dirname, '..'),
  test: {
    exclude: [...configDefaults.exclude, ...DISTRIBUTION],
    maxWorkers: '100%',
    sequence: { sequencer: SlowFirstSequencer },
    // Generous limits, for a busy CI machine (two busy loops beside the suite on two cores double
    // every test's time): a test that fails does so on its assertions, not on these. A test that
    // waits for something waits for an event or polls for it, never for a time.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'shared', include: SHARED, isolate: false, restoreMocks: true } },
      { extends: true, test: { name: 'own', include: ['test/**/*.test.ts'], exclude: SHARED } },
    ],
  },
})
