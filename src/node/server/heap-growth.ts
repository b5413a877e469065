// The V8 flag a serving genmock runs with (lean-heap.ts), apart so that the bin's launcher can set it
// before any piece is compiled (src/node/cli/cached-pieces.ts): V8 refuses code kept under other flags.

/** Old generation: after a full collection the heap may grow by 1.2× (V8's default goes up to 4×). */
export const OLD_GROWTH = '--heap-growing-percent=20'
