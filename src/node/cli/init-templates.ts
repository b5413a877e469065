/**
 * What `genmock init` writes (docs/test-kit.md, genmock init): a starter scenario, and a test
 * of it for each framework, each using a world per test and one error path with its finding
 * expected. The pytest files are the kit of that runner: its conftest.py is the whole helper.
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

/** pytest's conftest.py: genmock for the session, a world per test, `call` for any answer. */
export const PYTEST_CONFTEST = `# conftest.py, written by genmock init: genmock for the session, and a world per
# test (its own account, key and clock) on the ${STARTER} scenario. Standard library only.
import json, os, shutil, socket, subprocess, time, urllib.error, urllib.request
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
IMAGE = os.environ.get("GENMOCK_IMAGE", "genmock:latest")
SCENARIOS = os.path.join(HERE, "scenarios")


def call(base, method, path, body=None, key=None, headers=None):
    """Any answer, error statuses included, as (status, body): the body parsed when it is JSON."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("content-type", "application/json")
    if key:
        request.add_header("authorization", f"Bearer {key}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def genmock_command(port, args):
    """genmock on this port, from the first there is of: GENMOCK_BIN, a \`genmock\` on PATH (the
    standalone executable), the image (GENMOCK_IMAGE, else genmock:latest) through docker or
    podman, node_modules/.bin/genmock. The command, and the container's name if it is one."""
    found = os.environ.get("GENMOCK_BIN") or shutil.which("genmock")
    if found:
        return [found, "--port", str(port), *args, "--scenarios", SCENARIOS], None
    for engine in ("docker", "podman"):
        has = shutil.which(engine) and subprocess.run([engine, "image", "inspect", IMAGE], capture_output=True)
        if has and has.returncode == 0:
            name = f"genmock-pytest-{port}"
            run = [engine, "run", "--rm", "--name", name, "-p", f"127.0.0.1:{port}:4600"]
            return [*run, "-v", f"{SCENARIOS}:/scenarios:ro", IMAGE, *args, "--scenarios", "/scenarios"], name
    local = os.path.join(HERE, "node_modules", ".bin", "genmock")
    if os.path.exists(local):
        return [local, "--port", str(port), *args, "--scenarios", SCENARIOS], None
    raise RuntimeError(
        "genmock not found: set GENMOCK_BIN to the executable, put it on PATH as genmock, "
        f"build or pull the image {IMAGE}, or npm install -D genmock"
    )


@pytest.fixture(scope="session")
def genmock():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command, container = genmock_command(port, ["--clock", "manual", "--log", "silent"])
    process = subprocess.Popen(command)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            call(base, "GET", "/__mock/health")
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(f"{' '.join(command)} exited {process.returncode}")
            time.sleep(0.1)
    yield base
    process.terminate()
    process.wait(timeout=15)
    if container:
        subprocess.run([command[0], "rm", "-f", container], capture_output=True)


@pytest.fixture
def world(genmock):
    """world["expect_finding"](rule): this test breaks the rule on purpose, and fails if it does not."""
    status, account = call(genmock, "POST", "/__mock/accounts", {"clock": "own", "scenario": "${STARTER}"})
    assert status < 300, account
    expected = set()
    account["base_url"] = genmock
    account["advance"] = lambda seconds: call(
        genmock, "POST", f"/__mock/accounts/{account['id']}/clock/advance", {"seconds": seconds}
    )[1]
    account["expect_finding"] = expected.add
    yield account
    findings = call(genmock, "GET", f"/__mock/conformance?account={account['id']}")[1]["findings"]
    missing = sorted(expected - {f["rule"] for f in findings})
    assert not missing, f"the test expected findings of {', '.join(missing)}; the client broke no such rule"
    errors = [
        f"{f['rule']}: {f['message']}" for f in findings if f["severity"] == "error" and f["rule"] not in expected
    ]
    assert not errors, "the client broke the interface's rules:\\n" + "\\n".join(errors)
`

/** pytest's test file. */
export const PYTEST_TEST = `# test_genmock.py, written by genmock init: run it with python3 -m pytest.
from conftest import call

IMAGE = "/api/ai/image/generate"


def test_an_image_completes_10_simulated_seconds_after_submission(world):
    base, key = world["base_url"], world["apiKey"]
    status, task = call(base, "POST", IMAGE, {"model": "base-image-2", "prompt": "a red fox in the snow"}, key)
    assert status == 200, task
    world["advance"](9)
    assert call(base, "GET", f"/api/ai/tasks/{task['taskId']}", key=key)[1]["status"] == 0
    world["advance"](1)
    assert call(base, "GET", f"/api/ai/tasks/{task['taskId']}", key=key)[1]["status"] == 1


def test_upstream_fail_in_the_prompt_fails_the_task_and_refunds_it(world):
    base, key = world["base_url"], world["apiKey"]
    task = call(base, "POST", IMAGE, {"model": "base-image-2", "prompt": "upstream-fail"}, key)[1]
    world["advance"](5)
    status, read = call(base, "GET", f"/api/ai/tasks/{task['taskId']}", key=key)
    assert (status, read["status"], read["creditRefunded"]) == (200, 2, True)


def test_a_relay_submit_without_an_idempotency_key_is_refused(world):
    world["expect_finding"]("relay-without-key")
    body = {"provider": "relay", "model": "base-image-2", "prompt": "a fox", "resolution": "2K"}
    status, answer = call(world["base_url"], "POST", IMAGE, body, world["apiKey"])
    assert status == 400, answer
`
