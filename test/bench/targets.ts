// The servers the bench loads: genmock's standalone server, and baselines that answer the same
// JSON with as little work as each stack allows. Every one listens on an ephemeral port.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMiddleware } from '@mswjs/http-middleware'
import express from 'express'
import { getResponse, http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw'
import type { Engine } from '../../src/engine/engine.js'
import { createSimulator } from '../../src/index.js'
import { startServer } from '../../src/node/server.js'

export const TASK_PATH = '/api/ai/tasks/'
export const GENERATE_PATH = '/api/ai/image/generate'
export const GENERATE_BODY = JSON.stringify({ model: 'base-image-2', prompt: 'a fox' })
export const ALICE = 'Bearer sk_test_alice'

export interface Target {
  name: string
  url: string
  close(): Promise<void>
}

/** What the baselines answer: genmock's own answers, captured once. */
export interface Fixed {
  snapshot: JsonBodyType
  submission: JsonBodyType
}

export interface Genmock extends Target {
  engine: Engine
  /** A task of Alice's, for GET. */
  taskId: string
  /** The key of an account with credits for millions of submissions, for POST. */
  richKey: string
  fixed: Fixed
}

async function json(res: Response): Promise<JsonBodyType> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** A Bearer header and a JSON body: what every bench request sends. */
export const headers = (authorization: string) => ({ authorization, 'content-type': 'application/json' })

/** genmock's standalone server with a manual clock, one task of Alice's and a rich account. */
export async function startGenmock(options: Parameters<typeof startServer>[0] = {}): Promise<Genmock> {
  const server = await startServer({ port: 0, log: 'silent', clock: { mode: 'manual' }, ...options })
  const post = (path: string, authorization: string, body: string) => fetch(server.url + path, { method: 'POST', headers: headers(authorization), body })
  const submission = (await json(await post(GENERATE_PATH, ALICE, GENERATE_BODY))) as { taskId: string }
  const snapshot = await json(await fetch(server.url + TASK_PATH + submission.taskId, { headers: headers(ALICE) }))
  const rich = (await json(await post('/__mock/accounts', ALICE, JSON.stringify({ credits: 1_000_000_000 })))) as { apiKey: string }
  return { name: 'genmock', url: server.url, close: server.close, engine: server.engine, taskId: submission.taskId, richKey: rich.apiKey, fixed: { snapshot, submission } }
}

async function listen(name: string, server: Server): Promise<Target> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** (a) A bare express 5 app: one route per endpoint, no middleware. */
export function startExpress({ snapshot, submission }: Fixed): Promise<Target> {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.get(`${TASK_PATH}:id`, (_req, res) => void res.json(snapshot))
  app.post(GENERATE_PATH, (req, res) => {
    req.resume() // read and discard the body
    req.on('end', () => res.json(submission))
  })
  return listen('express route', createServer(app))
}

/** The two trivial msw handlers of baselines (b) and (c). */
const trivialHandlers = ({ snapshot, submission }: Fixed): RequestHandler[] => [
  http.get(`*${TASK_PATH}:id`, () => HttpResponse.json(snapshot)),
  http.post(`*${GENERATE_PATH}`, async ({ request }) => {
    await request.arrayBuffer()
    return HttpResponse.json(submission)
  }),
]

/** (b) Trivial msw handlers behind express and @mswjs/http-middleware, as genmock's server started. */
export function startMswMiddleware(fixed: Fixed): Promise<Target> {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // The middleware is typed against msw's CommonJS declarations; the handlers are the same classes.
  app.use(createMiddleware(...(trivialHandlers(fixed) as unknown as Parameters<typeof createMiddleware>)))
  return listen('msw + http-middleware', createServer(app))
}

async function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks) as Uint8Array<ArrayBuffer>
}

/** node:http in, a Fetch Request to msw's getResponse, the Response written back. */
function getResponseAdapter(handlers: RequestHandler[]) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET'
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method,
      headers: req.headers as Record<string, string>,
      body: method === 'GET' || method === 'HEAD' ? undefined : await readBody(req),
    })
    const response = await getResponse(handlers, request)
    if (!response) return void res.writeHead(404).end()
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  }
}

/** (c) Trivial msw handlers on node:http through msw's getResponse: the fastest way to serve msw handlers. */
export function startMswGetResponse(fixed: Fixed): Promise<Target> {
  return listen('msw getResponse', createServer(getResponseAdapter(trivialHandlers(fixed))))
}

/**
 * Diagnostic, not a baseline: genmock's own handlers on baseline (c)'s adapter. Against genmock it
 * shows what the server's HTTP layer costs; against (c), what genmock's handlers and engine cost.
 */
export async function startGenmockOnGetResponse(richKey: string): Promise<Target & { taskId: string }> {
  const { engine, handlers } = createSimulator({ clock: { mode: 'manual' } })
  engine.createAccount({ credits: 1_000_000_000, apiKey: richKey })
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  const { response } = await engine.submit(alice, 'image', JSON.parse(GENERATE_BODY))
  const target = await listen('genmock handlers on getResponse', createServer(getResponseAdapter(handlers)))
  return { ...target, taskId: response.taskId }
}
