// `npm run test:dist`: the distribution checks, apart from `npm test` (docs/containers-and-ci.md):
// the npm tarball in fresh projects (test/package/), the kits in other languages (test/clients/),
// the docs site's build, and the container image and the standalone executable, built once
// (global-setup.ts) and run from the outside. One file at a time, as
// containers, package installs and a 2-core machine share badly.
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import { DISTRIBUTION } from '../vitest.config.js'

export default defineConfig({
  root: join(import.meta.dirname, '..', '..'),
  test: {
    include: DISTRIBUTION.map((glob) => (glob.endsWith('/**') ? `${glob}/*.test.ts` : glob)),
    globalSetup: ['test/distribution/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
})
