import { describe, expect, it } from 'vitest'
import { Engine, type EngineOptions } from './engine.js'
import { Problem } from './problem.js'

// The service's operations answer in domain words: outcomes and problem kinds with data, and what
// they learnt (scenario, task, breaches) returned or carried on the thrown Problem, never a status.

const ORIGIN = 'http://localhost'
const IMAGE = { model: 'vendor-a/base-image', prompt: 'a red fox in the snow' }
const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '1K' }
const as = (name: string) => ({ name, header: 'x-mock-scenario' })

function setup(options: EngineOptions = {}) {
  const engine = new Engine({ seed: 7, clock: { mode: 'manual' }, ...options })
  return { engine, alice: engine.authenticate({ kind: 'key', key: 'sk_test_alice' }) }
}

async function thrown(run: () => unknown): Promise<Problem> {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(Problem)
    return error as Problem
  }
  throw new Error('expected a Problem')
}

describe('submit: a domain outcome', () => {
  it('says the answer is dropped when the scenario drops it after the commit, and delivered otherwise', async () => {
    const { engine, alice } = setup()
    const dropped = await engine.submit(alice, 'image', IMAGE, { scenario: as('drop-after-commit') })
    expect(dropped).toMatchObject({ delivery: 'dropped', scenario: 'drop-after-commit', scenarioHttpStatus: 200 })
    expect(engine.readTask(alice, dropped.response.taskId, ORIGIN).snapshot.status).toBe(0) // stored all the same
    expect(await engine.submit(alice, 'image', IMAGE)).toMatchObject({ delivery: 'answered', scenario: 'default' })
  })

  it('passes a scenario’s reject through as its file’s reply, and says which scenario it was', async () => {
    const { engine, alice } = setup()
    const problem = await thrown(() => engine.submit(alice, 'image', IMAGE, { scenario: as('insufficient-credits') }))
    expect(problem.detail).toEqual({
      kind: 'rejected',
      scenarioReply: { status: 402, body: { error: 'Insufficient credits', required: 3 } },
    })
    expect(problem.facts).toMatchObject({ scenario: 'insufficient-credits' })
    expect(problem.facts.taskId).toBeUndefined()
  })

  it('carries the breaches it found on the problem it throws, in strict mode the refusal itself', async () => {
    const lenient = setup()
    const invalid = await thrown(() => lenient.engine.submit(lenient.alice, 'image', RELAY))
    expect(invalid.detail.kind).toBe('invalid-request')
    expect(invalid.facts.breaches?.map((b) => b.rule)).toEqual(['relay-without-key'])
    const strict = setup({ strict: true })
    const refused = await thrown(() => strict.engine.submit(strict.alice, 'image', RELAY))
    expect(refused.detail).toMatchObject({ kind: 'conformance', rule: 'relay-without-key' })
    expect(refused.detail).not.toHaveProperty('status')
    expect(refused.facts.breaches?.map((b) => b.rule)).toEqual(['relay-without-key'])
  })

  it('waits out a latency only with the wait it is given: the engine owns no timer', async () => {
    const waits: number[] = []
    const slow = { name: 'slow', description: 'slow', rules: [{ submit: { latency: 0.25 }, use: 'default' }] }
    const { engine, alice } = setup({ scenarios: [slow], sleep: async (ms) => void waits.push(ms) })
    await engine.submit(alice, 'image', IMAGE, { scenario: as('slow') })
    expect(waits).toEqual([250])
    const bare = setup({ scenarios: [slow] })
    await expect(bare.engine.submit(bare.alice, 'image', IMAGE, { scenario: as('slow') })).resolves.toMatchObject({
      delivery: 'answered',
    })
  })
})

describe('read: the snapshot and the breaches', () => {
  it('reports a relay read too soon without refusing it, and refuses it in strict mode', async () => {
    const { engine, alice } = setup()
    const { response, breaches } = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'relay-job-0001' })
    expect(breaches).toEqual([])
    expect(engine.readTask(alice, response.taskId, ORIGIN).breaches.map((b) => b.rule)).toEqual(['poll-too-soon'])
    engine.advanceClock(60)
    expect(engine.readTask(alice, response.taskId, ORIGIN).breaches).toEqual([])
    engine.patchAccount(alice.id, { strict: true })
    const next = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'relay-job-0002' })
    const refused = await thrown(() => engine.readTask(alice, next.response.taskId, ORIGIN))
    expect(refused.detail).toMatchObject({ kind: 'conformance', rule: 'poll-too-soon' })
    expect(refused.detail).not.toHaveProperty('status')
    expect(refused.facts).toMatchObject({ taskId: next.response.taskId })
  })
})

describe('control: problems as kinds with data', () => {
  it('refuses to advance the own clock of an account on the server clock, naming the account', async () => {
    const { engine, alice } = setup()
    const problem = await thrown(() => engine.advanceAccountClock(alice.id, { seconds: 5 }))
    expect(problem.detail).toEqual({ kind: 'account-on-server-clock', accountId: alice.id })
  })
})
