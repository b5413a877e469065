// The drift report as a saved state holds it (docs/state.md): beside the engine's part in a snapshot
// and in a --state DIR, whose log lines carry what changed in it. The engine knows nothing of it: the
// doors save and restore both parts.
import { findingKey, type ReportChanges, type SavedReport } from './drift-report.js'
import { MAX_WATCHED } from '../contract/saved-snapshot.js'
import type { Watched } from './task-watch.js'

/** The drift report and the tasks it watches (a task read after a restart is still compared). */
export interface SavedDrift extends SavedReport {
  /** Oldest first. */
  watch: [taskId: string, task: Watched][]
}

/** What changed in a drift report since the last save: each part's `whole` replaces what was saved of it. */
export interface DriftChanges {
  report?: ReportChanges
  watch?: { whole?: true; tasks: [taskId: string, task: Watched][] }
}

/**
 * A saved drift report brought up to date by the changes saved after it, in order: values only,
 * for Drift.restore. None when nothing was ever saved of it (a state saved before it was kept).
 * @example
 * drift.restore(replayDrift(snapshot.drift, lines))
 */
export function replayDrift(saved: SavedDrift | undefined, lines: readonly DriftChanges[]): SavedDrift | undefined {
  if (lines.length === 0) return saved
  const findings = new Map((saved?.findings ?? []).map((finding) => [findingKey(finding), finding]))
  let observations = saved?.observations
  const watch = new Map(saved?.watch ?? [])
  for (const { report, watch: watched } of lines) {
    if (report?.whole) findings.clear()
    for (const finding of report?.findings ?? []) findings.set(findingKey(finding), finding)
    if (report?.observations) observations = report.observations
    if (watched?.whole) watch.clear()
    for (const [id, task] of watched?.tasks ?? []) watch.set(id, task)
    // The tracker lets the oldest go as new ones come: so does the replay.
    for (const id of watch.keys()) {
      if (watch.size <= MAX_WATCHED) break
      watch.delete(id)
    }
  }
  if (!observations) return saved
  return { findings: [...findings.values()], observations, watch: [...watch] }
}
