// The journal as HAR 1.2, for the control API's export and the proxy's recording.
import pkg from '../../package.json' with { type: 'json' }
import type { JournalView } from '../engine/engine.js'
import type { JournalFilter } from '../engine/journal/journal.js'
import type { JournalBody, JournalEntry } from '../engine/journal/journal-entry.js'

/** The parts of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) genmock writes. */
export interface Har {
  log: {
    version: '1.2'
    creator: { name: string; version: string }
    entries: HarEntry[]
  }
}

interface NameValue {
  name: string
  value: string
}

interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: NameValue[]
    headers: NameValue[]
    queryString: NameValue[]
    postData?: { mimeType: string; text: string }
    headersSize: -1
    bodySize: number
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: NameValue[]
    headers: NameValue[]
    content: { size: number; mimeType: string; text?: string; comment?: string }
    redirectURL: string
    headersSize: -1
    bodySize: number
  }
  cache: Record<string, never>
  timings: { send: number; wait: number; receive: number }
  comment?: string
  /** HAR 1.2 custom fields (names start with an underscore): the request's account, by id and name. */
  _accountId?: string
  _accountName?: string
  /** The request's W3C trace context. */
  _traceId?: string
  _traceparent?: string
}

const pairs = (record: Record<string, string> = {}): NameValue[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }))
const cut = (body: JournalBody | undefined) =>
  body?.truncated ? `cut at ${body.text?.length ?? 0} characters of ${body.size} bytes` : undefined

function entry(e: JournalEntry, origin: string, names: ReadonlyMap<string, string>): HarEntry {
  const requestBody = e.requestBody
  const responseBody = e.responseBody
  const notes = [
    e.dropped ? 'the scenario dropped the connection: the client got no response' : '',
    e.conformance ? `conformance: ${e.conformance.join(', ')}` : '',
    cut(requestBody) ? `request body ${cut(requestBody)}` : '',
  ]
  const comment = notes.filter(Boolean).join('; ')
  const responseCut = cut(responseBody)
  return {
    startedDateTime: e.at,
    time: e.durationMs,
    request: {
      method: e.method,
      url: `${origin}${e.path}${e.query}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.headers),
      queryString: [...new URLSearchParams(e.query)].map(([name, value]) => ({ name, value })),
      ...(requestBody?.text !== undefined ? { postData: { mimeType: requestBody.type, text: requestBody.text } } : {}),
      headersSize: -1,
      bodySize: requestBody?.size ?? 0,
    },
    response: {
      status: e.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(e.responseHeaders),
      content: {
        size: responseBody?.size ?? 0,
        mimeType: responseBody?.type ?? 'x-unknown',
        ...(responseBody?.text !== undefined ? { text: responseBody.text } : {}),
        ...(responseCut ? { comment: `body ${responseCut}` } : {}),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: e.dropped ? -1 : (responseBody?.size ?? 0),
    },
    cache: {},
    timings: { send: 0, wait: e.durationMs, receive: 0 },
    ...(comment ? { comment } : {}),
    ...(e.accountId !== undefined ? { _accountId: e.accountId } : {}),
    ...(e.accountId !== undefined && names.get(e.accountId) ? { _accountName: names.get(e.accountId)! } : {}),
    ...(e.traceId !== undefined ? { _traceId: e.traceId, _traceparent: e.traceparent! } : {}),
  }
}

const NO_NAMES: ReadonlyMap<string, string> = new Map()

/**
 * Journal entries, oldest first, as a HAR 1.2 log; each entry names its account by `names` (id to name) when
 * it has one.
 * @example
 * toHar(journal.list().reverse(), 'http://127.0.0.1:4600', new Map([['acct_bob', 'Bob']])).log.entries.length
 */
export function toHar(entries: readonly JournalEntry[], origin: string, names = NO_NAMES): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'genmock', version: pkg.version },
      entries: entries.map((e) => entry(e, origin, names)),
    },
  }
}

/**
 * A journal (the entries `filter` picks, oldest first) as HAR 1.2, for the browser's devtools and
 * HAR viewers; `origin` completes the URLs.
 * @example
 * writeFileSync('session.har', JSON.stringify(journalToHar(simulator.journal)))
 */
export const journalToHar = (journal: JournalView, filter: JournalFilter = {}, origin = 'http://localhost'): Har =>
  toHar(journal.find(filter).reverse(), origin)
