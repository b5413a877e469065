import { CONTROL_API_ROUTES, type TableRow } from '../../src/handlers/route-table.js'
import { IMAGE } from './api.js'
import type { Door } from './doors.js'

/**
 * Every control row × every caller (docs/sandbox.md, Who may do what), generated from the route table: a
 * new row is in the matrix the moment it is in the table, and its access column decides what each caller
 * must get. Plain data and a judge, so that the HTTP doors and the browser worker's page run the same cases.
 */

export const ADMIN_TOKEN = 'sandbox-admin-token-2026'
export const CALLERS = ['anyone', 'own account', 'other account', 'admin'] as const
export type CallerName = (typeof CALLERS)[number]

/** The world each case runs in: account `own` with a pending task, and account `other`. */
export interface World {
  own: { id: string; apiKey: string; taskId: string }
  other: { id: string; apiKey: string }
}

/** One call of the matrix, as any fetch sends it. */
export interface Case {
  label: string
  row: Pick<TableRow, 'method' | 'path' | 'access'>
  caller: CallerName
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** Bodies that a caller allowed on the row gets an answer to (the rest send `{}`: only access is judged then). */
const BODIES: Record<string, unknown> = {
  'POST /__mock/clock/advance': { seconds: 1 },
  'PUT /__mock/clock': { mode: 'manual' },
  'POST /__mock/accounts': { credits: 1 },
  'PATCH /__mock/accounts/:id': { credits: 5 },
  'POST /__mock/accounts/:id/clock/advance': { seconds: 1 },
  'POST /__mock/tasks/:id/transition': { status: 1 },
}

/** The rows' paths with the world's ids in: an account's and a task's are the own account's. */
function pathOf(row: Pick<TableRow, 'path' | 'access'>, world: World): string {
  const path = row.path.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'id') return row.path.startsWith('/__mock/accounts/') ? world.own.id : world.own.taskId
    if (name === 'name') return 'default'
    return '0'
  })
  // A listing names the own account: the other account's key must be refused it.
  return row.access === 'own listing' ? `${path}?account=${world.own.id}` : path
}

const credential = (caller: CallerName, world: World): Record<string, string> =>
  caller === 'anyone'
    ? {}
    : {
        authorization: `Bearer ${
          caller === 'admin' ? ADMIN_TOKEN : caller === 'own account' ? world.own.apiKey : world.other.apiKey
        }`,
      }

/** Every control row for every caller. */
export function matrix(world: World): Case[] {
  return CONTROL_API_ROUTES.flatMap((row) =>
    CALLERS.map((caller) => {
      const key = `${row.method} ${row.path}`
      const body = row.method === 'GET' ? undefined : JSON.stringify(BODIES[key] ?? {})
      return {
        label: `${key} as ${caller}`,
        row: { method: row.method, path: row.path, access: row.access },
        caller,
        method: row.method,
        path: pathOf(row, world),
        headers: { ...credential(caller, world), ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      }
    }),
  )
}

/** Whether a caller is let in by a row's access column, and if not, how it must be refused. */
export function expected(
  access: TableRow['access'],
  caller: CallerName,
): { allowed: true } | { allowed: false; status: 401 | 403 | 404; says: RegExp } {
  if (access === 'public' || caller === 'admin') return { allowed: true }
  if (caller === 'anyone')
    return {
      allowed: false,
      status: 401,
      says: access === 'admin' ? /^needs the admin token/ : /^needs an account's key/,
    }
  if (access === 'admin') return { allowed: false, status: 403, says: /^needs the admin token/ }
  if (caller === 'own account' || access === 'account') return { allowed: true }
  if (access === 'own task') return { allowed: false, status: 404, says: /^Task not found$/ }
  return { allowed: false, status: 403, says: /^an account key may only (read|change) its own account$/ }
}

/**
 * What is wrong with an answer to a case, or undefined: an allowed caller is neither refused nor told the
 * task is unknown; a refused one gets the status and the words the access column says, as a Problem.
 */
export function judge(
  one: Case,
  status: number,
  body: { error?: string; message?: string } | null,
): string | undefined {
  const want = expected(one.row.access, one.caller)
  if (want.allowed) {
    if (status === 401 || status === 403) return `${one.label}: refused ${status} ${JSON.stringify(body)}`
    if (one.row.access === 'own task' && body?.error === 'Task not found') return `${one.label}: its own task not found`
    return undefined
  }
  const says = want.status === 404 ? body?.error : body?.message
  if (status !== want.status || !want.says.test(says ?? ''))
    return `${one.label}: ${status} ${JSON.stringify(body)}, wanted ${want.status} ${want.says}`
  return undefined
}

/**
 * Two teams made by the admin, the first with a clock of its own and a pending task. It uses nothing but
 * its arguments, so that a page runs this very function (test/browser/sandbox-worker.test.ts).
 */
export async function makeWorld(
  door: Pick<Door, 'fetch'>,
  adminToken: string = ADMIN_TOKEN,
  image: object = IMAGE,
): Promise<World> {
  const make = async (body: object) =>
    (await (
      await door.fetch('/__mock/accounts', {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { id: string; apiKey: string }
  const own = await make({ credits: 100, name: 'team one', clock: 'own' })
  const other = await make({ credits: 100, name: 'team two' })
  const submitted = await door.fetch('/api/ai/image/generate', {
    method: 'POST',
    headers: { authorization: `Bearer ${own.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(image),
  })
  const { taskId } = (await submitted.json()) as { taskId: string }
  return { own: { ...own, taskId }, other }
}

/**
 * A world of placeholders, `{own.id}` and so on: the matrix of a world a page makes itself, which the page
 * fills in (fillWorld) with the world it made.
 */
export const PLACEHOLDERS: World = {
  own: { id: '{own.id}', apiKey: '{own.apiKey}', taskId: '{own.taskId}' },
  other: { id: '{other.id}', apiKey: '{other.apiKey}' },
}
