import { describe, expect, it } from 'vitest'
import { scenarioSchema, type ScenarioInput } from '../contract/scenario.js'
import { engineWith, IMAGE, ORIGIN, RELAY, START, UPSTREAM_A, VIDEO } from './engine.fixtures.js'

/** A scenario whose tasks never change by themselves: only the interface's own rules move them. */
const scenario = (name: string, rules: ScenarioInput['rules']) =>
  scenarioSchema.parse({ name, description: `test scenario ${name}`, rules })
const never = { scenarios: [scenario('never', [{}])], scenario: 'never' }

describe('Engine: upstream-a grace window (the upstream-a-grace scenario)', () => {
  // It fails with a refund.
  it('a task the upstream never learns of stays pending for 30 s, then fails UPSTREAM_TASK_NOT_FOUND', async () => {
    const { engine, alice, credits } = engineWith({ scenario: 'upstream-a-grace' })
    const { response } = await engine.submit(alice, 'image', UPSTREAM_A)
    expect(response.status).toBe(0)
    expect(response.creditsUsed).toBe(3)
    expect(credits()).toBe(997)

    engine.advanceClock(29.999)
    const pending = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(pending.status).toBe(0)
    expect(pending.creditRefunded).toBe(false)
    expect(credits()).toBe(997)

    engine.advanceClock(0.001)
    const failed = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(failed.status).toBe(2)
    expect(failed.errorCode).toBe('UPSTREAM_TASK_NOT_FOUND')
    expect(typeof failed.errorMessage).toBe('string')
    expect(failed.creditRefunded).toBe(true)
    expect(failed.updatedAt).toBe(new Date(START + 30_000).toISOString())
    expect(credits()).toBe(1000)
  })

  it('with the default lifecycle an upstream-a task completes and is not failed by the grace rule', async () => {
    const { engine, alice, credits } = engineWith()
    const { response } = await engine.submit(alice, 'image', UPSTREAM_A)
    engine.advanceClock(12)
    const done = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(done.status).toBe(1)
    expect(done.outputImageUrls?.length).toBe(1)
    engine.advanceClock(60)
    const later = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(later.status).toBe(1)
    expect(later.creditRefunded).toBe(false)
    expect(credits()).toBe(997)
  })

  it('an upstream that learns of the task inside the window keeps it pending past 30 s', async () => {
    const { engine, alice } = engineWith({ scenario: 'upstream-a-grace' })
    const { response } = await engine.submit(alice, 'image', { ...UPSTREAM_A, prompt: 'found-late' })
    engine.advanceClock(39.999)
    expect(engine.readTask(alice, response.taskId, ORIGIN).snapshot.status).toBe(0)
    engine.advanceClock(0.001)
    expect(engine.readTask(alice, response.taskId, ORIGIN).snapshot.status).toBe(1)
  })
})

describe('Engine: relay expiry', () => {
  it('a relay task still pending at expiresAt expires without a refund', async () => {
    const { engine, alice, credits } = engineWith(never)
    const { response } = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'relay-job-0001' })
    expect(response.status).toBe(0)
    expect(response.expiresAt).toBe(new Date(START + 3600_000).toISOString())
    expect(response.pollAfterSeconds).toBeGreaterThanOrEqual(5)
    const charged = response.creditsUsed
    expect(charged).toBeGreaterThan(0)
    expect(credits()).toBe(1000 - charged)

    engine.advanceClock(3599.999)
    expect(engine.readTask(alice, response.taskId, ORIGIN).snapshot.status).toBe(0)

    engine.advanceClock(0.001)
    const expired = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(expired.status).toBe(2)
    expect(expired.relayStatus).toBe('expired')
    expect(expired.errorCode).toBe('RELAY_TASK_EXPIRED')
    expect(expired.creditRefunded).toBe(false)
    expect(credits()).toBe(1000 - charged)
    expect(engine.getAccount(alice.id).ledger.some((e) => e.kind === 'refund')).toBe(false)

    engine.advanceClock(86_400)
    expect(engine.readTask(alice, response.taskId, ORIGIN).snapshot).toEqual(expired)
    expect(credits()).toBe(1000 - charged)
  })

  it('a relay task that completes before expiresAt does not expire', async () => {
    const { engine, alice } = engineWith()
    const { response } = await engine.submit(alice, 'image', RELAY, { idempotencyKey: 'relay-job-0002' })
    engine.advanceClock(7200)
    const task = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(task.status).toBe(1)
    expect(task.relayStatus).toBe('succeeded')
  })
})

describe('Engine: upstream failure refund', () => {
  const failing = {
    scenario: 'failing',
    scenarios: [
      scenario('failing', [
        {
          timeline: [
            { at: '5s', set: { status: 2, errorCode: 'UPSTREAM_FAILED' }, refund: true },
            // A later step must not refund again nor change a terminal task.
            { at: '6s', set: { status: 1 }, refund: true },
          ],
        },
      ]),
    ],
  }

  it('refunds exactly once, at the moment of failure, even when observed much later', async () => {
    const { engine, alice, credits } = engineWith(failing)
    const { response } = await engine.submit(alice, 'video', VIDEO)
    const charged = response.creditsUsed
    expect(credits()).toBe(1000 - charged)

    engine.advanceClock(3600) // nobody looks for an hour
    const task = engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(task.status).toBe(2)
    expect(task.errorCode).toBe('UPSTREAM_FAILED')
    expect(task.creditRefunded).toBe(true)
    expect(task.outputVideoUrl).toBeUndefined()
    expect(task.updatedAt).toBe(new Date(START + 5000).toISOString())
    expect(credits()).toBe(1000)

    const refunds = engine
      .getAccount(alice.id)
      .ledger.filter((e) => e.kind === 'refund' && e.taskId === response.taskId)
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.at).toBe(START + 5000)
    expect(refunds[0]!.amount).toBe(charged)
    expect(refunds[0]!.balanceAfter).toBe(1000)

    engine.advanceClock(3600)
    engine.readTask(alice, response.taskId, ORIGIN).snapshot
    expect(engine.getAccount(alice.id).ledger.filter((e) => e.kind === 'refund')).toHaveLength(1)
    expect(credits()).toBe(1000)
  })

  it('the refund is ordered between other accounts’ events by its own time', async () => {
    const { engine, alice } = engineWith(failing)
    await engine.submit(alice, 'image', IMAGE)
    engine.advanceClock(2)
    await engine.submit(alice, 'image', IMAGE)
    engine.advanceClock(100)
    const refundTimes = engine
      .getAccount(alice.id)
      .ledger.filter((e) => e.kind === 'refund')
      .map((e) => e.at)
    expect(refundTimes).toEqual([START + 5000, START + 7000])
  })
})
