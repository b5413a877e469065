import { describe, expect, it } from 'vitest'
import { Drift } from '../drift/drift-state.js'
import { Engine } from '../engine/engine.js'
import { createApp } from './app.js'
import { SERVICE_ROUTES } from './route-table.js'
import type { HttpRequest } from '../http/request-reply.js'

const page: HttpRequest = {
  method: 'GET',
  path: '/__mock/',
  query: '',
  headers: {},
  body: new Uint8Array(),
  origin: '',
}

describe('the dashboard page in the route core', () => {
  it('serves the page the door hands in, as HTML', async () => {
    const app = createApp(new Engine({ seed: 7 }), new Drift(SERVICE_ROUTES), {
      dashboardPage: async () => '<!doctype html><p>hi</p>',
    })
    const reply = await app(page)
    expect(reply && 'bytes' in reply && reply.status).toBe(200)
    expect(reply && 'bytes' in reply && reply.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(reply && 'bytes' in reply && String(reply.bytes)).toBe('<!doctype html><p>hi</p>')
  })

  it('answers 404 when no door handed a page in', async () => {
    const reply = await createApp(new Engine({ seed: 7 }), new Drift(SERVICE_ROUTES))(page)
    expect(reply && 'bytes' in reply && reply.status).toBe(404)
  })
})
