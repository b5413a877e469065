import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { has, listening, removeFolders, TOOLCHAIN_MS } from '../clients/client-kits.js'
import { goKit, javaKit, pythonKit } from '../clients/kit-runs.js'
import { ROOT } from './engine.js'

/**
 * docs/test-kit-languages.md against the standalone executable: the pytest, Go and JUnit 5 kits'
 * runs of test/clients/ (the page's commands and tests, and tests that break rules), with the
 * real release/genmock-linux-x64 as ./genmock-linux-x64. The plugin starting the image is
 * python.test.ts's image recipe.
 */

const BIN = join(ROOT, 'release', 'genmock-linux-x64')
afterAll(removeFolders)

describe('the kits for pytest, Go and JUnit 5 on the executable', () => {
  it(
    'pytest: the page passes, the two breaches error in teardown, no genmock left',
    async ({ skip }) => {
      if (!(await has('/usr/bin/python3', ['-c', 'import pytest, venv'])))
        skip('Debian python3-pytest is not installed')
      const { code, output, port } = await pythonKit({ bin: BIN })
      expect(output).toMatch(/6 passed, 2 errors/)
      expect(output).toContain('relay-without-key: relay submission without an Idempotency-Key')
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)
    },
    TOOLCHAIN_MS,
  )

  it(
    'Go: the page passes, the two breaches fail, no genmock left',
    async ({ skip }) => {
      if (!(await has('go', ['version']))) skip('Debian golang-go is not installed')
      const { code, output, port } = await goKit({ bin: BIN })
      expect(output).toContain('--- PASS: TestTwoWorldsHaveClocksOfTheirOwn')
      expect(output).toContain('--- FAIL: TestBreaksARule')
      expect(output).toContain('--- FAIL: TestExpectsARuleNeverBroken')
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)
    },
    TOOLCHAIN_MS,
  )

  it(
    'JUnit 5: the page passes, the two breaches fail, no genmock left',
    async ({ skip }) => {
      if (!(await has('javac', ['-version']))) skip('Debian openjdk-17-jdk-headless is not installed')
      const { code, output, port } = await javaKit({ bin: BIN })
      expect(output).toMatch(/\[ +3 tests successful +\]/)
      expect(output).toMatch(/\[ +2 tests failed +\]/)
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)
    },
    TOOLCHAIN_MS,
  )
})
