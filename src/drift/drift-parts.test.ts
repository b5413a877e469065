import { describe, expect, test } from 'vitest'
import { scenarioSchema } from '../contract/scenario.js'
import { defaultPricing } from '../engine/default-fixtures.js'
import { Engine } from '../engine/engine.js'
import { calibrate, withCalibration } from './calibrate.js'
import { wouldAnswer } from './would-answer.js'
import { answerDrift } from './field-drift.js'
import { DriftReport } from './drift-report.js'
import { FollowedTasks, knownValues } from './followed-tasks.js'

const engine = new Engine({ seed: 7, clock: { mode: 'manual', start: 0 } })
const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
const known = knownValues(engine.scenarioList().entries.map((e) => e.scenario))

describe('answerDrift', () => {
  test("genmock's own answers have no drift; each departure is named once", async () => {
    const { response } = await engine.submit(alice, 'image', { model: 'base-image-2', prompt: 'a fox' })
    expect(answerDrift(response, { answer: 'submission', provider: 'standard', type: 'image' })).toEqual([])
    engine.advanceClock(60)
    const snapshot = engine.readTask(alice, response.taskId, 'http://localhost').snapshot
    expect(answerDrift(snapshot, { answer: 'snapshot', provider: 'standard', type: 'image' })).toEqual([])
    const { outputImageUrls: _, ...withoutOutputs } = snapshot
    const odd = { ...withoutOutputs, status: 1, creditsUsed: '4', tags: [] }
    expect(
      answerDrift(odd, { answer: 'snapshot', provider: 'standard', type: 'image' }).map((f) => `${f.kind} ${f.place}`),
    ).toEqual([
      'field-type snapshot.creditsUsed',
      'extra-field snapshot.tags',
      'missing-field snapshot.outputImageUrls',
    ])
  })

  test('relay fields are expected only of relay tasks; a read of an unknown task expects no more than it shows', () => {
    const base = { taskId: 't', status: 0, creditsUsed: 5, creditRefunded: false, providerTaskId: 'p', requestId: 'r' }
    const full = { ...base, httpRequestId: 'h', submissionUncertain: false, effectiveWatermark: false, demo: false }
    expect(answerDrift(full, { answer: 'submission', provider: 'relay' }).map((f) => f.place)).toEqual([
      'submission.upstreamHttpStatus',
      'submission.relayStatus',
      'submission.pollAfterSeconds',
      'submission.expiresAt',
    ])
    expect(answerDrift(full, { answer: 'submission', provider: 'standard' })).toEqual([])
    expect(answerDrift('<html>', { answer: 'snapshot' })[0]).toMatchObject({ kind: 'field-type', service: 'string' })
  })
})

describe('FollowedTasks', () => {
  const facts = { model: 'base-image-2', type: 'image', provider: 'relay' } as const
  const answer = { taskId: 't1', status: 0, relayStatus: 'queued', pollAfterSeconds: 5 }

  test('0 → 1 ends a task once; a terminal task that changes breaks a rule', () => {
    const followed = new FollowedTasks()
    expect(followed.submitted('t1', facts, answer, 0, known)).toEqual([])
    expect(followed.read('t1', { ...answer, relayStatus: 'running' }, 2000, known).findings).toEqual([])
    const done = followed.read('t1', { ...answer, status: 1, relayStatus: 'succeeded' }, 9000, known)
    expect(done.ended).toMatchObject({ status: 1, seconds: 9, polls: 2 })
    expect(done.ended?.relaySteps?.map((s) => s.relayStatus)).toEqual(['queued', 'running', 'succeeded'])
    const again = followed.read('t1', { ...answer, status: 2, relayStatus: 'failed' }, 12_000, known)
    expect(again.findings.map((f) => f.place)).toEqual(['terminal task changed'])
    expect(again.ended).toBeUndefined()
  })

  test('refunds, poll waits and values outside the catalogue are findings', () => {
    const followed = new FollowedTasks()
    const odd = { ...answer, status: 1, creditRefunded: true, pollAfterSeconds: 3, relayStatus: 'processing' }
    expect(followed.submitted('t2', facts, odd, 0, known).map((f) => `${f.kind} ${f.place}`)).toEqual([
      'unknown-relay-status processing',
      'state-rule pollAfterSeconds',
      'state-rule creditRefunded before failure',
    ])
    const expired = { taskId: 't3', status: 2, relayStatus: 'expired', creditRefunded: true, errorCode: 'GONE' }
    expect(followed.read('t3', expired, 0, known).findings.map((f) => f.place)).toEqual([
      'GONE',
      'creditRefunded at relayStatus expired',
    ])
    expect(known.errorCodes.has('UPSTREAM_FAILED')).toBe(true)
  })
})

describe('wouldAnswer', () => {
  test('prices, validates and follows the scenario a request would get, touching nothing', () => {
    const before = engine.getAccount('acct_alice').credits
    const video = wouldAnswer(
      engine.answerBasis(),
      'video',
      { model: 'video-d', inputMode: 'text_to_video', prompt: 'w' },
      null,
      null,
    )
    expect(video).toMatchObject({ accepted: true, credits: 80, httpStatus: 200, basis: { option: '8', units: 1 } })
    const relay = wouldAnswer(
      engine.answerBasis(),
      'image',
      { provider: 'relay', model: 'base-image-2', prompt: 'x', resolution: '2K' },
      null,
      null,
    )
    expect(relay).toMatchObject({ accepted: false, problem: { kind: 'invalid-request' } })
    const rejected = wouldAnswer(engine.answerBasis(), 'image', { model: 'base-image-2', prompt: 'x' }, null, {
      name: 'insufficient-credits',
      header: 'X-Mock-Scenario',
    })
    expect(rejected).toMatchObject({
      accepted: false,
      problem: { kind: 'rejected', scenarioReply: { status: 402, body: { required: 4 } } },
    })
    expect(engine.getAccount('acct_alice').credits).toBe(before)
  })
})

describe('calibrate', () => {
  test('turns observations into prices and a scenario that loads', () => {
    const report = new DriftReport()
    report.price({ model: 'video-d', option: '8', relay: false, credits: 60 })
    report.price({ model: 'base-image-2', option: '1K', relay: false, credits: 5 })
    report.submitted('video-d')
    for (const seconds of [40, 70]) report.ended({ model: 'video-d', status: 1, seconds, polls: 3 })
    report.ended({ model: 'video-d', status: 2, seconds: 20, polls: 1, errorCode: 'PROVIDER_TIMEOUT', refunded: true })
    const video = { status: 201, genmock: 200, seen: 1, where: 'video submissions' }
    const output = calibrate(report.observations(), [], defaultPricing, { video })
    expect(output.prices.pricing.video['video-d']).toEqual({ 8: 60 })
    expect(output.report).toContain('base-image-2 at 1K cost 5, the interface says 4')
    const scenario = scenarioSchema.parse(output.scenario)
    expect(scenario.rules.map((r) => [r.match?.chance, r.submit?.httpStatus, r.timeline?.[0]?.at])).toEqual([
      [0.333, 201, '20s'],
      [undefined, 201, '40s..70s'],
      [undefined, 201, undefined],
    ])
    const calibrated = new Engine(withCalibration({ calibration: { pricing: output.prices.pricing, scenario } }))
    expect(calibrated.scenarioList().defaultName).toBe('calibrated')
    expect(
      calibrated.answerBasis().catalogue.price({ model: 'video-d', inputMode: 'text_to_video', prompt: 'x' } as never),
    ).toBe(60)
  })
})
