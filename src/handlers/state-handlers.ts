// The simulator's whole state as one JSON document (docs/state.md): GET /__mock/state exports it,
// PUT /__mock/state replaces the state with one, checked as at start; POST /__mock/state/save and
// GET /__mock/state/status reach the door's --state DIR, when it keeps one.
import pkg from '../../package.json' with { type: 'json' }
import type * as z from 'zod'
import type { stateFailureSchema } from '../contract/control-answers.js'
import { LIMITS } from '../contract/limits.js'
import { SNAPSHOT_FORMAT, savedTaskSchema } from '../contract/saved-engine.js'
import { savedDriftSchema, snapshotSchema } from '../contract/saved-snapshot.js'
import type { Drift } from '../drift/drift-state.js'
import type { SavedDrift } from '../drift/saved-drift.js'
import type { ValidationIssue } from '../contract/errors.js'
import type { Engine } from '../engine/engine.js'
import { Problem } from '../engine/problem.js'
import { SAVED_ENGINE_VERSION, type SavedEngine } from '../engine/saved-state.js'
import { fromTable } from '../lib/keyed-table.js'
import { toIssues } from '../engine/validation.js'
import type { Route } from './route-context.js'
import { json } from '../http/request-reply.js'
import { readJson } from '../http/read-request.js'

/** Where a door keeps the state, and when it was last written (the dashboard shows it). */
export interface StateStatus {
  /** The --state DIR. */
  dir: string
  strategy: 'scheduled' | 'request' | 'shutdown' | 'manual'
  /** ISO 8601 wall time of the last write, if any since start. */
  lastSavedAt?: string
  /** Whether something changed since. */
  unsaved: boolean
  /** Set while saves fail, a full disk say (docs/state.md, When a save fails). */
  failing?: StateFailure
}

/** Saves failing: since when, why, how many tries, what is not saved. */
export type StateFailure = z.infer<typeof stateFailureSchema>

/** What a door that keeps the state on disk hands the route core (AppOptions.state). */
export interface StateKeeping {
  status(): StateStatus
  /** Writes what changed now; resolves once it is durable. */
  save(): Promise<StateStatus>
}

/** A snapshot (docs/state.md): the saved engine and, beside it, the drift report. */
export type Snapshot = SavedEngine & { drift?: SavedDrift }

/**
 * The state as a snapshot: a saved engine with the format's name and the genmock that wrote it,
 * and the drift report. The browser worker keeps the same document across page reloads. The drift
 * report's objects are live: serialise the snapshot at once.
 * @example
 * writeFileSync('fixture.json', JSON.stringify(snapshotOf(engine, drift)))
 */
export function snapshotOf(engine: Engine, drift: Drift): Snapshot {
  const saved = engine.save()
  return {
    format: SNAPSHOT_FORMAT,
    genmock: pkg.version,
    savedAt: new Date().toISOString(),
    ...saved,
    drift: drift.save(),
  }
}

/**
 * Replaces the state with a snapshot (`snapshotIssues` says why one is refused): the engine's part,
 * then the drift report's (none: cleared). One that cannot be taken up is refused with an Error,
 * nothing changed.
 * @example
 * restoreSnapshot(engine, drift, JSON.parse(readFileSync('fixture.json', 'utf8')))
 */
export function restoreSnapshot(engine: Engine, drift: Drift, snapshot: Snapshot): void {
  const { drift: saved, ...rest } = snapshot
  if (saved !== undefined && !savedDriftSchema.safeParse(saved).success)
    throw new Error('genmock: the saved state is malformed (drift: not a drift report)')
  engine.restore(rest)
  drift.restore(saved)
}

/**
 * What is wrong with a snapshot, each issue with its path in the document; none when it may be
 * restored. A newer format is named as such: an older genmock cannot read it.
 * @example
 * snapshotIssues({ version: 1 }) // [{ in: 'body', path: 'format', … }, …]
 */
export function snapshotIssues(value: unknown): ValidationIssue[] {
  const at = (path: string, message: string): ValidationIssue[] => [{ in: 'body', path, message }]
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return at('', 'must be a JSON object')
  const { format, version, genmock } = value as Record<string, unknown>
  if (format !== undefined && format !== SNAPSHOT_FORMAT)
    return at('format', `must be "${SNAPSHOT_FORMAT}": this is not a genmock state`)
  if (typeof version === 'number' && version > SAVED_ENGINE_VERSION)
    return at(
      'version',
      `is ${version}, written by genmock ${typeof genmock === 'string' ? genmock : 'of a newer version'}; ` +
        `this genmock (${pkg.version}) reads format ${SAVED_ENGINE_VERSION}: upgrade genmock`,
    )
  if (version !== SAVED_ENGINE_VERSION) return at('version', `must be ${SAVED_ENGINE_VERSION}`)
  const result = snapshotSchema.safeParse(value)
  if (!result.success) return toIssues(result.error, value, snapshotSchema).slice(0, 10)
  const records = (value as SavedEngine).tasks.records
  const rows = savedTaskSchema.array().safeParse(fromTable(records))
  if (rows.success) return []
  return rows.error.issues.slice(0, 10).map((issue) => {
    const [row, field] = issue.path
    const column = records.columns.indexOf(String(field))
    const path = ['tasks', 'records', 'rows', row, ...(column >= 0 ? [column] : []), ...issue.path.slice(2)]
    return { in: 'body', path: path.join('.'), message: `${String(field)} ${issue.message}` }
  })
}

/**
 * The largest body a door reads for a request: a snapshot may be far larger than any other body.
 * @example
 * bodyLimit('PUT', '/__mock/state') // LIMITS.maxStateBytes
 */
export const bodyLimit = (method: string, path: string): number =>
  method === 'PUT' && path === '/__mock/state' ? LIMITS.maxStateBytes : LIMITS.maxBodyBytes

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
