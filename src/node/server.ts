import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Engine } from '../engine/engine.js'
import { createSimulator, type SimulatorOptions } from '../handlers/index.js'
import { REMOTE_ADDRESS_HEADER } from '../handlers/request.js'
import { cors } from './cors.js'
import { requestLog, type LogFormat } from './logger.js'
import { answerWithHandlers, toFetchRequest } from './msw-adapter.js'

export interface ServerOptions extends SimulatorOptions {
  /** Default 4600; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  log?: LogFormat
  write?: (line: string) => void
}

export interface RunningServer {
  url: string
  port: number
  engine: Engine
  close(): Promise<void>
}

/**
 * The MP4 every completed video task serves, read once from fixtures/.
 * @example
 * createSimulator({ videoSample: loadVideoSample() })
 */
export const loadVideoSample = () => new Uint8Array(readFileSync(new URL('../../fixtures/sample.mp4', import.meta.url)))

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

/**
 * The standalone server: node:http and the same msw handlers as the other doors, answered through
 * msw's `getResponse` (README, Performance: it serves about 1.4 times the requests express with
 * @mswjs/http-middleware does). No body parser runs before the handlers: they read the body
 * themselves, bounded.
 * @example
 * const server = await startServer({ port: 0, clock: { mode: 'manual' } })
 * await fetch(`${server.url}/__mock/health`)
 * await server.close()
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { engine, handlers } = createSimulator({ videoSample: loadVideoSample(), ...options, trustRemoteAddressHeader: true })
  const log = requestLog(options.log ?? 'silent', options.write ?? ((line) => process.stdout.write(`${line}\n`)))
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    log(req, res)
    if (cors(req, res)) return
    // The address the handlers judge IP allowlists by: the socket's, whatever the client claims.
    const request = await toFetchRequest(req, `http://${req.headers.host ?? 'localhost'}`, { [REMOTE_ADDRESS_HEADER]: req.socket.remoteAddress ?? '' })
    if (!request) return // the client hung up mid-upload: nobody to answer
    if (!(await answerWithHandlers(handlers, request, req, res))) sendJson(res, 404, { error: `No route ${req.method} ${(req.url ?? '').split('?')[0]}` })
  }
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      ;(options.onUnexpectedError ?? console.error)(error)
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal error' })
      else res.destroy()
    })
  })
  // Requests Node's parser refuses (oversized or malformed headers) still get a JSON error body.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const [status, reason] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request']
    const body = JSON.stringify({ error: reason })
    socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`)
  })
  server.listen(options.port ?? 4600, options.host ?? '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port, address, family } = server.address() as AddressInfo
  const host = family === 'IPv6' ? `[${address}]` : address
  return {
    url: `http://${host}:${port}`,
    port,
    engine,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}
