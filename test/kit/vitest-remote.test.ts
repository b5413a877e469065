import { afterAll, expect } from 'vitest'
import { genmockTest } from '../../src/kit/vitest.js'
import { startServer } from '../../src/node/server/server.js'

/** genmock/vitest against a running genmock (its URL): the same world, through the control API over HTTP. */

const server = await startServer({ port: 0, log: 'silent', clock: { mode: 'manual' } })
const { test, expectCoverage } = genmockTest({ url: server.url, world: { credits: 5 } })
afterAll(() => server.close())

test('a world on the server: its key works there, its clock moves its task, its credits as asked', async ({
  world,
}) => {
  expect(world.baseUrl).toBe(server.url)
  const res = await fetch(`${world.baseUrl}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
  })
  const { taskId } = (await res.json()) as { taskId: string }
  expect(server.engine.getAccount(world.account).credits).toBe(1)
  expect((await world.clock.untilIdle()).changes).toMatchObject([{ taskId, status: 1 }])
  expect(server.engine.clockState().now).not.toBe(await world.clock.now())
  await fetch(`${world.baseUrl}/api/ai/tasks/${taskId}`, { headers: { authorization: `Bearer ${world.apiKey}` } })
  expect(await world.tasks()).toMatchObject([{ taskId, status: 1 }])
})

test.fails('a breach fails its test on a server too', async ({ world }) => {
  await fetch(`${world.baseUrl}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a fox', resolution: '2K' }),
  })
})

test('in-process with an admin token: the kit sends it with its control calls', async () => {
  const { Harness } = await import('../../src/kit/harness.js')
  const locked = new Harness({ adminToken: 'kit-admin-token-1' })
  const world = await locked.world()
  expect(await world.tasks()).toEqual([])
  await locked.stop()
})

// On a server, the file's coverage is its worlds' accounts together.
expectCoverage(['image-completed', 'invalid-request'])
