/**
 * Whether a snapshot may be restored (docs/state.md, Snapshots): the one check PUT /__mock/state,
 * --state-from, a --state DIR read back and the browser worker's saved state go through, each
 * issue with its path in the document.
 */
import pkg from '../../package.json' with { type: 'json' }
import type { ValidationIssue } from '../contract/errors.js'
import { LIMITS } from '../contract/limits.js'
import { SNAPSHOT_FORMAT, savedTaskSchema } from '../contract/saved-engine.js'
import { snapshotSchema } from '../contract/saved-snapshot.js'
import { SAVED_ENGINE_VERSION, type SavedEngine } from '../engine/saved-state.js'
import { toIssues } from '../engine/validation.js'
import { depthOver } from '../http/read-request.js'
import { fromTable } from '../lib/keyed-table.js'
import type { Snapshot } from './snapshot.js'

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
