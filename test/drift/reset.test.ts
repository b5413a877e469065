import { afterEach, describe, expect, test } from 'vitest'
import { compareExchange } from '../../src/drift/compare-exchange.js'
import type { Drift } from '../../src/drift/drift-state.js'
import type { Engine } from '../../src/engine/engine.js'
import { createSimulator } from '../../src/index.js'
import { startServer } from '../../src/node/server/server.js'

/**
 * The drift report is the simulator's (docs/check-against-the-service.md): a reset clears
 * it with the rest, whichever way the reset comes, in-process or through the control API.
 */
const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const server of open.splice(0)) await server.close()
})

/** One exchange where the service answered a valid submission with 418: a finding and an exchange. */
function drifted(engine: Engine, drift: Drift): void {
  const body = new TextEncoder().encode(JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }))
  const request = {
    method: 'POST',
    path: '/api/ai/image/generate',
    query: '',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_alice' },
    body,
    origin: 'https://api.example.test',
  }
  const answer = { status: 418, headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('{}') }
  const example = { seq: 1, at: '2026-01-01T00:00:00.000Z', method: 'POST', path: request.path, status: 418 }
  compareExchange(engine, drift, request, answer, 0, example)
  expect(drift.findings().length).toBeGreaterThan(0)
  expect(drift.observations().exchanges).toBe(1)
}

const cleared = (drift: Drift) => {
  expect(drift.findings()).toEqual([])
  expect(drift.observations().exchanges).toBe(0)
}

describe('a reset clears the drift report', () => {
  test("in-process: createSimulator's engine.reset()", () => {
    const { engine, drift } = createSimulator({ seed: 7 })
    drifted(engine, drift)
    engine.reset()
    cleared(drift)
  })

  test("in-process: startServer's engine.reset()", async () => {
    const server = await startServer({ port: 0, log: 'silent', seed: 7 })
    open.push(server)
    drifted(server.engine, server.drift)
    server.engine.reset(9)
    cleared(server.drift)
  })

  test('through the control API: POST /__mock/reset, on the server and in-process', async () => {
    const server = await startServer({ port: 0, log: 'silent', seed: 7 })
    open.push(server)
    drifted(server.engine, server.drift)
    expect((await fetch(`${server.url}/__mock/reset`, { method: 'POST' })).status).toBe(200)
    cleared(server.drift)
    const simulator = createSimulator({ seed: 7 })
    drifted(simulator.engine, simulator.drift)
    const reset = { method: 'POST', path: '/__mock/reset', query: '', headers: {}, body: new Uint8Array(), origin: '' }
    expect(await simulator.app(reset)).toMatchObject({ status: 200 })
    cleared(simulator.drift)
  })
})
