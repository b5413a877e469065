/**
 * The drift report (docs/check-against-the-service.md): where the service answered
 * otherwise than genmock would have, grouped by kind and place, and what was merely observed.
 * Pure data: the route core decides what a finding is, this keeps them.
 */

import { bounded } from '../lib/bounded.js'
import type { DriftKind } from '../contract/control-drift.js'

export { DRIFT_KIND_IDS, DRIFT_KINDS, type DriftKind } from '../contract/control-drift.js'

/** One exchange a finding was seen in, with secrets already redacted. */
export interface DriftExample {
  /** The journal's seq of the exchange. */
  seq: number
  at: string
  method: string
  path: string
  status: number
  requestBody?: string
  responseBody?: string
}

/** One finding: a kind at a place, how often it was seen, and both answers. */
export interface DriftFinding {
  kind: DriftKind
  /** Where: an endpoint, a field, a model and option, a value. */
  place: string
  count: number
  /** What the service did, and what genmock would have done. */
  service: unknown
  genmock: unknown
  message: string
  example: DriftExample
}

export type DriftInput = Omit<DriftFinding, 'count' | 'example'>

/** A count per value: statuses seen, values seen. */
export type Tally = Record<string, number>

/** How a model's tasks ended, per way they ended: the times, polls and relayStatus sequence seen. */
export interface OutcomeSeen {
  status: 1 | 2
  errorCode?: string
  refunded?: boolean
  /** relayStatus values in the order seen, with the seconds after submission each was first seen. */
  relaySteps?: { relayStatus: string; seconds: Range }[]
  count: number
  /** Seconds from the submission to the first read that showed the terminal status. */
  seconds: Range
  polls: Range
}

export interface Range {
  min: number
  max: number
}

export interface ModelSeen {
  submitted: number
  outcomes: Record<string, OutcomeSeen>
}

/** A price seen: per output for image models, per task for video models. */
export interface PriceSeen {
  model: string
  /** The tier, relay resolution or duration it was charged at; `call` for a flat price. */
  option: string
  relay: boolean
  credits: number
  seen: number
}

/** What the traffic showed that is not a finding: timings, values, statuses. */
export interface DriftObservations {
  exchanges: number
  /** Status codes per route, as `METHOD path`. */
  statuses: Record<string, Tally>
  prices: PriceSeen[]
  relayStatuses: Tally
  errorCodes: Tally
  pollAfterSeconds: Tally
  models: Record<string, ModelSeen>
}

const MAX_FINDINGS = 1000

const range = (value: number): Range => ({ min: value, max: value })
const widen = (r: Range, value: number) => {
  r.min = Math.min(r.min, value)
  r.max = Math.max(r.max, value)
}
/**
 * A table keyed by what the service or a client sent (a model, a status, an error code): no
 * prototype, so `__proto__` or `constructor` is a key like any other.
 */
const table = <T>(): Record<string, T> => Object.create(null)
/** Distinct keys a table keeps; later ones are counted under OTHER. */
const MAX_KEYS = 200
const OTHER = '(other)'
/** The key to count `key` under: itself, or OTHER once the table is full. */
const slot = (tally: Record<string, unknown>, name: string) => {
  // A name from outside (a model a client sent) may be a megabyte: kept by its first 256 characters.
  const key = bounded(name, 256)
  return key in tally || Object.keys(tally).length < MAX_KEYS ? key : OTHER
}
const bump = (tally: Tally, key: string) => {
  const at = slot(tally, key)
  tally[at] = (tally[at] ?? 0) + 1
}

/** A terminal task as the tracker saw it, for the observations. */
export interface TaskEnded {
  model: string
  status: 1 | 2
  errorCode?: string | undefined
  refunded?: boolean | undefined
  relaySteps?: { relayStatus: string; seconds: number }[] | undefined
  seconds: number
  polls: number
}

/**
 * Findings grouped by kind and place (one entry each, counted, with the first example), and the
 * observations. Bounded: at most 1000 distinct findings are kept.
 * @example
 * report.add({ kind: 'price', place: 'video-d 8', service: 25, genmock: 80, message: '…' }, example)
 */
export class DriftReport {
  #findings = new Map<string, DriftFinding>()
  #observations = DriftReport.#empty()
  /** Since the last `take` (docs/state.md): the findings added or counted, whether the rest changed. */
  #changed = new Set<string>()
  #observed = false
  #cleared = false

  static #empty(): DriftObservations {
    return {
      exchanges: 0,
      statuses: table(),
      prices: [],
      relayStatuses: table(),
      errorCodes: table(),
      pollAfterSeconds: table(),
      models: table(),
    }
  }

  add(finding: DriftInput, example: DriftExample): void {
    const place = bounded(finding.place, 256)
    const key = findingKey({ kind: finding.kind, place })
    const kept = this.#findings.get(key)
    if (kept) kept.count += 1
    else if (this.#findings.size < MAX_FINDINGS)
      this.#findings.set(key, { ...finding, place, message: bounded(finding.message, 2048), count: 1, example })
    else return
    this.#changed.add(key)
  }

  /** Findings in the order first seen. */
  findings(): DriftFinding[] {
    return [...this.#findings.values()]
  }

  /** Occurrences per kind. */
  counts(): Partial<Record<DriftKind, number>> {
    const counts: Partial<Record<DriftKind, number>> = {}
    for (const f of this.#findings.values()) counts[f.kind] = (counts[f.kind] ?? 0) + f.count
    return counts
  }

  observations(): DriftObservations {
    return this.#observations
  }

  exchange(route: string, status: number): void {
    this.#observed = true
    this.#observations.exchanges += 1
    const { statuses } = this.#observations
    bump((statuses[slot(statuses, route)] ??= table()), String(status))
  }

  value(kind: 'relayStatuses' | 'errorCodes' | 'pollAfterSeconds', value: string | number): void {
    this.#observed = true
    bump(this.#observations[kind], String(value))
  }

  price(seen: Omit<PriceSeen, 'seen'>): void {
    this.#observed = true
    const kept = this.#observations.prices.find(
      (p) => p.model === seen.model && p.option === seen.option && p.relay === seen.relay && p.credits === seen.credits,
    )
    if (kept) kept.seen += 1
    else if (this.#observations.prices.length < MAX_KEYS) this.#observations.prices.push({ ...seen, seen: 1 })
  }

  submitted(model: string): void {
    this.#observed = true
    this.#model(model).submitted += 1
  }

  #model(name: string): ModelSeen {
    const { models } = this.#observations
    return (models[slot(models, name)] ??= { submitted: 0, outcomes: table() })
  }

  ended(task: TaskEnded): void {
    this.#observed = true
    const model = this.#model(task.model)
    const sequence = task.relaySteps?.map((s) => s.relayStatus).join('>') ?? ''
    const key = [task.status, task.errorCode ?? '', task.refunded ?? '', sequence].join('|')
    const kept = model.outcomes[key]
    if (!kept) {
      if (slot(model.outcomes, key) === OTHER) return
      model.outcomes[key] = {
        status: task.status,
        ...(task.errorCode !== undefined ? { errorCode: task.errorCode } : {}),
        ...(task.refunded !== undefined ? { refunded: task.refunded } : {}),
        ...(task.relaySteps
          ? { relaySteps: task.relaySteps.map((s) => ({ relayStatus: s.relayStatus, seconds: range(s.seconds) })) }
          : {}),
        count: 1,
        seconds: range(task.seconds),
        polls: range(task.polls),
      }
      return
    }
    kept.count += 1
    widen(kept.seconds, task.seconds)
    widen(kept.polls, task.polls)
    for (const [i, step] of (task.relaySteps ?? []).entries()) widen(kept.relaySteps![i]!.seconds, step.seconds)
  }

  clear(): void {
    this.#findings.clear()
    this.#observations = DriftReport.#empty()
    this.#cleared = true
  }

  /** The findings and observations as they are (live objects: serialise them at once). */
  save(): SavedReport {
    return { findings: this.findings(), observations: this.#observations }
  }

  /** Replaces the report with a saved one (checked by the caller: src/contract/saved-snapshot.ts). */
  restore({ findings, observations }: SavedReport): void {
    this.#findings = new Map(findings.slice(0, MAX_FINDINGS).map((f) => [findingKey(f), structuredClone(f)]))
    const tables = <T>(from: Record<string, T>, each: (value: T) => T = (value) => ({ ...value })) => {
      const to = table<T>()
      for (const [key, value] of Object.entries(from)) to[key] = each(value)
      return to
    }
    this.#observations = {
      exchanges: observations.exchanges,
      statuses: tables(observations.statuses, (tally) => tables(tally, Number)),
      prices: observations.prices.map((price) => ({ ...price })),
      relayStatuses: tables(observations.relayStatuses, Number),
      errorCodes: tables(observations.errorCodes, Number),
      pollAfterSeconds: tables(observations.pollAfterSeconds, Number),
      models: tables(observations.models, (model) => ({
        submitted: model.submitted,
        outcomes: tables(model.outcomes, (outcome) => structuredClone(outcome)),
      })),
    }
    this.#cleared = true
  }

  /**
   * What changed since the last `take` (or `markSaved`): the findings added or counted, and the
   * observations when they changed; everything, `whole`, after a clear or a restore.
   */
  take(): ReportChanges | undefined {
    const changes: ReportChanges | undefined = this.#cleared
      ? { whole: true, ...this.save() }
      : this.#changed.size > 0 || this.#observed
        ? {
            findings: [...this.#changed].map((key) => this.#findings.get(key)!),
            ...(this.#observed ? { observations: this.#observations } : {}),
          }
        : undefined
    this.markSaved()
    return changes
  }

  /** What there is now is saved: changes count from here. */
  markSaved(): void {
    this.#changed.clear()
    this.#observed = false
    this.#cleared = false
  }
}

/** A finding's place in the report: one entry per kind and place. */
export const findingKey = ({ kind, place }: Pick<DriftFinding, 'kind' | 'place'>) => `${kind}|${place}`

/** The report as a saved state holds it (docs/state.md). */
export interface SavedReport {
  /** In the order first seen. */
  findings: DriftFinding[]
  observations: DriftObservations
}

/** The report's changes since the last save: `whole` replaces the saved report. */
export interface ReportChanges {
  whole?: true
  /** Added or counted since, whole. */
  findings: DriftFinding[]
  observations?: DriftObservations
}
