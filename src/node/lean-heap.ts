// V8 flags that keep a long-running server's heap small, set before the server starts.
import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'

/** Old generation: after a full collection the heap may grow by 1.2× (V8's default goes up to 4×). */
const OLD_GROWTH = '--heap-growing-percent=20'

/**
 * Young generation: both semi-spaces together, V8's own most on Node 20 and 22, where Node 24 grows
 * them to 128 MB, all of it resident. At 16 MB, under load, what lives a few thousand requests (the
 * journal's last 1000) outlived two collections and was promoted: the old generation was collected
 * more than twice as often, about a tenth of a POST's CPU (docs/performance.md).
 */
export const NEW_SPACE_BYTES = 32 * 1024 * 1024

const newSpaceBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0

/**
 * Keeps the standalone server's heap near its live data; the `genmock` command owns its process,
 * so it may set V8 flags, while a server started in-process leaves the host's V8 alone. V8 reads
 * `--max-semi-space-size` only when the process starts, but its semi-space growth factor each time
 * it grows the young generation: after every collection the factor is 2 while the young
 * generation is under `youngBytes`, else 1 (no growth). Collections are reported between
 * tasks (requests, for a server), so one long synchronous burst may still grow it up to V8's own
 * maximum. Returns the function that stops it.
 * @example
 * const stop = leanHeap()
 * // … serve …
 * stop()
 */
export function leanHeap(youngBytes = NEW_SPACE_BYTES): () => void {
  setFlagsFromString(OLD_GROWTH)
  let factor = 0
  const steer = () => {
    const next = newSpaceBytes() < youngBytes ? 2 : 1
    if (next !== factor) setFlagsFromString(`--semi-space-growth-factor=${(factor = next)}`)
  }
  steer()
  const observer = new PerformanceObserver(steer)
  observer.observe({ entryTypes: ['gc'] })
  return () => observer.disconnect()
}
