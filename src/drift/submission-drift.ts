// A proxied submission against what genmock would have answered (docs/check-against-the-service.md):
// its status, its price, whether the service refused or accepted a body genmock would not, its error.
import { isPlainObject } from '../contract/fields.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { scenarioAsked } from '../http/prefer-header.js'
import { readJson } from '../http/read-request.js'
import { problemToHttp } from '../http/replies.js'
import type { DriftInput } from './drift-report.js'
import { askedSparse, errorBodyOk, removeMissing, type Body, type Comparison } from './exchange-comparison.js'
import { answerDrift, shown } from './field-drift.js'
import type { TaskFacts } from './followed-tasks.js'
import { wouldAnswer, type WouldAnswer } from './would-answer.js'

const issuePaths = (issues: unknown): string[] =>
  Array.isArray(issues) ? issues.flatMap((i) => (isPlainObject(i) && typeof i.path === 'string' ? [i.path] : [])) : []

/** A submission's answer (`at`: when, in milliseconds), its findings into the comparison. */
export function submission(c: Comparison, endpoint: 'image' | 'video', engine: Engine, at: number): void {
  const { request, status } = c
  let would: WouldAnswer
  let sent: Body = {}
  try {
    const value = readJson(request)
    if (isPlainObject(value)) sent = value
    would = wouldAnswer(
      engine.answerBasis(),
      endpoint,
      value,
      request.headers['idempotency-key'] ?? null,
      scenarioAsked(request.headers),
    )
  } catch (error) {
    if (!(error instanceof Problem)) throw error
    would = { accepted: false, problem: error.detail }
  }
  if (status >= 200 && status < 300) {
    accepted(c, endpoint, would, sent, at)
    return
  }
  if (!errorBodyOk(c)) return
  const body = c.body as Body
  if (status === 401 || body.error === 'Unauthorized') {
    c.error({ kind: 'unauthorized' })
    return
  }
  if (status === 402 || body.error === 'Insufficient credits') {
    if (!would.accepted) return
    c.error({ kind: 'insufficient-credits', required: would.credits })
    if (typeof body.required === 'number' && body.required !== would.credits)
      c.found.push(priceFinding(would, body.required, '402 required'))
    return
  }
  if (would.accepted) {
    // A 5xx or a rate limit says nothing of the body: only a refusal of the body itself is drift.
    if (status !== 400 && status !== 422 && body.error !== 'Invalid request') return
    const paths = issuePaths(isPlainObject(body.details) ? body.details.issues : undefined)
    c.found.push({
      kind: 'validation-stricter',
      place: `${endpoint} ${paths.join(', ') || 'body'}`,
      service: `${status} ${String(body.error)}${paths.length > 0 ? `: ${paths.join(', ')}` : ''}`,
      genmock: `${would.httpStatus} accepted`,
      message:
        `the service refused ${endpoint === 'image' ? 'an' : 'a'} ${endpoint} body genmock accepts` +
        `${paths.length ? ` (${paths.join(', ')})` : ''}`,
    })
    return
  }
  if (status >= 500 && would.problem.kind !== 'fault' && would.problem.kind !== 'rejected') return
  c.error(would.problem)
  if (would.problem.kind !== 'invalid-request' || body.error !== 'Invalid request') return
  const details = isPlainObject(body.details) ? body.details : undefined
  const theirs = issuePaths(details?.issues)
  const ours = would.problem.issues.map((issue) => issue.path)
  if (!details || !Array.isArray(details.issues) || !theirs.some((path) => ours.includes(path)))
    c.found.push({
      kind: 'error-body',
      place: `${c.route} Invalid request details`,
      service: shown(body.details),
      genmock: { issues: would.problem.issues.map(({ in: where, path }) => ({ in: where, path })) },
      message:
        "the service's details name none of the fields genmock names, or are not {issues: [{in, path, message}]}",
    })
}

function priceFinding(would: Extract<WouldAnswer, { accepted: true }>, credits: number, what: string): DriftInput {
  const { model, option, relay } = would.basis
  return {
    kind: 'price',
    place: `${model} ${option}${relay ? ' relay' : ''}`,
    service: credits,
    genmock: would.credits,
    message: `${what} ${credits} for ${model} at ${option}${relay ? ' (relay)' : ''}; genmock charges ${would.credits}`,
  }
}

function accepted(c: Comparison, endpoint: 'image' | 'video', would: WouldAnswer, sent: Body, at: number): void {
  const { request, status, drift } = c
  let facts: TaskFacts
  if (would.accepted) {
    facts = { model: would.model, type: would.type, provider: would.provider }
    if (status !== would.httpStatus)
      c.found.push({
        kind: 'success-status',
        place: c.route,
        service: status,
        genmock: would.httpStatus,
        message: `the service accepted with ${status}, genmock with ${would.httpStatus}`,
      })
    const credits = isPlainObject(c.body) ? c.body.creditsUsed : undefined
    if (typeof credits === 'number') {
      const { units, ...basis } = would.basis
      // A total that does not split evenly per output is kept whole, under an option calibration cannot take.
      if (credits % units === 0) drift.report.price({ ...basis, credits: credits / units })
      else drift.report.price({ ...basis, option: `${basis.option} × ${units} outputs`, credits })
      if (credits !== would.credits) c.found.push(priceFinding(would, credits, 'creditsUsed'))
    }
  } else {
    const provider = sent.provider === 'relay' || sent.provider === 'upstream-a' ? sent.provider : 'standard'
    facts = { model: typeof sent.model === 'string' ? sent.model : '?', type: endpoint, provider }
    if (would.problem.kind === 'invalid-request') {
      const expected = problemToHttp(would.problem)
      const issues = would.problem.issues
      c.found.push({
        kind: 'validation-looser',
        place: `${endpoint} ${issues.map((i) => i.path || 'body').join(', ')}`,
        service: `${status} accepted`,
        genmock: `${expected.status} Invalid request: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
        message: `the service accepted ${endpoint === 'image' ? 'an' : 'a'} ${endpoint} body genmock refuses`,
      })
    }
  }
  drift.report.submitted(facts.model)
  c.found.push(...answerDrift(c.body, { answer: 'submission', provider: facts.provider, type: facts.type }))
  if (askedSparse(request)) removeMissing(c)
  if (!isPlainObject(c.body)) return
  c.values(c.body)
  if (typeof c.body.taskId === 'string')
    c.found.push(...drift.followed.submitted(c.body.taskId, facts, c.body, at, c.known))
}
