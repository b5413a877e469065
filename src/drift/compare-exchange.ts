// The comparison: one proxied exchange against what genmock would have answered, findings into the drift report.
import { isPlainObject } from '../contract/fields.js'
import { modelListSchema } from '../contract/responses.js'
import type { Engine } from '../engine/engine.js'
import type { PricingFixture } from '../contract/fixtures.js'
import { calibrate, type CalibrationOutput, type StatusesSeen } from './calibrate.js'
import { askedSparse, Comparison, errorBodyOk, removeMissing, type Body } from './exchange-comparison.js'
import { submission } from './submission-drift.js'
import { answerDrift, schemaDrift } from './field-drift.js'
import type { DriftExample, DriftInput } from './drift-report.js'
import { knownValues } from './followed-tasks.js'
import type { Drift } from './drift-state.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { ExchangeKind } from '../http/router.js'
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
  const { findings, facts, ended } = drift.followed.read(id, c.body, at, c.known)
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
