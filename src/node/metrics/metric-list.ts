// The metrics genmock serves at GET /__mock/metrics, one row each: name, type, help, labels and how a
// scrape reads it. docs/metrics-and-traces.md lists them from this table (a test compares the two).
import { CONFORMANCE_RULES } from '../../engine/journal/conformance.js'
import type { Drift } from '../../drift/drift-state.js'
import type { Engine } from '../../engine/engine.js'
import type { RuleId } from '../../contract/conformance-rules.js'
import { type ExchangeCounts, type Histogram, LABELLED_ACCOUNTS, OTHER_ACCOUNT, UNMATCHED } from './exchange-counts.js'

/** What a scrape reads: the engine, the drift report and the counts of the exchanges. */
export interface Sources {
  engine: Engine
  drift: Drift
  counts: ExchangeCounts
}

/** One sample of a family: its labels, its value, and for a histogram's parts their own name. */
export interface Sample {
  labels: Record<string, string | number>
  value: number
  metricName?: string
}

export interface MetricRow {
  name: string
  type: 'counter' | 'gauge' | 'histogram'
  help: string
  labels: readonly string[]
  read: (sources: Sources, name: string) => Sample[]
}

/**
 * A histogram's samples as Prometheus writes them: cumulative buckets, +Inf, sum and count.
 * @example
 * histogramSamples('genmock_state_save_duration_seconds', saves, {})
 */
export function histogramSamples(name: string, histogram: Histogram, labels: Record<string, string>): Sample[] {
  const samples: Sample[] = []
  let below = 0
  histogram.bounds.forEach((le, i) => {
    below += histogram.buckets[i]!
    samples.push({ labels: { ...labels, le }, value: below, metricName: `${name}_bucket` })
  })
  samples.push(
    { labels: { ...labels, le: '+Inf' }, value: histogram.count, metricName: `${name}_bucket` },
    { labels, value: histogram.sum, metricName: `${name}_sum` },
    { labels, value: histogram.count, metricName: `${name}_count` },
  )
  return samples
}

const one = (value: number): Sample[] => [{ labels: {}, value }]

/**
 * The account label of each account the counts saw: its name, or its id when it has none, when it is gone
 * (a reset) or when another account seen has the same name (so that no two share a series).
 */
function accountLabels({ engine, counts }: Sources): { label: string; statuses: Float64Array }[] {
  const names = new Map(engine.listAccounts().map(({ id, name }) => [id, name]))
  const seen = counts.accounts()
  const named = seen.map(({ id }) => names.get(id) || id)
  const taken = new Map<string, number>()
  for (const name of named) taken.set(name, (taken.get(name) ?? 0) + 1)
  return seen.map(({ id, statuses }, i) => ({
    label: id === OTHER_ACCOUNT || taken.get(named[i]!) === 1 ? named[i]! : id,
    statuses,
  }))
}

/** Every metric of genmock's own; the process and event-loop metrics are prom-client's defaults beside them. */
export const METRIC_LIST: readonly MetricRow[] = [
  {
    name: 'genmock_requests_total',
    type: 'counter',
    help: `Requests answered, by route pattern (${UNMATCHED} when none matched), method and status (0: dropped).`,
    labels: ['route', 'method', 'status'],
    read: ({ counts }) =>
      counts.cells().flatMap((cell) => {
        const samples: Sample[] = []
        cell.statuses.forEach((value, status) => {
          if (value > 0) samples.push({ labels: { route: cell.route, method: cell.method, status }, value })
        })
        return samples
      }),
  },
  {
    name: 'genmock_account_requests_total',
    type: 'counter',
    help:
      "Requests made with an account's credential, by account (its name, or its id when it has none; " +
      `the accounts past the first ${LABELLED_ACCOUNTS} seen: ${OTHER_ACCOUNT}) and status.`,
    labels: ['account', 'status'],
    read: (sources) =>
      accountLabels(sources).flatMap(({ label, statuses }) => {
        const samples: Sample[] = []
        statuses.forEach((value, status) => {
          if (value > 0) samples.push({ labels: { account: label, status }, value })
        })
        return samples
      }),
  },
  {
    name: 'genmock_request_duration_seconds',
    type: 'histogram',
    help: 'Wall time from a request read to its reply made, scenario latency included, by route pattern and method.',
    labels: ['route', 'method'],
    read: ({ counts }, name) =>
      counts
        .cells()
        .flatMap((cell) => histogramSamples(name, cell.durations, { route: cell.route, method: cell.method })),
  },
  {
    name: 'genmock_tasks',
    type: 'gauge',
    help: 'Tasks stored now, by type (image, video) and status (pending, completed, failed).',
    labels: ['type', 'status'],
    read: ({ engine }) => engine.tally().stored.map(({ labels, count }) => ({ labels, value: count })),
  },
  {
    name: 'genmock_tasks_created_total',
    type: 'counter',
    help: 'Tasks created since the start, by model and scenario (an Idempotency-Key replay creates none).',
    labels: ['model', 'scenario'],
    read: ({ engine }) => engine.tally().created.map(({ labels, count }) => ({ labels, value: count })),
  },
  {
    name: 'genmock_credits_debited_total',
    type: 'counter',
    help: "Credits debited from every account's ledger (restarts from 0 on a reset).",
    labels: [],
    read: ({ engine }) => one(-engine.tally().credits.debit),
  },
  {
    name: 'genmock_credits_refunded_total',
    type: 'counter',
    help: "Credits refunded to every account's ledger for failed tasks (restarts from 0 on a reset).",
    labels: [],
    read: ({ engine }) => one(engine.tally().credits.refund),
  },
  {
    name: 'genmock_idempotency_replays_total',
    type: 'counter',
    help: 'Submissions answered with the original response of their Idempotency-Key.',
    labels: [],
    read: ({ counts }) => one(counts.replays),
  },
  {
    name: 'genmock_conformance_findings_total',
    type: 'counter',
    help: 'Client conformance findings by rule and severity (restarts from 0 when the findings are cleared).',
    labels: ['rule', 'severity'],
    read: ({ engine }) =>
      Object.entries(engine.conformance.counts()).map(([rule, value]) => ({
        labels: { rule, severity: CONFORMANCE_RULES[rule as RuleId].severity },
        value,
      })),
  },
  {
    name: 'genmock_drift_differences_total',
    type: 'counter',
    help: 'With --proxy: differences between the service and genmock, by kind (restarts when the report is cleared).',
    labels: ['kind'],
    read: ({ drift }) => {
      const byKind = new Map<string, number>()
      for (const { kind, count } of drift.findings()) byKind.set(kind, (byKind.get(kind) ?? 0) + count)
      return [...byKind].map(([kind, value]) => ({ labels: { kind }, value }))
    },
  },
  {
    name: 'genmock_state_save_duration_seconds',
    type: 'histogram',
    help: 'With --state: how long each save of the state took (its _count: the saves).',
    labels: [],
    read: ({ counts }, name) => histogramSamples(name, counts.saves, {}),
  },
  {
    name: 'genmock_state_save_failures_total',
    type: 'counter',
    help: 'With --state: saves that failed (a full disk, a folder gone).',
    labels: [],
    read: ({ counts }) => one(counts.failedSaves),
  },
]
