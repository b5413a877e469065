import { expect, it } from 'vitest'
import { CONTROL_API_ROUTES } from '../../src/handlers/route-table.js'
import { ADMIN_TOKEN, judge, makeWorld, matrix } from '../support/access-matrix.js'
import { defaultOptions, eachDoor, type Door } from '../support/doors.js'

/**
 * A shared sandbox (docs/sandbox.md): every control row × every caller (anyone, its own account, another
 * account, the admin), generated from the route table, through the server and msw/node (the browser worker's
 * page runs the same matrix: test/browser/sandbox-worker.test.ts). A refused call changes nothing.
 */

/** The whole state but the wall time a clock was last read at. */
const stateOf = (door: Door) => JSON.stringify(door.engine.save()).replace(/"wall":\d+/g, '')

eachDoor(
  'who may call each control row',
  (door) => {
    for (const row of CONTROL_API_ROUTES) {
      it(`${row.method} ${row.path} (${row.access}): anyone, its own account, another account, the admin`, async () => {
        const world = await makeWorld(door())
        const problems: string[] = []
        for (const one of matrix(world).filter((c) => c.row.path === row.path && c.row.method === row.method)) {
          const before = stateOf(door())
          const res = await door().fetch(one.path, {
            method: one.method,
            headers: one.headers,
            redirect: 'manual',
            ...(one.body ? { body: one.body } : {}),
          })
          const text = await res.text()
          const body = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null
          const wrong = judge(one, res.status, body)
          if (wrong) problems.push(wrong)
          if (res.status === 401 || res.status === 403 || (one.caller === 'other account' && res.status === 404))
            if (stateOf(door()) !== before) problems.push(`${one.label}: the refusal changed the state`)
        }
        expect(problems).toEqual([])
      })
    }
  },
  () => ({ ...defaultOptions(), adminToken: ADMIN_TOKEN }),
)
