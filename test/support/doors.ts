import { setupServer } from 'msw/node'
import { afterAll, beforeAll, beforeEach, describe } from 'vitest'
import type { Engine } from '../../src/engine/engine.js'
import { createSimulator, type SimulatorOptions } from '../../src/index.js'
import { loadVideoSample } from '../../src/node/server/package-file.js'
import { startServer, type ServerOptions } from '../../src/node/server/server.js'
import { checkResponses } from './openapi.js'

/**
 * One way in to the simulator. Every HTTP test runs through each door, and must see the same
 * answers: the standalone server on an ephemeral port, and msw/node in-process.
 */
export interface Door {
  name: 'server' | 'msw-node'
  /** The base URL clients use; media URLs in responses start with it. */
  baseUrl: string
  engine: Engine
  fetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/** 2026-01-01T00:00:00Z: a fixed start, so that timestamps in answers are predictable. */
export const START = Date.parse('2026-01-01T00:00:00.000Z')

export const defaultOptions = (): SimulatorOptions => ({ seed: 7, clock: { mode: 'manual', start: START } })

/**
 * The server door's idle keep-alive: longer than the client's (undici drops an idle connection
 * a little before the server's Keep-Alive says), so that a test busy for seconds between two
 * requests, on a busy machine, never sends its next one on a connection the server is closing
 * (ECONNRESET). A user gets SERVER_TIMEOUTS's 5 s (test/reliability/timeouts.test.ts).
 */
const DOOR_KEEP_ALIVE_MS = 60_000

export async function openServerDoor(options: ServerOptions = defaultOptions()): Promise<Door> {
  const timeouts = { keepAliveMs: DOOR_KEEP_ALIVE_MS, ...options.timeouts }
  const server = await startServer({ port: 0, log: 'silent', ...options, timeouts })
  return {
    name: 'server',
    baseUrl: server.url,
    engine: server.engine,
    fetch: (path, init) => fetch(server.url + path, init),
    close: server.close,
  }
}

export async function openMswDoor(options: SimulatorOptions = defaultOptions()): Promise<Door> {
  const { engine, handlers } = createSimulator({ videoSample: loadVideoSample(), ...options })
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const baseUrl = 'http://genmock.test'
  return {
    name: 'msw-node',
    baseUrl,
    engine,
    fetch: (path, init) => fetch(baseUrl + path, init),
    close: async () => server.close(),
  }
}

export const DOORS = [
  ['server', openServerDoor],
  ['msw-node', openMswDoor],
] as const

/**
 * Declares `body` once per door. The door is opened before the block and closed after it (msw/node
 * patches the global fetch, so two doors are never open at once), and the simulator is reset to
 * its fixtures and to the fixed start time before each test.
 * @example
 * eachDoor('auth', (door) => { it('…', async () => { const res = await door().fetch('/api/ai/models') }) })
 */
export function eachDoor(title: string, body: (door: () => Door) => void, options?: () => SimulatorOptions): void {
  for (const [name, open] of DOORS) {
    describe(`${title} [${name}]`, () => {
      let door: Door
      beforeAll(async () => {
        // Every answer of every HTTP test is checked against the OpenAPI documents.
        door = checkResponses(await open(options?.()))
      })
      afterAll(async () => {
        await door.close()
      })
      beforeEach(() => {
        door.engine.reset(7)
      })
      body(() => door)
    })
  }
}
