/**
 * A value built the first time it is asked for, then kept: the contract's schemas are built this way, so
 * a cold start builds only what its first requests use (docs/performance.md, Cold start).
 */

/**
 * The getter of a value built on first use.
 * @example
 * const schemas = builtOnce(() => ({ name: z.string() }))
 * schemas().name.parse('x')
 */
export function builtOnce<T>(build: () => T): () => T {
  let built: T | undefined
  return () => (built ??= build())
}
