import { afterAll, describe, expect, it } from 'vitest'
import { has, listening, PAGE_NAME, removeFolders, TOOLCHAIN_MS } from './client-kits.js'
import { javaKit } from './kit-runs.js'

/**
 * The JUnit 5 extension (docs/test-kit-languages.md, JUnit 5) from the outside: the page's javac
 * and console-launcher commands with Debian's OpenJDK 17 and junit5, its test class and one that
 * breaks rules, against ./genmock-linux-x64 (here a script running dist/cli.cjs;
 * test/distribution/client-kits.test.ts runs the real executable).
 */

afterAll(removeFolders)
const java = has('javac', ['-version'])

describe(`the JUnit 5 extension (${PAGE_NAME})`, () => {
  it(
    "the page's tests pass, two World parameters being two worlds; an unexpected finding and an expected one " +
      'that never came fail their tests, naming the rule; the genmock it started on GENMOCK_PORT is gone',
    async ({ skip }) => {
      if (!(await java)) skip('Debian openjdk-17-jdk-headless and junit5 are not installed')
      const { code, output, port } = await javaKit()
      // The console launcher's tree in the C locale of the run's environment: [OK] and [X].
      expect(output).toContain('anImageTaskCompletes(World) [OK]')
      expect(output).toContain('aRelaySubmitWithoutAKeyIsRefused(World) [OK]')
      expect(output).toContain('twoWorldsHaveClocksOfTheirOwn(World, World) [OK]')
      expect(output).toContain('breaksARule(World) [X]')
      expect(output).toContain('relay-without-key: relay submission without an Idempotency-Key')
      expect(output).toContain('expectsARuleNeverBroken(World) [X]')
      expect(output).toContain('the test expected findings of poll-too-soon (expectFinding)')
      expect(output).toMatch(/\[ +3 tests successful +\]/)
      expect(output).toMatch(/\[ +2 tests failed +\]/)
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)
    },
    TOOLCHAIN_MS,
  )
})
