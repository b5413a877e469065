import { describe, expect, it } from 'vitest'
import { RULE_IDS } from '../engine/journal/conformance.js'
import type { Submission } from '../engine/engine.js'
import { DROP } from './request-reply.js'
import { problemToHttp, submissionReply } from './replies.js'

const SUBMISSION: Submission = {
  response: { taskId: 'tsk_1', status: 0, creditsUsed: 6 } as Submission['response'],
  scenarioHttpStatus: 200,
  replayed: false,
  delivery: 'answered',
  scenario: 'default',
  breaches: [],
}

describe('problemToHttp: the one place a problem becomes a status', () => {
  it('answers each strict-mode refusal with its rule’s status, and Retry-After when the rule gives one', () => {
    const status = (rule: (typeof RULE_IDS)[number]) =>
      problemToHttp({ kind: 'conformance', rule, message: 'm' }).status
    expect(Object.fromEntries(RULE_IDS.map((rule) => [rule, status(rule)]))).toEqual({
      'poll-too-soon': 429,
      'poll-after-terminal': 200,
      'relay-without-key': 400,
      'key-reused-with-other-body': 422,
      'retry-with-new-key': 409,
      'key-in-browser': 403,
      'relay-media-without-auth': 401,
      'retry-after-eviction': 409,
      'read-of-evicted-task': 200,
    })
    expect(problemToHttp({ kind: 'conformance', rule: 'poll-too-soon', message: 'm', retryAfterSeconds: 4 })).toEqual({
      status: 429,
      body: { error: 'Conformance: m', rule: 'poll-too-soon' },
      headers: { 'retry-after': '4' },
    })
  })

  it('passes a scenario’s own reply and fault status through as the file wrote them', () => {
    const scenarioReply = { status: 503, body: { error: 'down', hint: 1 }, headers: { 'retry-after': '9' } }
    expect(problemToHttp({ kind: 'rejected', scenarioReply })).toEqual(scenarioReply)
    expect(problemToHttp({ kind: 'rejected', scenarioReply: { status: 402, body: { error: 'x' } } })).toEqual({
      status: 402,
      body: { error: 'x' },
    })
    expect(problemToHttp({ kind: 'fault', scenarioStatus: 502, message: 'boom' })).toEqual({
      status: 502,
      body: { error: 'boom' },
    })
  })

  it('words an account on the server clock as the control API’s 400, naming the routes to use', () => {
    const { status, body } = problemToHttp({ kind: 'account-on-server-clock', accountId: 'acct_1' })
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toContain('PATCH /__mock/accounts/acct_1')
    expect(JSON.stringify(body)).toContain('POST /__mock/clock/advance')
  })
})

describe('submissionReply', () => {
  it('answers with the scenario’s status, marks a replay, and drops what the scenario drops', () => {
    expect(submissionReply({ ...SUBMISSION, scenarioHttpStatus: 202 })).toMatchObject({ status: 202, headers: {} })
    expect(submissionReply({ ...SUBMISSION, replayed: true })).toMatchObject({
      status: 200,
      headers: { 'idempotent-replayed': 'true' },
    })
    expect(submissionReply({ ...SUBMISSION, delivery: 'dropped' })).toBe(DROP)
  })
})
