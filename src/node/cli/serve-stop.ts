// How `genmock` stops (docs/cli.md): on a signal or its parent's exit, after the requests in flight, with the
// shutdown steps (summary lines, --report, --require-coverage, --fail-on-findings) deciding the exit code.
import { writeFileSync } from 'node:fs'
import { constants as os } from 'node:os'
import type { Engine } from '../../engine/engine.js'
import { conformanceSummary, coverageSummary, driftSummary } from '../../reports/summary-lines.js'
import { junitReport } from '../../reports/conformance-junit.js'
import type { ServeArgs } from './option-table.js'
import type { Output } from './output.js'
import type { RunningServer } from '../server/server.js'

/** The signals that stop genmock gracefully; a second one stops it at once. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** What stopping has to go on: the options, the simulation, where to write. */
export interface StopContext {
  args: ServeArgs
  engine: Engine
  /** With --proxy: where the service answered otherwise than genmock would have. */
  drift: RunningServer['drift']
  out: Output
}

/** One step when genmock stops, once the requests in flight are answered: it may print; its exit code. */
export type ShutdownStep = (context: StopContext) => number

/** What genmock does when it stops, in this order; the largest exit code wins. */
export const SHUTDOWN: ShutdownStep[] = [
  function summary({ engine, out }) {
    const counts = engine.conformance.counts()
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
    const errors = engine.conformance.errorCount()
    out.event('conformance', { findings: total, errors, counts }, conformanceSummary(counts))
    return 0
  },
  function coverageLine({ args, engine, out }) {
    const report = engine.record.coverage()
    out.event('coverage', { met: report.met, total: report.total }, coverageSummary(report))
    const unmet = engine.record.unmetOutcomes(args.requireCoverage)
    if (unmet.length === 0) return 0
    out.warn('coverage-unmet', { unmet }, `--require-coverage: not met: ${unmet.join(', ')}, exit 1`)
    return 1
  },
  function driftLine({ args, drift, out }) {
    if (args.proxy === undefined) return 0
    const counts = drift.report.counts()
    const exchanges = drift.observations().exchanges
    out.event('drift', { exchanges, counts }, driftSummary(counts, exchanges))
    return 0
  },
  function report({ args, engine, out }) {
    if (args.report === undefined) return 0
    try {
      writeFileSync(args.report, junitReport(engine.conformance.findings()))
      out.event('report', { file: args.report }, `genmock: conformance report written to ${args.report}`)
      return 0
    } catch (error) {
      const reason = (error as Error).message
      out.warn('report-failed', { file: args.report, reason }, `cannot write --report ${args.report}: ${reason}`)
      return 1
    }
  },
  function failOnFindings({ args, engine, out }) {
    const errors = engine.conformance.errorCount()
    if (!args.failOnFindings || errors === 0) return 0
    out.warn(
      'findings',
      { errors },
      `--fail-on-findings: ${errors} error finding${errors === 1 ? '' : 's'} in the conformance report, exit 1`,
    )
    return 1
  },
]

/**
 * npx and `npm start` run genmock under `sh -c`, and npm passes SIGINT and SIGTERM to that shell
 * only: the shell dies and genmock, reparented, would keep the port. Started by npm, genmock
 * therefore stops when its parent process goes away.
 */
function onParentExit(stop: () => void): () => void {
  if (process.env.npm_lifecycle_event === undefined) return () => {}
  const parent = process.ppid
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop()
  }, 200)
  timer.unref()
  return () => clearInterval(timer)
}

/** Resolves with what stopped genmock: the first signal, or its parent's exit. A second signal exits at once. */
export function stopRequested(out: Output): { stopped: Promise<string>; dispose: () => void } {
  let first: string | undefined
  let done: (reason: string) => void = () => {}
  const stopped = new Promise<string>((resolve) => {
    done = resolve
  })
  const request = (reason: string) => {
    if (first === undefined) {
      first = reason
      return done(reason)
    }
    if (!(SIGNALS as readonly string[]).includes(reason)) return
    out.warn('stopped', { signal: reason }, `${reason} again: stopped at once, without the reports`)
    process.exit(128 + os.signals[reason as (typeof SIGNALS)[number]])
  }
  const handlers = SIGNALS.map((signal) => [signal, () => request(signal)] as const)
  for (const [signal, handler] of handlers) process.on(signal, handler)
  const stopFollowingParent = onParentExit(() => request('parent exited'))
  return {
    stopped,
    dispose: () => {
      stopFollowingParent()
      for (const [signal, handler] of handlers) process.off(signal, handler)
    },
  }
}
