// The dashboard's client of the control API: quiet (never journaled) and conditional (If-None-Match).
import type { ErrorAnswer, TaskView } from './answers.js'

/**
 * The dashboard's client of the control API, quiet and conditional: every request carries
 * `Genmock-Dashboard: 1`, so none enters the request log, and reads send If-None-Match, so a
 * second with no change costs a 304 per read and gives back the very same object.
 */
export type ControlApi = ReturnType<typeof controlApi>

export const enc = encodeURIComponent

/**
 * The headers of every request of a dashboard opened at `hash`: `Genmock-Dashboard: 1`, and the credential of
 * its `#token=` or `#key=` as `Authorization: Bearer`.
 * @example
 * dashboardHeaders('#key=sk_test_x') // { 'genmock-dashboard': '1', authorization: 'Bearer sk_test_x' }
 */
export function dashboardHeaders(hash: string): Record<string, string> {
  const token = /(?:^#|&)(?:token|key)=([^&]+)/.exec(hash)?.[1]
  return { 'genmock-dashboard': '1', ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}) }
}

/**
 * A client for one mounted dashboard; with --admin-token, the page is opened as /__mock/#token=T (the
 * admin) or /__mock/#key=K (a team, by its account's key): the fragment never leaves the browser, and
 * either is sent as `Authorization: Bearer`.
 * @example
 * const api = controlApi(location.hash)
 * const clock = await api.read<ClockAnswer>('/__mock/clock') // a 304 gives back the same object
 */
export function controlApi(hash: string) {
  const base = dashboardHeaders(hash)
  /** Last answers by path, with their ETag. */
  const known = new Map<string, { tag: string; data: unknown }>()
  /** Blob URLs of task media, fetched once each, keyed by the task's creation too: a reset draws the same ids again. */
  const blobs = new Map<string, Promise<string>>()

  /** One call; a GET sends If-None-Match and takes a 304 as the answer it had. */
  const request = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const had = method === 'GET' ? known.get(path) : undefined
    const res = await fetch(path, {
      method,
      cache: 'no-store',
      headers: {
        ...base,
        ...(had ? { 'if-none-match': had.tag } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (res.status === 304 && had) return had.data as T
    const data: unknown = await res.json().catch(() => ({}))
    if (!res.ok) {
      const { error = '', details } = data as ErrorAnswer
      const issue = details?.issues?.[0]
      throw new Error(
        method === 'GET'
          ? `GET ${path}: ${res.status} ${issue?.message ?? error}`
          : `${method} ${path} → ${res.status} ${error}${issue ? `: ${issue.path} ${issue.message}` : ''}`,
      )
    }
    const tag = method === 'GET' && res.headers.get('etag')
    if (tag) known.set(path, { tag, data })
    return data as T
  }

  /** A blob: URL of a task's output `index` ('' when it cannot be had; a failed fetch is tried again next time). */
  const media = (t: TaskView, index: number): Promise<string> => {
    const key = `${t.taskId}/${t.createdAt}/${index}`
    let url = blobs.get(key)
    if (!url) {
      url = fetch(`/__mock/tasks/${enc(t.taskId)}/media/${index}`, { headers: base })
        .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : ''))
        .catch(() => '')
        .then((got) => {
          if (!got) blobs.delete(key)
          return got
        })
      blobs.set(key, url)
    }
    return url
  }

  /** Frees the media of tasks no longer on screen (all of them without `keep`). */
  const releaseMedia = (keep: (taskId: string) => boolean = () => false) => {
    for (const [key, url] of blobs) {
      if (keep(key.slice(0, key.indexOf('/')))) continue
      blobs.delete(key)
      void url.then((u) => u && URL.revokeObjectURL(u))
    }
  }

  return {
    /** What every request carries: `Genmock-Dashboard: 1`, and the page's credential as `Authorization`. */
    headers: base as Readonly<Record<string, string>>,
    read: <T>(path: string) => request<T>('GET', path),
    call: request,
    media,
    releaseMedia,
  }
}
