// The V8 flags a serving genmock runs with (lean-heap.ts), apart so that the bin's launcher can set them
// before any piece is compiled (src/node/cli/cached-pieces.ts): V8 refuses code kept under other flags.

/**
 * Old generation: after a full collection the heap may grow by 1.2× (V8's default goes up to 4×).
 * Allocation sites: never pretenured. Under load some sites' objects (most likely a request's own, which
 * its journal entry holds) each outlive one young collection: V8 sees that and, after a collection that
 * finds the young generation full, allocates them in the old one from then on, where each dies. Under a
 * POST load with the metrics and the journal read beside it, that happened in 6 runs of 10: three times
 * the full collections, a fifth fewer answers (docs/performance.md, Pretenuring: a request's objects
 * stay young).
 */
export const HEAP_FLAGS = '--heap-growing-percent=20 --no-allocation-site-pretenuring'
