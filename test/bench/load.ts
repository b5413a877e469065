// autocannon, driven from code. The load runs in a worker thread (autocannon's `workers` option),
// so that the server under test keeps the main thread to itself; BENCH_WORKERS=0 keeps both on one.
import autocannon from 'autocannon'

export interface LoadOptions {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  connections: number
  seconds: number
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

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1)

export async function load({ url, method = 'GET', headers = {}, body, connections, seconds }: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
    connections,
    duration: seconds,
    ...(WORKERS > 0 ? { workers: WORKERS } : {}),
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

const WARM_UP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1)

/**
 * Checks one request answers 2xx, warms the target up (JIT, connection pools), then measures.
 * @example
 * await measure({ url: `${target.url}/api/ai/tasks/${id}`, headers, connections: 10, seconds: 5 })
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const { url, method = 'GET', headers, body } = options
  const probe = await fetch(url, { method, headers, body: body ?? null })
  if (!probe.ok) throw new Error(`${method} ${url}: ${probe.status} ${await probe.text()}`)
  await probe.arrayBuffer()
  if (WARM_UP_SECONDS > 0) await load({ ...options, seconds: WARM_UP_SECONDS })
  return load(options)
}
