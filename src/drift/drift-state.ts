// The drift report a simulator keeps (README, Check genmock against the service): all the route core
// needs for GET /__mock/drift; the comparison that fills it (compare-exchange.ts) comes with the proxies.
import type { Engine } from '../engine/engine.js'
import { DriftReport, type DriftFinding, type DriftObservations } from './drift-report.js'
import { TaskWatch } from './task-watch.js'

/** One simulator's drift: the report and the tasks it watches. */
export class Drift {
  readonly report = new DriftReport()
  readonly watch = new TaskWatch()

  /** Findings grouped by kind and place, in the order first seen. */
  findings(): DriftFinding[] {
    return this.report.findings()
  }

  observations(): DriftObservations {
    return this.report.observations()
  }

  clear(): void {
    this.report.clear()
    this.watch.clear()
  }
}

const drifts = new WeakMap<Engine, Drift>()
/** The drift report of a simulator: one per engine, made when first asked for. */
export function driftOf(engine: Engine): Drift {
  let drift = drifts.get(engine)
  if (!drift) drifts.set(engine, (drift = new Drift()))
  return drift
}
