// autocannon, driven from code. The servers run in processes of their own (targets.ts), so the load
// runs in the bench's main thread by default, on the bench's core; BENCH_WORKERS=N spreads it over
// N worker threads instead (autocannon's `workers` option; not with mixed request sequences).
import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** A sequence each connection sends in turn, instead of one request (paths relative to `url`). */
  requests?: autocannon.Request[]
  connections: number
  seconds: number
  /** Exactly this many requests instead; then `seconds` is the time-out of each. */
  amount?: number
}

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number
  /** Latency percentiles in ms (autocannon's resolution is 1 ms). */
  p50: number
  p99: number
  requests: number
  /** Answers other than 2xx, and socket errors (timeouts included): any of these makes a run suspect. */
  non2xx: number
  errors: number
}

const WORKERS = Number(process.env.BENCH_WORKERS ?? 0)
const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)

export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  requests,
  connections,
  seconds,
  amount,
}: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(requests === undefined ? {} : { requests }),
    connections,
    ...(amount === undefined ? { duration: seconds } : { amount, timeout: seconds }),
    ...(WORKERS > 0 && requests === undefined ? { workers: WORKERS } : {}),
  })
  return {
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

/** Checks that one request answers 2xx before loading a target, so a broken setup fails loudly. */
export async function probe({
  url,
  method = 'GET',
  headers,
  body,
}: Pick<LoadOptions, 'url' | 'method' | 'headers' | 'body'>): Promise<void> {
  const res = await fetch(url, { method, headers: headers ?? {}, body: body ?? null })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  await res.arrayBuffer()
}

/** A short run that is thrown away: JIT, connection set-up, the server's first collections. */
export async function warmUp(options: LoadOptions): Promise<void> {
  if (WARM_UP_SECONDS > 0) await load({ ...options, seconds: WARM_UP_SECONDS })
}

/**
 * Probe, warm-up, then the measured run.
 * @example
 * await measure({ url: `${target.url}/api/ai/tasks/${id}`, headers, connections: 10, seconds: 5 })
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  await probe(options)
  await warmUp(options)
  return load(options)
}

/** The median of a list of numbers (the middle one, or the mean of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
