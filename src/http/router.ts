/**
 * The route table, compiled once: rows are grouped by method and number of path segments, so a
 * request is compared only with the few rows of its shape, segment by segment, with no regex.
 */

/**
 * What kind of exchange a route is (handlers/route-table.ts's kind column), for what reads routes by kind
 * rather than by handler name: the drift comparison, the spans, the service's OpenAPI paths.
 */
export type ExchangeKind =
  | 'image submission'
  | 'video submission'
  | 'task read'
  | 'model list'
  | 'media'
  | 'document'
  | 'page'
  | 'control'
  | 'agent session'

export interface Row<Run> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Segments are literal or `:name`; `/__mock/` (with its slash) is a path of its own. */
  path: string
  run: Run
  /** Its parameters are opaque ids: one that is not valid percent-encoding is kept as sent (it names nothing). */
  opaque?: boolean
}

export interface Match<Run> {
  run: Run
  /** Decoded parameters; undefined when one of them is not valid percent-encoding (and the row is not opaque). */
  params: Record<string, string> | undefined
}

interface Compiled<Run> {
  segments: (string | { param: string })[]
  run: Run
  opaque: boolean
}

const split = (path: string) => path.slice(1).split('/')

/** The parameters of a row that has none: one object for every match. */
const NO_PARAMS: Record<string, string> = Object.freeze({})

/**
 * @example
 * const find = compileRoutes([{ method: 'GET', path: '/api/ai/tasks/:id', run: readTask }])
 * find('GET', '/api/ai/tasks/tsk_1') // { run: readTask, params: { id: 'tsk_1' } }
 */
export function compileRoutes<Run>(
  rows: readonly Row<Run>[],
): (method: string, path: string) => Match<Run> | undefined {
  // Method, then number of segments: no key is built per request.
  const table = new Map<string, Compiled<Run>[][]>()
  for (const { method, path, run, opaque = false } of rows) {
    const segments = split(path).map((s) => (s.startsWith(':') ? { param: s.slice(1) } : s))
    const byLength = table.get(method) ?? []
    table.set(method, byLength)
    byLength[segments.length] = [...(byLength[segments.length] ?? []), { segments, run, opaque }]
  }
  const find = (method: string, path: string): Match<Run> | undefined => {
    const byLength = table.get(method)
    if (!byLength) return undefined
    // Segments are read in place: no array of them, no string per literal segment.
    let count = 1
    for (let at = path.indexOf('/', 1); at >= 0; at = path.indexOf('/', at + 1)) count++
    const candidates = byLength[count]
    if (!candidates) return undefined
    next: for (const { segments, run, opaque } of candidates) {
      let raw: Record<string, string> | undefined
      let at = 1
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i]!
        const end = i === segments.length - 1 ? path.length : path.indexOf('/', at)
        if (typeof segment === 'string') {
          if (end - at !== segment.length || !path.startsWith(segment, at)) continue next
        } else if (end === at) continue next
        else (raw ??= {})[segment.param] = path.slice(at, end)
        at = end + 1
      }
      if (!raw) return { run, params: NO_PARAMS }
      return { run, params: decodeAll(raw) ?? (opaque ? raw : undefined) }
    }
    return undefined
  }
  // One trailing slash is forgiven, as msw's own matching does: `/api/ai/models/` is `/api/ai/models`.
  return (method, path) =>
    find(method, path) ?? (path.length > 1 && path.endsWith('/') ? find(method, path.slice(0, -1)) : undefined)
}

function decodeAll(raw: Record<string, string>): Record<string, string> | undefined {
  let plain = true
  for (const name in raw) if (raw[name]!.includes('%')) plain = false
  if (plain) return raw // nothing to decode: no second object
  const params: Record<string, string> = {}
  for (const name in raw) {
    const value = raw[name]!
    if (!value.includes('%')) params[name] = value
    else {
      try {
        params[name] = decodeURIComponent(value)
      } catch {
        return undefined
      }
    }
  }
  return params
}
