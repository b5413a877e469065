// V8 flags that keep a long-running server's heap small, set before the server starts.
import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { HEAP_FLAGS } from './heap-flags.js'

/**
 * Young generation: both semi-spaces together. Under load V8 grows them to 32 MB (Node 20, 22) or
 * 128 MB (Node 24), all of it resident. Smaller, the collector runs more often and promotes more of
 * what lives a few requests (the journal's entries): at 16 MB a POST cost a fifth more of the
 * collector's instructions, for 9 MB less RSS after a load (docs/performance.md, Memory).
 */
export const NEW_SPACE_BYTES = 32 * 1024 * 1024

const newSpaceBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0

/**
 * Keeps the standalone server's heap near its live data, and its requests' own objects out of the old
 * generation (HEAP_FLAGS); the `genmock` command owns its process, so it may set V8 flags, while a
 * server started in-process leaves the host's V8 alone. V8 reads
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
  setFlagsFromString(HEAP_FLAGS)
  // V8's own factor: a process starts with a young generation far under `youngBytes`, so nothing
  // is read or set until the first collection (reading the heap's spaces costs a cold start ~3 ms).
  let factor = 2
  const steer = () => {
    const next = newSpaceBytes() < youngBytes ? 2 : 1
    if (next !== factor) setFlagsFromString(`--semi-space-growth-factor=${(factor = next)}`)
  }
  const observer = new PerformanceObserver(steer)
  observer.observe({ entryTypes: ['gc'] })
  return () => observer.disconnect()
}
