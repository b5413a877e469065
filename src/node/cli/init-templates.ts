/**
 * What `genmock init` writes (docs/test-kit.md, genmock init): a starter scenario, and a test
 * of it for each framework, each using a world per test and one error path with its finding
 * expected. The pytest test uses the genmock package's plugin (clients/python).
 */

export const FRAMEWORKS = ['vitest', 'jest', 'playwright', 'pytest'] as const
export type Framework = (typeof FRAMEWORKS)[number]

/** The starter scenario's name, and the file it is written to under the scenarios folder. */
export const STARTER = 'starter'

/**
 * The starter scenario, its modeline naming the JSON Schema at `schema` (a path from the file).
 * @example
 * starterScenario('../node_modules/genmock/dist/scenario.schema.json')
 */
export function starterScenario(schema: string): string {
  return `# yaml-language-server: $schema=${schema}
# A starter scenario, written by genmock init. Your editor completes and checks it against
# genmock's JSON Schema (the line above); \`npx genmock validate\` checks it as genmock does.
name: ${STARTER}
description: >-
  Standard image tasks complete 10 seconds after submission; one whose prompt contains
  "upstream-fail" fails upstream 5 seconds after it, its credits refunded. Relay and video
  requests behave as in default.
rules:
  - match:
      endpoint: image
      provider: standard
      prompt: upstream-fail
    timeline:
      - at: 5s
        set:
          status: 2
          errorCode: UPSTREAM_FAILED
          errorMessage: The upstream provider failed the task.
          upstreamHttpStatus: 502
        refund: true
  - match:
      endpoint: image
      provider: standard
    timeline:
      - at: 10s
        set: { status: 1 }
`
}

/** How a JavaScript test file of one framework starts, gets its world, and types it. */
interface Flavour {
  head: string
  /** The test callback's parameters, and the line that gets `world` inside it. */
  args: string
  get: string
  /** The annotation of a `world` parameter ('' in plain JavaScript). */
  type: string
}

const flavours = (scenarios: string): Record<Exclude<Framework, 'pytest'>, Flavour> => ({
  vitest: {
    head: `import { loadScenarios } from 'genmock/node'
import { genmockTest } from 'genmock/vitest'
import { expect } from 'vitest'

const { test } = genmockTest({ scenarios: loadScenarios('${scenarios}'), world: { scenario: '${STARTER}' } })
`,
    args: '{ world }',
    get: '',
    type: ': { baseUrl: string; apiKey: string }',
  },
  jest: {
    head: `const { loadScenarios } = require('genmock/node')
const { useGenmock } = require('genmock/jest')

const genmock = useGenmock({ scenarios: loadScenarios('${scenarios}'), world: { scenario: '${STARTER}' } })
`,
    args: '',
    get: '  const world = genmock.world\n',
    type: '',
  },
  playwright: {
    head: `import { loadScenarios } from 'genmock/node'
import { expect, test } from 'genmock/playwright'

test.use({ genmockOptions: { scenarios: loadScenarios('${scenarios}') }, worldOptions: { scenario: '${STARTER}' } })
`,
    args: '{ world }',
    get: '',
    type: ': { baseUrl: string; apiKey: string }',
  },
})

/** The file name of each framework's test (Jest's is CommonJS whatever the project's type). */
export const TEST_FILE: Record<Framework, string> = {
  vitest: 'genmock.test.ts',
  jest: 'genmock.test.cjs',
  playwright: 'genmock.spec.ts',
  pytest: 'test_genmock.py',
}

/**
 * The test file for a JavaScript framework; `scenarios` is the scenarios folder from where the
 * runner starts.
 */
export function testFile(framework: Exclude<Framework, 'pytest'>, scenarios: string): string {
  const { head, args, get, type } = flavours(scenarios)[framework]
  return `// ${TEST_FILE[framework]}, written by genmock init: a world per test (its own account, key and
// clock) on the ${STARTER} scenario (${scenarios}/${STARTER}.yaml).
${head}
const post = (world${type}, body${type ? ': object' : ''}) =>
  fetch(\`\${world.baseUrl}/api/ai/image/generate\`, {
    method: 'POST',
    headers: { authorization: \`Bearer \${world.apiKey}\`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const read = async (world${type}, taskId${type ? ': string' : ''}) => {
  const headers = { authorization: \`Bearer \${world.apiKey}\` }
  return (await fetch(\`\${world.baseUrl}/api/ai/tasks/\${taskId}\`, { headers })).json()
}

test('an image completes 10 simulated seconds after submission', async (${args}) => {
${get}  const submitted = await post(world, { model: 'base-image-2', prompt: 'a red fox in the snow' })
  const { taskId } = await submitted.json()
  await world.clock.advance(9)
  expect((await read(world, taskId)).status).toBe(0)
  await world.clock.advance(1)
  expect((await read(world, taskId)).status).toBe(1)
})

test('"upstream-fail" in the prompt: the task fails and its credits come back', async (${args}) => {
${get}  const { taskId } = await (await post(world, { model: 'base-image-2', prompt: 'upstream-fail' })).json()
  await world.clock.untilIdle()
  expect(await read(world, taskId)).toMatchObject({ status: 2, errorCode: 'UPSTREAM_FAILED', creditRefunded: true })
})

test('a relay submit without an Idempotency-Key is refused (its finding expected)', async (${args}) => {
${get}  world.expectFinding('relay-without-key')
  const res = await post(world, { provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' })
  expect(res.status).toBe(400)
})
`
}

/**
 * pytest's test file, for the genmock package's plugin (docs/test-kit-languages.md): the fixture
 * `genmock_world` on the starter scenario, which the plugin's genmock loads from `--genmock-scenarios`.
 */
export const PYTEST_TEST = `# test_genmock.py, written by genmock init: a world per test (its own account, key and
# clock) on the starter scenario, from the genmock package's pytest plugin (clients/python).
import pytest
from genmock import request

pytestmark = pytest.mark.genmock(scenario="starter")
IMAGE = "/api/ai/image/generate"


def call(world, method, path, body=None):
    """Any answer, error statuses included, as (status, body), with the world's key."""
    return request(world.base_url, method, path, body, {"authorization": f"Bearer {world.api_key}"})


def test_an_image_completes_10_simulated_seconds_after_submission(genmock_world):
    status, task = call(genmock_world, "POST", IMAGE, {"model": "base-image-2", "prompt": "a red fox in the snow"})
    assert status == 200, task
    genmock_world.advance(9)
    assert call(genmock_world, "GET", f"/api/ai/tasks/{task['taskId']}")[1]["status"] == 0
    genmock_world.advance(1)
    assert call(genmock_world, "GET", f"/api/ai/tasks/{task['taskId']}")[1]["status"] == 1


def test_upstream_fail_in_the_prompt_fails_the_task_and_refunds_it(genmock_world):
    task = call(genmock_world, "POST", IMAGE, {"model": "base-image-2", "prompt": "upstream-fail"})[1]
    genmock_world.until_idle()
    status, read = call(genmock_world, "GET", f"/api/ai/tasks/{task['taskId']}")
    assert (status, read["status"], read["creditRefunded"]) == (200, 2, True)


def test_a_relay_submit_without_an_idempotency_key_is_refused(genmock_world):
    genmock_world.expect_finding("relay-without-key")
    body = {"provider": "relay", "model": "base-image-2", "prompt": "a fox", "resolution": "2K"}
    status, answer = call(genmock_world, "POST", IMAGE, body)
    assert status == 400, answer
`
