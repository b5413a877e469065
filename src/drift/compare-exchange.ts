// The comparison: one proxied exchange against what genmock would have answered, findings into the drift report.
import { isPlainObject } from '../contract/fields.js'
import { modelListSchema } from '../contract/responses.js'
import type { Engine } from '../engine/engine.js'
import type { PricingFixture } from '../contract/fixtures.js'
import { calibrate, type CalibrationOutput, type StatusesSeen } from './calibrate.js'
import { wouldAnswer, type WouldAnswer } from './would-answer.js'
import { answerDrift, schemaDrift, shown } from './field-drift.js'
import type { DriftExample, DriftInput } from './drift-report.js'
import { knownValues, type KnownValues, type TaskFacts } from './task-watch.js'
import { Problem, type ProblemDetail } from '../engine/problem.js'
import type { Drift } from './drift-state.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { ExchangeKind } from '../http/router.js'
import { scenarioAsked } from '../http/prefer-header.js'
import { problemToHttp } from '../http/replies.js'
import { readJson } from '../http/read-request.js'
import type { Redactor } from '../http/redaction.js'

/** The kinds of exchange (handlers/route-table.ts) whose success status calibration reads. */
const SUCCESS_ROUTES = { image: 'image submission', video: 'video submission', read: 'task read' } as const

/**
 * What a drift report implies (docs/check-against-the-service.md): the success statuses
 * are read here, where statuses belong; the rest is calibrate's.
 * @example
 * calibrationOf(simulator.drift, defaultPricing).report // '# genmock calibration from 40 recorded exchanges …'
 */
export function calibrationOf(drift: Drift, pricing: PricingFixture): CalibrationOutput {
  const observations = drift.observations()
  const statuses: StatusesSeen = {}
  for (const [what, kind] of Object.entries(SUCCESS_ROUTES) as [keyof StatusesSeen, ExchangeKind][]) {
    const where = drift.labelOf(kind) ?? kind
    const [status, seen] =
      Object.entries(observations.statuses[where] ?? {})
        .filter(([code]) => code.startsWith('2'))
        .sort((a, b) => b[1] - a[1])[0] ?? []
    if (status !== undefined && status !== '200')
      statuses[what] = { status: Number(status), genmock: 200, seen: seen!, where }
  }
  return calibrate(observations, drift.findings(), pricing, statuses)
}

/** The service's answer as the proxy saw it; `body` is undefined when it was not kept (media, too large). */
export interface ServiceAnswer {
  status: number
  headers: Record<string, string>
  body: Uint8Array | undefined
}

type Body = Record<string, unknown>
type Route = { kind: 'submit'; endpoint: 'image' | 'video' } | { kind: 'task'; id: string } | { kind: 'models' }

/** What the comparison does with each of the service's routes, by the kind of exchange its row says it is. */
function routeKind(kind: ExchangeKind, params: Record<string, string>): Route | undefined {
  if (kind === 'image submission') return { kind: 'submit', endpoint: 'image' }
  if (kind === 'video submission') return { kind: 'submit', endpoint: 'video' }
  if (kind === 'model list') return { kind: 'models' }
  if (kind === 'task read') return { kind: 'task', id: params.id! }
  return undefined
}

function parsed(bytes: Uint8Array | undefined): unknown {
  if (!bytes || bytes.byteLength === 0) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    return undefined
  }
}

const issuePaths = (issues: unknown): string[] =>
  Array.isArray(issues) ? issues.flatMap((i) => (isPlainObject(i) && typeof i.path === 'string' ? [i.path] : [])) : []

const askedSparse = (request: HttpRequest) => /(?:^|[,;\s])sparse\b/i.test(request.headers.prefer ?? '')

/** One exchange being compared: where findings go and what they are about. */
class Comparison {
  readonly found: DriftInput[] = []
  readonly route: string
  readonly drift: Drift
  readonly known: KnownValues
  readonly request: HttpRequest
  readonly status: number
  readonly body: unknown
  readonly redact: Redactor | undefined

  constructor(
    drift: Drift,
    known: KnownValues,
    request: HttpRequest,
    route: string,
    status: number,
    body: unknown,
    redact?: Redactor,
  ) {
    this.redact = redact
    this.drift = drift
    this.known = known
    this.request = request
    this.status = status
    this.body = body
    this.route = route
  }

  /** The service's error answer against genmock's for the same problem: status and error string. */
  error(problem: ProblemDetail): void {
    const expected = problemToHttp(problem)
    const error = (this.body as Body).error
    const place = `${this.route} ${expected.body.error}`
    if (this.status !== expected.status)
      this.found.push({
        kind: 'error-status',
        place,
        service: this.status,
        genmock: expected.status,
        message: `the service answered ${expected.body.error} with ${this.status}, genmock with ${expected.status}`,
      })
    if (error !== expected.body.error)
      this.found.push({
        kind: 'error-body',
        place,
        service: shown(error),
        genmock: expected.body.error,
        message: `the service's error string differs from genmock's "${expected.body.error}"`,
      })
  }

  values(body: Body): void {
    const report = this.drift.report
    const text = (value: string) => this.redact?.text(value) ?? value
    if (typeof body.relayStatus === 'string') report.value('relayStatuses', text(body.relayStatus))
    if (typeof body.errorCode === 'string') report.value('errorCodes', text(body.errorCode))
    if (typeof body.pollAfterSeconds === 'number') report.value('pollAfterSeconds', body.pollAfterSeconds)
  }
}

/** Whether the answer is an error body of the interface's form, `{error: string, …}`; a finding when it is not. */
function errorBodyOk(c: Comparison): boolean {
  if (isPlainObject(c.body) && typeof c.body.error === 'string') return true
  c.found.push({
    kind: 'error-body',
    place: `${c.route} ${c.status}`,
    service: c.body === undefined ? 'not JSON' : shown(c.body),
    genmock: '{error: string, …}',
    message: `the service answered ${c.status} without the interface's error body`,
  })
  return false
}

function submission(c: Comparison, endpoint: 'image' | 'video', engine: Engine, at: number): void {
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
    c.found.push(...drift.watch.submitted(c.body.taskId, facts, c.body, at, c.known))
}

const removeMissing = (c: Comparison) => {
  const kept = c.found.filter((f) => f.kind !== 'missing-field')
  c.found.splice(0, c.found.length, ...kept)
}

function taskRead(c: Comparison, id: string, at: number): void {
  const { status, drift } = c
  if (status < 200 || status >= 300) {
    if (status >= 500 || !errorBodyOk(c)) return
    const unauthorized = status === 401 || (c.body as Body).error === 'Unauthorized'
    c.error(unauthorized ? { kind: 'unauthorized' } : { kind: 'task-not-found' })
    return
  }
  if (status !== 200)
    c.found.push({
      kind: 'success-status',
      place: c.route,
      service: status,
      genmock: 200,
      message: `the service answered a task read with ${status}, genmock with 200`,
    })
  if (!isPlainObject(c.body)) {
    c.found.push(...answerDrift(c.body, { answer: 'snapshot' }))
    return
  }
  const { findings, facts, ended } = drift.watch.read(id, c.body, at, c.known)
  const type = facts?.type ?? (c.body.type === 'image' || c.body.type === 'video' ? c.body.type : undefined)
  c.found.push(...findings, ...answerDrift(c.body, { answer: 'snapshot', provider: facts?.provider, type }))
  if (askedSparse(c.request)) removeMissing(c)
  c.values(c.body)
  if (ended) drift.report.ended(ended)
}

/**
 * Compares one proxied exchange with what genmock would have answered, and adds what it finds to
 * the engine's drift report. Reads genmock's prices and scenarios; changes no task, balance or
 * journal entry of genmock's own.
 * @example
 * compareExchange(engine, drift, request, { status: 201, headers, body }, Date.now(), example)
 */
export function compareExchange(
  engine: Engine,
  drift: Drift,
  request: HttpRequest,
  answer: ServiceAnswer,
  at: number,
  example: DriftExample,
  redact?: Redactor,
): void {
  const seen = drift.routeOf(request.method, request.path)
  const route = seen && routeKind(seen.kind, seen.params)
  drift.report.exchange(seen && route ? seen.label : 'other', answer.status)
  if (!seen || !route) return
  const known = knownValues(engine.scenarioList().entries.map((entry) => entry.scenario))
  const c = new Comparison(drift, known, request, seen.label, answer.status, parsed(answer.body), redact)
  if (route.kind === 'submit') submission(c, route.endpoint, engine, at)
  else if (route.kind === 'task') taskRead(c, route.id, at)
  else if (answer.status >= 200 && answer.status < 300) {
    if (answer.status !== 200)
      c.found.push({
        kind: 'success-status',
        place: c.route,
        service: answer.status,
        genmock: 200,
        message: `the service answered ${answer.status}, genmock 200`,
      })
    c.found.push(...schemaDrift(modelListSchema, c.body, 'models'))
  }
  for (const finding of c.found) drift.report.add(redact ? redactedFinding(finding, redact) : finding, example)
}

/** A finding with the credentials the client sent taken out of its text and values, wherever echoed. */
function redactedFinding(finding: DriftInput, redact: Redactor): DriftInput {
  const value = (v: unknown): unknown => {
    if (typeof v === 'string') return redact.text(v)
    if (v === null || typeof v !== 'object') return v
    return JSON.parse(redact.text(JSON.stringify(v)))
  }
  return {
    ...finding,
    place: redact.text(finding.place),
    message: redact.text(finding.message),
    service: value(finding.service),
    genmock: value(finding.genmock),
  }
}
