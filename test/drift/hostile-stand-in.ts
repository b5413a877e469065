import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A careless and slow service, written apart from genmock's engine, for the proxy's hostile cases.
 * It answers every submission as accepted, and:
 * - echoes the credential it was sent in a header, a body field, a relayStatus and an errorCode,
 *   as is and JSON-escaped (a key holding `/` is written `\/`);
 * - answers the model it was sent, so that `__proto__` or `constructor` comes back as a model;
 * - with `X-Stand-In: hang` sends no headers; `dribble` a JSON body one byte every 100 ms;
 *   `endless` a JSON body that never ends; `endless-media` a video that never ends; `pause` the
 *   headers, then nothing.
 */
export async function startHostileStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    let sent: Record<string, unknown> = {}
    try {
      sent = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>
    } catch {
      // not JSON: answered all the same
    }
    const credential = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
    const body = JSON.stringify({
      taskId: `job-${Math.random().toString(36).slice(2, 10)}`,
      status: 2,
      creditsUsed: 4,
      model: sent.model,
      relayStatus: `denied for ${credential}`,
      errorCode: credential,
      errorMessage: `key ${credential} is not allowed`,
      echo: req.headers.authorization,
    })
      // JSON may escape "/" as "\/": this service does, in its errorMessage.
      .replace(`key ${credential}`, `key ${credential.replaceAll('/', '\\/')}`)
    const mode = req.headers['x-stand-in']
    const timers: ReturnType<typeof setInterval>[] = []
    res.on('close', () => timers.forEach(clearInterval))
    if (mode === 'hang') return
    if (mode === 'endless-media') {
      res.writeHead(200, { 'content-type': 'video/mp4' })
      timers.push(setInterval(() => res.write(Buffer.alloc(64)), 50))
      return
    }
    const headers = { 'content-type': 'application/json', 'x-echo-auth': String(req.headers.authorization) }
    if (mode === 'pause') return void res.writeHead(200, headers).write('{')
    if (mode === 'dribble' || mode === 'endless') {
      res.writeHead(200, headers)
      let i = 0
      timers.push(
        setInterval(() => {
          if (mode === 'dribble' && i >= body.length) return void res.end()
          res.write(mode === 'dribble' ? body[i++]! : ' ')
        }, 100),
      )
      return
    }
    res.writeHead(200, headers).end(body)
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
