// What the drift report observes beside its findings (docs/check-against-the-service.md): statuses,
// prices, values and how each model's tasks ended, counted in tables bounded whatever the traffic.
import { bounded } from '../lib/bounded.js'

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

/** A terminal task as the followed tasks saw it, for the observations. */
export interface TaskEnded {
  model: string
  status: 1 | 2
  errorCode?: string | undefined
  refunded?: boolean | undefined
  relaySteps?: { relayStatus: string; seconds: number }[] | undefined
  seconds: number
  polls: number
}

/** Observations of no traffic yet. */
export function emptyObservations(): DriftObservations {
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

/** One exchange of a route (`METHOD path`) answered with `status`. */
export function countExchange(observations: DriftObservations, route: string, status: number): void {
  observations.exchanges += 1
  const { statuses } = observations
  bump((statuses[slot(statuses, route)] ??= table()), String(status))
}

export function countValue(
  observations: DriftObservations,
  kind: 'relayStatuses' | 'errorCodes' | 'pollAfterSeconds',
  value: string | number,
): void {
  bump(observations[kind], String(value))
}

export function countPrice(observations: DriftObservations, seen: Omit<PriceSeen, 'seen'>): void {
  const kept = observations.prices.find(
    (p) => p.model === seen.model && p.option === seen.option && p.relay === seen.relay && p.credits === seen.credits,
  )
  if (kept) kept.seen += 1
  else if (observations.prices.length < MAX_KEYS) observations.prices.push({ ...seen, seen: 1 })
}

export function countSubmitted(observations: DriftObservations, model: string): void {
  modelSeen(observations, model).submitted += 1
}

function modelSeen(observations: DriftObservations, name: string): ModelSeen {
  const { models } = observations
  return (models[slot(models, name)] ??= { submitted: 0, outcomes: table() })
}

/** A task ended: counted under its model and the way it ended, its times and polls widening the ranges. */
export function countEnded(observations: DriftObservations, task: TaskEnded): void {
  const model = modelSeen(observations, task.model)
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

/** A deep copy of saved observations, in tables without a prototype (checked by the caller). */
export function copiedObservations(observations: DriftObservations): DriftObservations {
  const tables = <T>(from: Record<string, T>, each: (value: T) => T = (value) => ({ ...value })) => {
    const to = table<T>()
    for (const [key, value] of Object.entries(from)) to[key] = each(value)
    return to
  }
  return {
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
}
