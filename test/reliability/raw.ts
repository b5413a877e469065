import { connect } from 'node:net'

/**
 * One raw HTTP exchange over a socket, for what fetch refuses to send (a malformed Host, none at
 * all, two): writes `text` (after `delayMs` writes `more`, if given) and resolves with everything
 * the server sent until it closed, or what it sent by `waitMs`.
 */
export function rawExchange(
  port: number,
  text: string,
  { waitMs = 5000, more, delayMs = 0 }: { waitMs?: number; more?: string; delayMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(received)
    }, waitMs)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(received)
    })
    socket.on('error', reject)
    socket.write(text)
    if (more !== undefined) setTimeout(() => socket.writable && socket.write(more), delayMs)
  })
}

/** The status and JSON body of a raw answer. */
export function parseAnswer(raw: string): { status: number; body: unknown; head: string } {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2)
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
  return { status, head, body: body === '' ? undefined : JSON.parse(body) }
}
