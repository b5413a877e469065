/**
 * The two plain values every door trades with the routes: what came in, what goes out. No Fetch
 * objects and no Node streams: each door builds a request value and writes a reply its own way.
 */

/** A request as a door hands it to the routes. */
export interface HttpRequest {
  /** Upper case, as sent. */
  method: string
  /** The path as sent, still percent-encoded: routes decode their parameters themselves. */
  path: string
  /** The query string without its '?'; empty when there is none. */
  query: string
  /** Header names in lower case; a repeated header is one value, joined as Node and Fetch join it. */
  headers: Readonly<Record<string, string | undefined>>
  /** The body bytes, read up front by the door: at most one byte past the body limit. */
  body: Uint8Array
  /** `scheme://host[:port]` the client used, for absolute media URLs. */
  origin: string
  /** The socket's address; only a door with a socket (the standalone server) sets it. */
  remoteAddress?: string | undefined
}

/**
 * Whether a request is the dashboard's own (`Genmock-Dashboard: 1`): its polling, thumbnails and
 * actions are answered as any other, but kept out of the journal, the findings and the server's log.
 * @example
 * isDashboardRequest({ 'genmock-dashboard': '1' }) // true
 */
export const isDashboardRequest = (headers: { readonly [name: string]: string | string[] | undefined }) =>
  headers['genmock-dashboard'] === '1'

/** A dropped connection: the client gets a network error, no response at all. */
export const DROP = { drop: true } as const

/** An answer: a JSON value or raw bytes (media, the dashboard page), or a dropped connection. */
export type Reply =
  | { status: number; headers: Record<string, string>; json: unknown }
  | { status: number; headers: Record<string, string>; bytes: Uint8Array | string }
  | typeof DROP

/**
 * A JSON reply.
 * @example
 * json(201, { id: 'acct_1' })
 */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  // Most replies have no headers of their own: they share one object, which the route core copies to date it.
  headers: headers ? { 'content-type': 'application/json', ...headers } : JSON_HEADERS,
  json: body,
})

/** The headers of a JSON reply with none of its own, shared and frozen: a reply's headers are never changed. */
const JSON_HEADERS: Record<string, string> = Object.freeze({ 'content-type': 'application/json' })

/**
 * A JSON reply already serialised (a task's answer, kept with the task's version): the same bytes
 * `json` would give for its value.
 * @example
 * jsonText(200, '{"taskId":"tsk_1"}')
 */
export const jsonText = (status: number, text: string): Reply => ({ status, headers: JSON_HEADERS, bytes: text })

/**
 * A reply as the doors write it: status, headers and the body as text or bytes. The route core
 * serialises every reply once, into this (handlers/wire-step.ts); every door writes its bytes as they
 * are, so the bytes on the wire are the same in each.
 */
export type WireReply = { status: number; headers: Record<string, string>; bytes: Uint8Array | string }

/** What the route core answers: a reply as the doors write it, or a dropped connection. */
export type Sent = WireReply | typeof DROP
