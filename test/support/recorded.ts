import { vi } from 'vitest'

/**
 * Waits until `check` passes, for what a door records a moment after the client has its answer
 * (a proxied exchange's drift and journal entry): polled, with a generous limit for a busy machine,
 * rather than a fixed pause that a slow moment outlasts.
 * @example
 * await recorded(async () => expect(simulator.drift.observations().exchanges).toBe(1))
 */
export const recorded = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 15_000, interval: 20 })
