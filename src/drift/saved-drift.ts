// The drift report as a saved state holds it (docs/state.md): beside the engine's part in a snapshot
// and in a --state DIR, whose log lines carry what changed in it. The engine knows nothing of it: the
// doors save and restore both parts.
import { findingKey, type ReportChanges, type SavedReport } from './drift-report.js'
import { MAX_FOLLOWED } from '../contract/saved-snapshot.js'
import type { FollowedTask } from './followed-tasks.js'

/** The drift report and the tasks it follows (a task read after a restart is still compared). */
export interface SavedDrift extends SavedReport {
  /** Oldest first. */
  watch: [taskId: string, task: FollowedTask][]
}

/** What changed in a drift report since the last save: each part's `whole` replaces what was saved of it. */
export interface DriftChanges {
  report?: ReportChanges
  watch?: { whole?: true; tasks: [taskId: string, task: FollowedTask][] }
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
  const followed = new Map(saved?.watch ?? [])
  for (const { report, watch } of lines) {
    if (report?.whole) findings.clear()
    for (const finding of report?.findings ?? []) findings.set(findingKey(finding), finding)
    if (report?.observations) observations = report.observations
    if (watch?.whole) followed.clear()
    for (const [id, task] of watch?.tasks ?? []) followed.set(id, task)
    // The tracker lets the oldest go as new ones come: so does the replay.
    for (const id of followed.keys()) {
      if (followed.size <= MAX_FOLLOWED) break
      followed.delete(id)
    }
  }
  if (!observations) return saved
  return { findings: [...findings.values()], observations, watch: [...followed] }
}
