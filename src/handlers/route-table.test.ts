import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { HttpRequest } from '../http/request-reply.js'
import { buildSimulator } from '../simulator.js'
import { ACCESS, isControlPath, ROUTES } from './route-table.js'

/** The route table's "who may call it" column, held to what each route answers a caller without credentials. */
const { app } = buildSimulator({ seed: 7, adminToken: 'admin-token-123' })
const request = (method: string, path: string, headers: HttpRequest['headers'] = {}): HttpRequest => ({
  method,
  path: path.replace(/:(\w+)/g, (_, name: string) => (name === 'file' ? 'tsk_none.png' : 'none')),
  query: '',
  headers,
  body: new TextEncoder().encode('{}'),
  origin: 'http://localhost',
})
const status = async (req: HttpRequest) => {
  const reply = await app(req)
  return reply && 'status' in reply ? reply.status : undefined
}

describe('the route table', () => {
  it("is read by kind, never by a handler's name: drift, spans and metrics name no handler in a string", () => {
    const root = new URL('../', import.meta.url)
    const names = ROUTES.filter((row) => !isControlPath(row.path)).map((row) => row.name)
    for (const dir of ['drift', 'node/tracing', 'node/metrics', 'metrics'])
      for (const file of readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
        const source = readFileSync(new URL(`${dir}/${file}`, root), 'utf8')
        for (const name of names) expect(source, `${dir}/${file}`).not.toMatch(new RegExp(`['"\`]${name}['"\`]`))
      }
  })

  it('lists each method and path once, and names a handler on every line', () => {
    const keys = ROUTES.map((row) => `${row.method} ${row.path}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const row of ROUTES) expect(typeof row.run, row.name).toBe('function')
  })

  it('gives every row an access the route core checks and a kind: none is left open by omission', () => {
    for (const row of ROUTES) expect(ACCESS, `${row.method} ${row.path}`).toContain(row.access)
    for (const row of ROUTES) expect(row.kind, `${row.method} ${row.path}`).toMatch(/\w/)
  })

  it.each(ROUTES.map((row) => [row.access, row.method, row.path] as const))(
    '%s: %s %s answers by its access column',
    async (access, method, path) => {
      const bare = await status(request(method, path))
      // An owner key is asked only of a relay task's media (test/http/media.test.ts): none of these is.
      if (access === 'public' || access === 'owner key') expect(bare).not.toBe(401)
      else expect(bare).toBe(401)
      if (access !== 'public' && access !== 'owner key' && access !== 'service key')
        expect(await status(request(method, path, { authorization: 'Bearer admin-token-123' }))).not.toBe(401)
    },
  )
})
