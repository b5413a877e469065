import { expect, it } from 'vitest'
import { advance, auth, getTask, IMAGE, post, submitImage } from '../support/api.js'
import { defaultOptions, eachDoor } from '../support/doors.js'

/** Safe defaults (issue 5): the admin token that locks /__mock, and the cap on stored tasks. */

const TOKEN = 'admin-token-for-tests'

eachDoor(
  '--admin-token',
  (door) => {
    it("locks the admin's control routes: no token or a wrong one is 401 saying so, the right one passes", async () => {
      for (const headers of [{}, { authorization: 'Bearer wrong-token-123' }, { authorization: TOKEN }]) {
        const res = await door().fetch('/__mock/state', { headers })
        expect(res.status).toBe(401)
        expect(await res.json()).toEqual({
          error: 'Unauthorized',
          message: expect.stringMatching(/^needs the admin token/),
        })
      }
      // An account's key is known, but not the admin: 403 (docs/sandbox.md).
      expect((await door().fetch('/__mock/state', { headers: auth() })).status).toBe(403)
      expect((await door().fetch('/__mock/tasks', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200)
      expect(
        (await post(door(), '/__mock/clock/advance', { seconds: 1 }, { authorization: `Bearer ${TOKEN}` })).status,
      ).toBe(200)
      expect((await post(door(), '/__mock/reset', {}, { authorization: 'Bearer nope-nope-nope' })).status).toBe(401)
    })

    it('leaves the dashboard page open (it holds no data) and the service API as it is', async () => {
      expect((await door().fetch('/__mock/')).status).toBe(200)
      const res = await submitImage(door(), IMAGE)
      expect(res.status).toBe(200)
    })
  },
  () => ({ ...defaultOptions(), adminToken: TOKEN }),
)

eachDoor(
  'maxTasks',
  (door) => {
    it('keeps at most maxTasks tasks: the ones that finished first are evicted, pending ones never', async () => {
      const ids: string[] = []
      for (let i = 0; i < 5; i++)
        ids.push(((await (await submitImage(door(), IMAGE)).json()) as { taskId: string }).taskId)
      // Five pending tasks over a cap of three: none is evicted.
      expect(((await (await door().fetch('/__mock/tasks')).json()) as { total: number }).total).toBe(5)
      await advance(door(), 12)
      const listed = (await (await door().fetch('/__mock/tasks')).json()) as {
        total: number
        tasks: { taskId: string }[]
      }
      expect(listed.total).toBe(3)
      const gone = ids.filter((id) => !listed.tasks.some((t) => t.taskId === id))
      expect(gone).toHaveLength(2)
      for (const id of gone) expect((await getTask(door(), id)).status).toBe(404)
    })
  },
  () => ({ ...defaultOptions(), maxTasks: 3 }),
)
