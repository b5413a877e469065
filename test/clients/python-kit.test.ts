import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bash, has, listening, PAGE_NAME, pathOf, removeFolders, TOOLCHAIN_MS } from './client-kits.js'
import { pythonKit } from './kit-runs.js'

/**
 * The pytest plugin (docs/test-kit-languages.md, pytest) from the outside: clients/python installed
 * offline into a venv over Debian's pytest, run with no conftest.py and no Node on PATH, against
 * ./genmock-linux-x64 (here a script running dist/cli.cjs; test/distribution/client-kits.test.ts
 * runs the real executable and the image). `genmock init pytest`'s test runs on the plugin too.
 */

afterAll(removeFolders)
const pytest = has('/usr/bin/python3', ['-c', 'import pytest, venv, ensurepip'])

const LOCKED = `from genmock import request


def test_control_calls_send_the_admin_token(genmock_world):
    assert genmock_world.api_key
    assert request(genmock_world.base_url, "GET", "/__mock/clock")[0] == 401
`

describe(`the pytest plugin (${PAGE_NAME})`, () => {
  it(
    "the page's install and test: its tests pass; an unexpected finding and an expected one that never came " +
      'each error in teardown, naming the rule; the genmock it started on GENMOCK_PORT is gone; ' +
      'init pytest runs on it; ' +
      'GENMOCK_ADMIN_TOKEN is sent',
    async ({ skip }) => {
      if (!(await pytest)) skip('Debian python3-pytest and python3-venv are not installed')
      const { code, output, dir, port } = await pythonKit()
      expect(output).toMatch(/6 passed, 2 errors/)
      expect(output).toMatch(/ERROR at teardown of test_breaks_a_rule/)
      expect(output).toContain('relay-without-key: relay submission without an Idempotency-Key')
      expect(output).toMatch(/ERROR at teardown of test_expects_a_rule_never_broken/)
      expect(output).toContain('the test expected findings of poll-too-soon (expect_finding)')
      expect(code).toBe(1)
      expect(await listening(port)).toBe(false)

      const PATH = pathOf(dir, ['python3'])
      const init = await bash(
        './genmock-linux-x64 init pytest --out init && ' +
          'GENMOCK_BIN=./genmock-linux-x64 .venv/bin/python -m pytest ' +
          '--genmock-scenarios init/scenarios init/test_genmock.py',
        dir,
        { PATH },
      )
      expect(init.output).toContain('python3 -m pytest --genmock-scenarios init/scenarios init/test_genmock.py')
      expect(init.output).toMatch(/3 passed/)
      expect(init.code).toBe(0)

      writeFileSync(join(dir, 'test_locked.py'), LOCKED)
      const locked = await bash('GENMOCK_BIN=./genmock-linux-x64 .venv/bin/python -m pytest test_locked.py', dir, {
        PATH,
        GENMOCK_ADMIN_TOKEN: 's3cret-admin',
      })
      expect(locked.output).toMatch(/1 passed/)
      expect(locked.code).toBe(0)
    },
    3 * TOOLCHAIN_MS,
  )
})
