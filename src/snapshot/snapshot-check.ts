/**
 * Whether a snapshot may be restored (docs/state.md, Snapshots): the one check PUT /__mock/state,
 * --state-from, a --state DIR read back and the browser worker's saved state go through, each
 * issue with its path in the document.
 */
import pkg from '../../package.json' with { type: 'json' }
import type { ValidationIssue } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { SNAPSHOT_FORMAT, savedTaskSchema } from '../contract/saved-engine.js'
import { savedEngineRuleIssues } from '../contract/saved-engine-rules.js'
import { snapshotSchema } from '../contract/saved-snapshot.js'
import { SAVED_ENGINE_VERSION, type SavedEngine } from '../engine/saved-state.js'
import { toIssues } from '../engine/validation.js'
import { depthOver } from '../http/read-request.js'
import { fromTable } from '../lib/keyed-table.js'
import { recordLimitIssues } from './snapshot-limits.js'
import type { Snapshot } from './snapshot.js'

/** A refusal lists this many issues at most. */
const MAX_ISSUES = 10

/**
 * What is wrong with a snapshot, each issue with its path in the document; none when it may be
 * restored: only what the live API could have made (contract/saved-engine.ts for each field,
 * contract/saved-engine-rules.ts for what the fields must agree on, snapshot-limits.ts for the
 * bounds the live API keeps each record and collection within). A newer format is named as
 * such: an older genmock cannot read it. `records` are its tasks when they are not in its table
 * (a --state DIR read back has them apart).
 * @example
 * snapshotIssues({ version: 1 }) // [{ in: 'body', path: 'format', … }, …]
 */
export function snapshotIssues(value: unknown, records?: readonly unknown[]): ValidationIssue[] {
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
  if (!result.success) return toIssues(result.error, value, snapshotSchema).slice(0, MAX_ISSUES)
  const table = (value as SavedEngine).tasks.records
  const tasks = records ?? fromTable(table)
  // A task's path: its row and column in the table, or its position among the records given.
  const taskPath = ([row, field, ...rest]: PropertyKey[]) => {
    const column = records ? -1 : table.columns.indexOf(String(field))
    const where = records ? ['tasks', row, field] : ['tasks', 'records', 'rows', row, ...(column >= 0 ? [column] : [])]
    return [...where, ...rest].map(String).join('.')
  }
  const rows = savedTaskSchema.array().safeParse(tasks)
  if (!rows.success)
    return rows.error.issues.slice(0, MAX_ISSUES).map((issue) => ({
      in: 'body',
      path: taskPath(issue.path),
      message: `${String(issue.path[1])} ${issue.message}`,
    }))
  const ruled = savedEngineRuleIssues(result.data, rows.data)
    .slice(0, MAX_ISSUES)
    .map(
      ({ path, message }): ValidationIssue =>
        path[0] === 'tasks' && path[1] === 'records'
          ? { in: 'body', path: taskPath(path.slice(2)), message: `${String(path[3])} ${message}` }
          : { in: 'body', path: path.join('.'), message },
    )
  return [...ruled, ...recordLimitIssues(result.data, rows.data, taskPath)].slice(0, MAX_ISSUES)
}

/**
 * A snapshot read from a file's text (--state-from, docs/state.md), or the first thing wrong with
 * it: not JSON, nested too deep to walk, or an issue of `snapshotIssues` with its path. A UTF-8
 * byte order mark before it is allowed, as editors on Windows write one.
 * @example
 * const read = snapshotFromText(readFileSync('fixture.json', 'utf8'))
 * if ('problem' in read) console.error(`fixture.json: ${read.problem}`)
 */
export function snapshotFromText(text: string): { snapshot: Snapshot } | { problem: string } {
  let value: unknown
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    return { problem: 'is not JSON' }
  }
  if (depthOver(value, LIMITS.maxJsonDepth)) return { problem: `nests deeper than ${LIMITS.maxJsonDepth} levels` }
  const [issue] = snapshotIssues(value)
  return issue ? { problem: `${issue.path || '(top)'} ${issue.message}` } : { snapshot: value as Snapshot }
}
