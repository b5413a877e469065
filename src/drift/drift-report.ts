/**
 * The drift report (docs/check-against-the-service.md): where the service answered
 * otherwise than genmock would have, grouped by kind and place, and what was merely observed.
 * Pure data: the route core decides what a finding is, this keeps them.
 */

import { bounded } from '../lib/bounded.js'
import type { DriftKind } from '../contract/control-drift.js'
import {
  copiedObservations,
  countEnded,
  countExchange,
  countPrice,
  countSubmitted,
  countValue,
  emptyObservations,
  type DriftObservations,
  type PriceSeen,
  type TaskEnded,
} from './drift-observations.js'

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

const MAX_FINDINGS = 1000

/**
 * Findings grouped by kind and place (one entry each, counted, with the first example), and the
 * observations. Bounded: at most 1000 distinct findings are kept.
 * @example
 * report.add({ kind: 'price', place: 'video-d 8', service: 25, genmock: 80, message: '…' }, example)
 */
export class DriftReport {
  #findings = new Map<string, DriftFinding>()
  #observations = emptyObservations()
  /** Since the last `take` (docs/state.md): the findings added or counted, whether the rest changed. */
  #changed = new Set<string>()
  #observed = false
  #cleared = false

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
    countExchange(this.#observations, route, status)
  }

  value(kind: 'relayStatuses' | 'errorCodes' | 'pollAfterSeconds', value: string | number): void {
    this.#observed = true
    countValue(this.#observations, kind, value)
  }

  price(seen: Omit<PriceSeen, 'seen'>): void {
    this.#observed = true
    countPrice(this.#observations, seen)
  }

  submitted(model: string): void {
    this.#observed = true
    countSubmitted(this.#observations, model)
  }

  ended(task: TaskEnded): void {
    this.#observed = true
    countEnded(this.#observations, task)
  }

  clear(): void {
    this.#findings.clear()
    this.#observations = emptyObservations()
    this.#cleared = true
  }

  /** The findings and observations as they are (live objects: serialise them at once). */
  save(): SavedReport {
    return { findings: this.findings(), observations: this.#observations }
  }

  /** Replaces the report with a saved one (checked by the caller: src/contract/saved-snapshot.ts). */
  restore({ findings, observations }: SavedReport): void {
    this.#findings = new Map(findings.slice(0, MAX_FINDINGS).map((f) => [findingKey(f), structuredClone(f)]))
    this.#observations = copiedObservations(observations)
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
