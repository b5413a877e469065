import { afterAll, expect } from 'vitest'
import { expectCoverage, test } from '../../src/kit/vitest.js'
import { assertWorldClean } from '../../src/kit/test-world.js'

/**
 * genmock/vitest in-process (docs/test-kit.md): a world per test, its clock and views, a
 * test whose client breaks a rule failing alone, and the file's coverage asserted at its end.
 */

const submit = (world: { baseUrl: string; apiKey: string }, body: object, headers: Record<string, string> = {}) =>
  fetch(`${world.baseUrl}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
const read = (world: { baseUrl: string; apiKey: string }, id: string) =>
  fetch(`${world.baseUrl}/api/ai/tasks/${id}`, { headers: { authorization: `Bearer ${world.apiKey}` } })
const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '2K' }

let previous: string | undefined

test('a world: its own account and key, a task that completes on its own clock, its views', async ({ world }) => {
  expect(world.apiKey).toMatch(/^sk_test_/)
  const submitted = await submit(world, { model: 'base-image-2', prompt: 'a fox' })
  expect(submitted.status).toBe(200)
  const { taskId } = (await submitted.json()) as { taskId: string }
  const idle = await world.clock.untilIdle()
  expect(idle).toMatchObject({ idle: true, changes: [{ taskId, status: 1 }] })
  expect(((await (await read(world, taskId)).json()) as { status: number }).status).toBe(1)
  expect((await world.tasks()).map((t) => t.taskId)).toEqual([taskId])
  expect((await world.journal()).map((e) => e.path)).toEqual([`/api/ai/tasks/${taskId}`, '/api/ai/image/generate'])
  expect((await world.coverage()).outcomes.filter((o) => o.met).map((o) => o.name)).toEqual(['image-completed'])
  expect(await world.findings()).toEqual([])
  previous = world.account
})

test('the next test gets another world: nothing of the last one is seen', async ({ world }) => {
  expect(world.account).not.toBe(previous)
  expect(await world.tasks()).toEqual([])
  expect(await world.journal()).toEqual([])
  expect((await world.coverage()).met).toBe(0)
  const before = Date.parse(await world.clock.now())
  await world.clock.advance(90)
  expect(Date.parse(await world.clock.now()) - before).toBe(90_000)
  expect(await world.clock.next()).toMatchObject({ changes: [], idle: true })
})

test.fails('a test whose client breaks an error rule fails, with the findings listed', async ({ world }) => {
  const { taskId } = (await (await submit(world, RELAY, { 'idempotency-key': 'kit-key-0001' })).json()) as {
    taskId: string
  }
  await read(world, taskId) // at once: poll-too-soon
  expect(await world.findings()).toMatchObject([{ rule: 'poll-too-soon', accountId: world.account }])
})

test('the test after it is clean: findings are the world’s own', async ({ world }) => {
  const headers = { 'idempotency-key': 'kit-key-0002', 'x-mock-scenario': 'relay-expiry' }
  const { taskId } = (await (await submit(world, RELAY, headers)).json()) as {
    taskId: string
  }
  await world.clock.advance(5)
  expect((await read(world, taskId)).status).toBe(200)
  expect(await world.findings()).toEqual([])
})

test('an error path on purpose: world.expectFinding lets its finding pass teardown', async ({ world }) => {
  world.expectFinding('relay-without-key')
  const res = await submit(world, RELAY)
  expect(res.status).toBe(400)
  expect(await world.findings()).toMatchObject([{ rule: 'relay-without-key', severity: 'error' }])
})

test.fails('an expected finding that never came fails the test in its teardown', async ({ world }) => {
  world.expectFinding('relay-without-key')
  expect((await submit(world, RELAY, { 'idempotency-key': 'kit-key-0003' })).status).toBe(200)
})

test('expectFinding: what teardown says when the finding never came', async ({ world }) => {
  world.expectFinding('relay-without-key')
  await expect(assertWorldClean(world)).rejects.toThrow(
    'genmock: the test expected a finding of relay-without-key (world.expectFinding), ' +
      'and the client broke no such rule',
  )
  expect((await submit(world, RELAY)).status).toBe(400) // now it came: teardown passes
  expect(() => world.expectFinding('relay-without-keys' as 'relay-without-key')).toThrow(
    'genmock: no conformance rule "relay-without-keys"; the rules: poll-too-soon,',
  )
})

test('expectFinding excuses its rule only: another error rule broken still fails teardown', async ({ world }) => {
  world.expectFinding('relay-without-key')
  expect((await submit(world, RELAY)).status).toBe(400)
  const { taskId } = (await (await submit(world, RELAY, { 'idempotency-key': 'kit-key-0004' })).json()) as {
    taskId: string
  }
  await read(world, taskId) // at once: poll-too-soon, not expected
  await expect(assertWorldClean(world)).rejects.toThrow(/broke 1 conformance rule of the interface:\n {2}poll-too-soon/)
  world.expectFinding('poll-too-soon') // so that this test's own teardown passes
})

test('a video task completes, and its video is served', async ({ world }) => {
  const res = await fetch(`${world.baseUrl}/api/ai/video/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' }),
  })
  const { taskId } = (await res.json()) as { taskId: string }
  await world.clock.untilIdle()
  const task = (await (await read(world, taskId)).json()) as { status: number; outputVideoUrl: string }
  expect(task.status).toBe(1)
  const video = await fetch(task.outputVideoUrl, { headers: { authorization: `Bearer ${world.apiKey}` } })
  expect(video.headers.get('content-type')).toBe('video/mp4')
  expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(1000)
})

test('an unknown key is refused', async ({ world }) => {
  const res = await fetch(`${world.baseUrl}/api/ai/models`, { headers: { authorization: 'Bearer sk_test_nobody' } })
  expect(res.status).toBe(401)
})

// Registered before expectCoverage: Vitest runs a file's afterAll hooks last registered first.
afterAll(async () => {
  const { Harness } = await import('../../src/kit/harness.js')
  const empty = new Harness()
  await expect(empty.expectCoverage(['image-completed'])).rejects.toThrow(
    'genmock: the tests never met this outcome: image-completed',
  )
  await expect(empty.expectCoverage(['image-complete'])).rejects.toThrow(
    'genmock: no outcome "image-complete" (did you mean image-completed?)',
  )
  await empty.stop()
})
expectCoverage(['image-completed', 'polled-after-wait', 'unauthorized'])
