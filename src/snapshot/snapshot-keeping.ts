/**
 * What a door that keeps snapshots on disk (the standalone server's --state DIR, docs/state.md)
 * hands the route core: its status, a save now, and the routes as its save strategy needs them.
 */
import type { HttpRequest, Reply } from '../http/request-reply.js'

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
}

/** The route core's answer to a request (handlers/app.ts's App). */
type Answer = (request: HttpRequest) => Promise<Reply | undefined>

/** What a door that keeps the state on disk hands the route core (AppOptions.state). */
export interface StateKeeping {
  status(): StateStatus
  /** Writes what changed now; resolves once it is durable. */
  save(): Promise<StateStatus>
  /** The routes as its save strategy needs them (a change written before its answer, say). */
  wrap(app: Answer): Answer
}
