// One proxied exchange being compared (docs/check-against-the-service.md): the findings it gathers,
// the service's error answers against genmock's, and the values the drift report observes.
import { isPlainObject } from '../contract/fields.js'
import type { ProblemDetail } from '../engine/problem.js'
import type { HttpRequest } from '../http/request-reply.js'
import { problemToHttp } from '../http/replies.js'
import type { Redactor } from '../http/redaction.js'
import type { DriftInput } from './drift-report.js'
import type { Drift } from './drift-state.js'
import { shown } from './field-drift.js'
import type { KnownValues } from './followed-tasks.js'

/** An answer's JSON body. */
export type Body = Record<string, unknown>

/** Whether the request asked for a sparse answer (`Prefer: sparse`). */
export const askedSparse = (request: HttpRequest) => /(?:^|[,;\s])sparse\b/i.test(request.headers.prefer ?? '')

/** One exchange being compared: where findings go and what they are about. */
export class Comparison {
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
export function errorBodyOk(c: Comparison): boolean {
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

/** Drops the missing-field findings: a sparse answer leaves fields out by design. */
export const removeMissing = (c: Comparison) => {
  const kept = c.found.filter((f) => f.kind !== 'missing-field')
  c.found.splice(0, c.found.length, ...kept)
}
