/**
 * What a door that keeps snapshots on disk (the standalone server's --state DIR, docs/state.md)
 * hands the route core: its status and a save now; its saving after a change is a step of the route
 * core's list (handlers/route-steps.ts).
 */
import type * as z from 'zod'
import type { stateFailureSchema } from '../contract/control-answers.js'

/**
 * When a --state DIR is written (docs/state.md, Save strategies: what each can lose): named once, for
 * the option table, the keeper and the status.
 */
export const SAVE_STRATEGIES = ['scheduled', 'request', 'shutdown', 'manual'] as const
export type SaveStrategy = (typeof SAVE_STRATEGIES)[number]

/** Where a door keeps the state, and when it was last written (the dashboard shows it). */
export interface StateStatus {
  /** The --state DIR. */
  dir: string
  strategy: SaveStrategy
  /** ISO 8601 wall time of the last write, if any since start. */
  lastSavedAt?: string
  /** Whether something changed since. */
  unsaved: boolean
  /** Set while saves fail, a full disk say (docs/state.md, When a save fails). */
  failing?: StateFailure
}

/** Saves failing: since when, why, how many tries, what is not saved. */
export type StateFailure = z.infer<typeof stateFailureSchema>

/** What a door that keeps the state on disk hands the route core (AppOptions.state). */
export interface StateKeeping {
  status(): StateStatus
  /** Writes what changed now; resolves once it is durable. */
  save(): Promise<StateStatus>
}
