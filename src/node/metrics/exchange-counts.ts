// The per-request counting behind GET /__mock/metrics (docs/metrics-and-traces.md): plain numbers in
// cells made once per route and method, so that counting a request allocates nothing and builds no string.
import type { RouteTrace } from '../../http/exchange-entry.js'
import type { ExchangeListener, MetricsPage, MatchedRoute } from '../../metrics/exchange-listener.js'

/** Upper bounds of the request duration histogram, in seconds (le labels). */
export const DURATION_BOUNDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Upper bounds of the state save histogram, in seconds. */
export const SAVE_BOUNDS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10]
/** A request that matched no route: its path is never a label (docs/metrics-and-traces.md, Labels). */
export const UNMATCHED = 'unmatched'
/** The methods a label may name; any other is counted as OTHER. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
/** Statuses 0 (dropped) to 599, one slot each. */
const STATUSES = 600
/** How many accounts get a label of their own (docs/metrics-and-traces.md, Labels); the rest are OTHER_ACCOUNT. */
export const LABELLED_ACCOUNTS = 100
/** The account label of the requests of every account past the first LABELLED_ACCOUNTS seen. */
export const OTHER_ACCOUNT = 'other'

/** Observations of a duration: counts per bucket (not cumulative), their sum and number (in a typed array). */
export class Histogram {
  readonly bounds: readonly number[]
  readonly buckets: Float64Array
  /** The sum and the number of observations. */
  readonly totals = new Float64Array(2)

  constructor(bounds: readonly number[]) {
    this.bounds = bounds
    this.buckets = new Float64Array(bounds.length)
  }

  get sum(): number {
    return this.totals[0]!
  }
  get count(): number {
    return this.totals[1]!
  }

  /** Counts one observation (the state's saves; ExchangeCounts.exchange writes the same steps out). */
  observe(seconds: number): void {
    const { totals, bounds, buckets } = this
    totals[0]! += seconds
    totals[1]!++
    let i = 0
    while (i < bounds.length && seconds > bounds[i]!) i++
    if (i < bounds.length) buckets[i]!++
  }
}

/** One route and method: its requests by status, and how long they took. */
export class RouteCell {
  readonly route: string
  readonly method: string
  readonly statuses = new Float64Array(STATUSES)
  readonly durations = new Histogram(DURATION_BOUNDS)

  constructor(route: string, method: string) {
    this.route = route
    this.method = method
  }
}

/**
 * The counts of every exchange: one RouteCell per route row and method, found by the row object and
 * a scan of its (one or two) methods.
 * @example
 * counts.exchange(row, 'GET', 200, 0.0004, trace)
 * counts.cells() // [RouteCell { route: '/api/ai/tasks/:id', method: 'GET', … }]
 */
export class ExchangeCounts implements ExchangeListener {
  #byRoute = new Map<MatchedRoute | undefined, RouteCell[]>()
  replays = 0
  readonly saves = new Histogram(SAVE_BOUNDS)
  failedSaves = 0
  /** Each account's slot, given on first sight (at most LABELLED_ACCOUNTS; OTHER_ACCOUNT's is the last). */
  readonly #slots = new Map<string, number>()
  /** Each slot's account id, then OTHER_ACCOUNT; and its requests by status. */
  readonly #accountIds: string[] = []
  readonly #byAccount: Float64Array[] = []
  /** The metrics page (metrics-listener.ts sets it). */
  scrape: ((accept: string | undefined) => Promise<MetricsPage>) | undefined

  exchange(route: MatchedRoute | undefined, method: string, status: number, seconds: number, trace: RouteTrace) {
    let cells = this.#byRoute.get(route)
    if (!cells) this.#byRoute.set(route, (cells = []))
    const label = METHODS.has(method) ? method : 'OTHER'
    let cell: RouteCell | undefined
    for (let i = 0; i < cells.length; i++) if (cells[i]!.method === label) cell = cells[i]
    if (!cell) cells.push((cell = new RouteCell(route?.path ?? UNMATCHED, label)))
    cell.statuses[status >= 0 && status < STATUSES ? status : 0]!++
    // Histogram.observe written out: a double handed to a call V8 does not inline is boxed, 16 bytes a request.
    const { totals, bounds, buckets } = cell.durations
    totals[0]! += seconds
    totals[1]!++
    let i = 0
    while (i < bounds.length && seconds > bounds[i]!) i++
    if (i < bounds.length) buckets[i]!++
    const { accountId } = trace
    if (accountId !== undefined) {
      const slot = this.#slots.get(accountId) ?? this.#slotOf(accountId)
      this.#byAccount[slot]![status >= 0 && status < STATUSES ? status : 0]!++
    }
    // A replay answered 503 by a save that failed was not one: the client got no task.
    if (trace.replayed && status < 300) this.replays++
  }

  /** A slot for an account first seen: its own while there are some left, else the shared OTHER_ACCOUNT's. */
  #slotOf(accountId: string): number {
    const ids = this.#accountIds
    if (ids.length === 0) ids[LABELLED_ACCOUNTS] = OTHER_ACCOUNT
    if (this.#slots.size >= LABELLED_ACCOUNTS) {
      this.#byAccount[LABELLED_ACCOUNTS] ??= new Float64Array(STATUSES)
      return LABELLED_ACCOUNTS
    }
    const slot = this.#slots.size
    this.#slots.set(accountId, slot)
    ids[slot] = accountId
    this.#byAccount[slot] = new Float64Array(STATUSES)
    return slot
  }

  /**
   * The requests of each account seen, by status: its id (OTHER_ACCOUNT for the accounts past the first
   * LABELLED_ACCOUNTS) and its counts.
   */
  accounts(): { id: string; statuses: Float64Array }[] {
    const seen: { id: string; statuses: Float64Array }[] = []
    for (const [slot, statuses] of this.#byAccount.entries())
      if (statuses) seen.push({ id: this.#accountIds[slot]!, statuses })
    return seen
  }

  /** A save of the state (the state keeper's onSaved option): its seconds, or its failure. */
  saved = (seconds: number, failed: boolean): void => {
    if (failed) this.failedSaves++
    else this.saves.observe(seconds)
  }

  /** Every cell, route by route. */
  cells(): RouteCell[] {
    return [...this.#byRoute.values()].flat()
  }
}
