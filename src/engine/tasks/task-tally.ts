// Counts of tasks for the simulator's metrics (docs/metrics-and-traces.md): created by model and
// scenario since the engine was made, and stored by type and status now.
import type { TaskRecord } from './task-record.js'

/** One count of tasks and what it counts. */
export interface TaskCount {
  labels: Record<string, string>
  count: number
}

const STATUS_NAMES = ['pending', 'completed', 'failed'] as const

/**
 * Tasks created, by model and scenario: counted as each is stored (two map reads, nothing made once
 * a pair has been seen), never lowered by a reset or an eviction, as a Prometheus counter is.
 * @example
 * tally.count(record)
 * tally.counts() // [{ labels: { model: 'image-1', scenario: 'happy-path' }, count: 1 }]
 */
export class CreatedTally {
  #byModel = new Map<string, Map<string, number>>()

  count({ model, scenario }: TaskRecord): void {
    let byScenario = this.#byModel.get(model)
    if (!byScenario) this.#byModel.set(model, (byScenario = new Map()))
    byScenario.set(scenario, (byScenario.get(scenario) ?? 0) + 1)
  }

  counts(): TaskCount[] {
    const counts: TaskCount[] = []
    for (const [model, byScenario] of this.#byModel)
      for (const [scenario, count] of byScenario) counts.push({ labels: { model, scenario }, count })
    return counts
  }
}

/**
 * The stored tasks by type and status (pending, completed, failed), every pair present.
 * @example
 * storedByState(store.records()) // [{ labels: { type: 'image', status: 'pending' }, count: 3 }, …]
 */
export function storedByState(records: Iterable<TaskRecord>): TaskCount[] {
  const image = [0, 0, 0]
  const video = [0, 0, 0]
  for (const task of records) (task.type === 'image' ? image : video)[task.status]! += 1
  return (['image', 'video'] as const).flatMap((type) =>
    STATUS_NAMES.map((status, code) => ({
      labels: { type, status },
      count: (type === 'image' ? image : video)[code]!,
    })),
  )
}
