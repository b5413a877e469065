// Reading a request body off node:http's stream: no promise and no function made per request.
import type { IncomingMessage } from 'node:http'

/** What to call with a body once it is read, with the two values the reading carries. */
export type BodyRead<A, B> = (req: IncomingMessage, body: Uint8Array, a: A, b: B) => void

/** A body being read: the chunks so far, and what to call with the whole. */
interface Reading<A, B> {
  /** The first chunk; a list only from the second on (most bodies come in one). */
  chunks: Buffer | Buffer[] | undefined
  size: number
  limit: number
  then: BodyRead<A, B>
  a: A
  b: B
}

const READING = Symbol('genmock.reading')
/** The body of a request that sent none. */
const EMPTY = Buffer.alloc(0)
type Read = IncomingMessage & { [READING]?: Reading<unknown, unknown> | undefined }

/** The reading, ended: its listeners removed, so that each request's listeners are the same three functions. */
function stop(req: Read): Reading<unknown, unknown> | undefined {
  const reading = req[READING]
  req.off('data', onData).off('end', onEnd).off('error', onAbort)
  req[READING] = undefined
  return reading
}

function onData(this: Read, chunk: Buffer): void {
  const reading = this[READING]!
  const { chunks } = reading
  if (chunks === undefined) reading.chunks = chunk
  else if (Array.isArray(chunks)) chunks.push(chunk)
  else reading.chunks = [chunks, chunk]
  reading.size += chunk.byteLength
  if (reading.size > reading.limit) {
    this.pause()
    onEnd.call(this)
  }
}

function onEnd(this: Read): void {
  const reading = stop(this)
  if (!reading) return
  const { chunks } = reading
  const body = chunks === undefined ? EMPTY : Array.isArray(chunks) ? Buffer.concat(chunks) : chunks
  reading.then(this, body, reading.a, reading.b)
}

/** The client hung up mid-upload: there is nobody left to answer, and half a request must not create a task. */
function onAbort(this: Read): void {
  stop(this)
}

/**
 * Reads the request body up front, at most one chunk past `limit`: a body that large is refused
 * (413) by the routes anyway, and the rest is never read. Then calls `then` with it, `a` and `b`
 * (what the caller would otherwise keep in a closure); never when the client hung up mid-upload.
 * @example
 * readBody(req, 1024 * 1024, answerWith, res, request) // answerWith(req, body, res, request)
 */
export function readBody<A, B>(req: IncomingMessage, limit: number, then: BodyRead<A, B>, a: A, b: B): void {
  const reading: Reading<A, B> = { chunks: undefined, size: 0, limit, then, a, b }
  ;(req as Read)[READING] = reading as Reading<unknown, unknown>
  req.on('data', onData).on('end', onEnd).on('error', onAbort)
}
