// The routes of the simulator's state (docs/control-api.md): GET /__mock/state exports a snapshot,
// PUT /__mock/state restores one that passes the snapshot check, POST /__mock/state/save and GET
// /__mock/state/status reach the door's --state DIR when it keeps one. The snapshot itself is
// src/snapshot/'s.
import { LIMITS } from '../contract/limits.js'
import { Problem } from '../engine/problem.js'
import { readJson } from '../http/read-request.js'
import { json } from '../http/request-reply.js'
import { type Snapshot, snapshotOf } from '../snapshot/snapshot.js'
import { restoreSnapshot } from '../snapshot/snapshot-restore.js'
import { snapshotIssues } from '../snapshot/snapshot-check.js'
import type { Route } from './route-context.js'

const notKept = () =>
  Problem.of({ kind: 'not-found', message: 'This genmock keeps no state on disk: start it with --state DIR' })

export const STATE_HANDLERS = {
  exportState: ({ engine, drift }) => json(200, snapshotOf(engine, drift)),
  importState: ({ engine, drift, request }) => {
    const value = readJson(request, { limit: LIMITS.maxStateBytes })
    const issues = snapshotIssues(value)
    if (issues.length > 0) throw Problem.invalid(issues)
    try {
      restoreSnapshot(engine, drift, value as Snapshot)
    } catch (error) {
      throw Problem.invalid([{ in: 'body', path: '', message: (error as Error).message.replace(/^genmock: /, '') }])
    }
    return json(200, { ok: true, tasks: engine.storedTasks })
  },
  stateStatus: ({ state }) => json(200, state ? { kept: true, ...state.status() } : { kept: false }),
  saveState: async ({ state }) => {
    if (!state) throw notKept()
    return json(200, { kept: true, ...(await state.save()) })
  },
} satisfies Record<string, Route>
