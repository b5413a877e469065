import { describe, expect, it } from 'vitest'
import { startServer } from './server.js'

/** close({ graceMs }): the requests in flight get their answers, within the grace period. */

const slow = { name: 'slow', description: 'answers late', rules: [{ submit: { latency: '400ms' }, use: 'default' }] }

async function inFlight() {
  const server = await startServer({ port: 0, clock: { mode: 'manual' }, scenarios: [slow] })
  const answer = fetch(`${server.url}/api/ai/image/generate`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json', 'x-mock-scenario': 'slow' },
    body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
  }).then(
    (res) => res.status,
    () => 'cut',
  )
  await new Promise((resolve) => setTimeout(resolve, 100))
  return { server, answer }
}

describe('RunningServer.close', () => {
  it('with graceMs, answers the requests in flight before it resolves, and refuses new connections', async () => {
    const { server, answer } = await inFlight()
    const closed = server.close({ graceMs: 5000 })
    await expect(fetch(`${server.url}/__mock/health`)).rejects.toThrow()
    await closed
    expect(await answer).toBe(200)
  })

  it('with graceMs shorter than the wait, cuts the request when it runs out', async () => {
    const { server, answer } = await inFlight()
    const started = Date.now()
    await server.close({ graceMs: 50 })
    expect(Date.now() - started).toBeLessThan(350)
    expect(await answer).toBe('cut')
  })

  it('without it, closes every connection at once', async () => {
    const { server, answer } = await inFlight()
    await server.close()
    expect(await answer).toBe('cut')
  })
})
