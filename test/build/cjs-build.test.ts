// The CommonJS build of genmock/node loads some modules only when used (the state keeper, the proxy:
// docs/performance.md, Cold start) with a native import() of a .cjs chunk: Node must see its named exports.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type * as NodeDoor from '../../src/node/index.js'
import { ROOT } from '../support/cli.js'

const { startServer } = createRequire(import.meta.url)(join(ROOT, 'dist', 'node.cjs')) as typeof NodeDoor
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the CommonJS build of genmock/node', () => {
  it('starts a server that keeps its state in a folder (the state keeper, loaded when asked for)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genmock-cjs-state-'))
    dirs.push(dir)
    const server = await startServer({ port: 0, state: { dir } })
    try {
      expect(server.state).toBeDefined()
    } finally {
      await server.close()
    }
    expect(readdirSync(dir)).toContain('state.json')
  })

  it('starts a server that forwards to a service (the proxy, loaded when asked for)', async () => {
    const server = await startServer({ port: 0, proxy: { target: 'http://127.0.0.1:9', timeoutMs: 1000 } })
    try {
      const res = await fetch(`${server.url}/api/ai/models`, { headers: { authorization: 'Bearer sk_live_x' } })
      expect(res.status).toBe(502)
    } finally {
      await server.close()
    }
  })
})
