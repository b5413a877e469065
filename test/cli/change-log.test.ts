import { afterEach, describe, expect, it, vi } from 'vitest'
import { baseUrl, killAll, LIMIT_MS, start } from '../support/cli.js'

/**
 * genmock serve's log of the control calls that change something (docs/sandbox.md, Tell the teams apart): one
 * line each, pretty and --log json, saying who made it (admin or the account's id), what and the trace id.
 */

afterEach(() => killAll())

const ADMIN = 'change-log-admin-token-0001'
const TRACE = '0af7651916cd43dd8448eb211c80319c'
const TEAM_KEY = 'sk_test_change_log_team'

/** A shared sandbox with one team: the admin makes its account, the team advances its clock, both read. */
async function sandboxCalls(url: string) {
  const call = (path: string, key: string, method = 'GET', body?: unknown) =>
    fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        traceparent: `00-${TRACE}-b7ad6b7169203331-01`,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const made = await call('/__mock/accounts', ADMIN, 'POST', { name: 'team-a', apiKey: TEAM_KEY, clock: 'own' })
  expect(made.status).toBe(201)
  const { id } = (await made.json()) as { id: string }
  expect((await call(`/__mock/accounts/${id}/clock/advance`, TEAM_KEY, 'POST', { seconds: 5 })).status).toBe(200)
  expect((await call(`/__mock/accounts/${id}`, TEAM_KEY)).status).toBe(200)
  expect((await call('/__mock/reset', TEAM_KEY, 'POST')).status).toBe(403)
  return id
}

describe('the log of changes', () => {
  it(
    '--log json: one change line per control call that changed something, by admin or the account id',
    async () => {
      const r = start(['--port', '0', '--log', 'json', '--admin-token', ADMIN])
      const id = await sandboxCalls(await baseUrl(r))
      const lines = () => r.stdout().split('\n')
      // The lines reach the pipe soon after the replies: waited for, with the CLI tests' own limit.
      await vi.waitFor(() => expect(lines().filter((line) => line.includes('"event":"request"'))).toHaveLength(4), {
        timeout: LIMIT_MS,
      })
      const changes = lines()
        .filter((line) => line.includes('"event":"change"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(changes).toEqual([
        expect.objectContaining({ by: 'admin', route: 'createAccount', kind: 'control', status: 201, traceId: TRACE }),
        expect.objectContaining({ by: id, route: 'advanceAccountClock', target: id, status: 200, traceId: TRACE }),
      ])
      expect(r.stdout()).not.toContain(ADMIN)
      expect(r.stdout()).not.toContain(TEAM_KEY)
    },
    LIMIT_MS + 5000,
  )

  it(
    'pretty: the same changes, one readable line each',
    async () => {
      const r = start(['--port', '0', '--admin-token', ADMIN])
      const id = await sandboxCalls(await baseUrl(r))
      const lines = () => r.stdout().split('\n')
      await vi.waitFor(() => expect(lines().filter((line) => line.includes(' → 403 '))).toHaveLength(1), {
        timeout: LIMIT_MS,
      })
      const changes = lines().filter((line) => line.includes(' change by '))
      expect(changes).toHaveLength(2)
      expect(changes[0]).toMatch(new RegExp(`change by admin: createAccount → 201 trace ${TRACE}$`))
      expect(changes[1]).toMatch(new RegExp(`change by ${id}: advanceAccountClock ${id} → 200 trace ${TRACE}$`))
    },
    LIMIT_MS + 5000,
  )
})
