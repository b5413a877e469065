import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createMiddleware } from '@mswjs/http-middleware'
import express from 'express'
import { createSimulator, type SimulatorOptions } from '../handlers/index.js'
import { REMOTE_ADDRESS_HEADER } from '../handlers/request.js'
import type { Engine } from '../engine/engine.js'
import { cors } from './cors.js'
import { requestLog, type LogFormat } from './logger.js'

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

const DROP_HEADER = 'x-genmock-drop-connection'

/** A scenario's drop-after-commit: the socket closes before a byte of the response is written. */
function dropWhenMarked(res: express.Response): void {
  const appendHeader = res.appendHeader.bind(res)
  res.appendHeader = (name, value) => {
    if (name !== DROP_HEADER) return appendHeader(name, value)
    res.socket?.destroy()
    return res
  }
}

/**
 * The standalone server: express 5 and @mswjs/http-middleware over the same handlers as the
 * other doors. No body parser runs before the handlers: they read the body themselves, bounded.
 * @example
 * const server = await startServer({ port: 0, clock: { mode: 'manual' } })
 * await fetch(`${server.url}/__mock/health`)
 * await server.close()
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const { engine, handlers } = createSimulator({
    videoSample: loadVideoSample(),
    ...options,
    trustRemoteAddressHeader: true,
    // @mswjs/http-middleware cannot write Response.error(); a marked response is dropped below instead.
    dropConnection: () => new Response(null, { headers: { [DROP_HEADER]: '1' } }),
  })
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.use(requestLog(options.log ?? 'silent', options.write ?? ((line) => process.stdout.write(`${line}\n`))))
  app.use(cors())
  app.use((req, res, next) => {
    // The address the handlers judge IP allowlists by: the socket's, whatever the client claims.
    req.headers[REMOTE_ADDRESS_HEADER] = req.socket.remoteAddress ?? ''
    dropWhenMarked(res)
    next()
  })
  // The middleware is typed against msw's CommonJS declarations; the handlers are the same classes.
  app.use(createMiddleware(...(handlers as unknown as Parameters<typeof createMiddleware>)))
  app.use((req, res) => {
    res.status(404).json({ error: `No route ${req.method} ${req.path}` })
  })
  app.use(((error, _req, res, _next) => {
    ;(options.onUnexpectedError ?? console.error)(error)
    if (!res.headersSent) res.status(500).json({ error: 'Internal error' })
    else res.destroy()
  }) as express.ErrorRequestHandler)

  const server = app.listen(options.port ?? 4600, options.host ?? '127.0.0.1')
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
