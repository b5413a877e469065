import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { Engine } from '../../src/engine/engine.js'
import { loadScenarioFiles } from '../../src/node/files/scenario-files.js'

/** The complete scenario example of docs/scenarios.md must be one genmock accepts, and do what its comments say. */

const page = readFileSync(new URL('../../docs/scenarios.md', import.meta.url), 'utf8')
const example = /```yaml\n((?:# .*\n)*name: checkout-demo[\s\S]*?)```/.exec(page)?.[1]

it('docs/scenarios.md has the complete scenario example', () => {
  expect(example).toBeDefined()
})

it('the example loads without a problem, and applies its accounts when it becomes the default', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'genmock-docs-')), 'checkout-demo.yaml')
  writeFileSync(file, example!)
  const { entries, problems } = loadScenarioFiles([file])
  expect(problems).toEqual([])
  const engine = new Engine({ seed: 7, clock: { mode: 'manual' }, scenarios: entries, scenario: 'checkout-demo' })
  expect(engine.getAccount('acct_low').credits).toBe(50)
  expect(engine.getAccount('acct_bob').scenario).toBe('content-policy')
})

it('in the example, a relay task answers 202 and fails, refunded, on its second poll', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'genmock-docs-')), 'checkout-demo.yaml')
  writeFileSync(file, example!)
  const engine = new Engine({
    seed: 7,
    clock: { mode: 'manual' },
    scenarios: loadScenarioFiles([file]).entries,
    scenario: 'checkout-demo',
    sleep: async () => {},
  })
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  const relay = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '1K' }
  const { response, scenarioHttpStatus } = await engine.submit(alice, 'image', relay, {
    idempotencyKey: 'readme-example-1',
  })
  expect(scenarioHttpStatus).toBe(202)
  expect(response.pollAfterSeconds).toBe(10)
  expect(engine.readTask(alice, response.taskId, 'http://x').snapshot.status).toBe(0)
  const second = engine.readTask(alice, response.taskId, 'http://x').snapshot
  expect(second).toMatchObject({ status: 2, errorCode: 'UPSTREAM_FAILED', creditRefunded: true })
  expect(engine.getAccount(alice.id).credits).toBe(1000)
})
