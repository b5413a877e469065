// What a --state DIR is kept with (docs/state.md, Keep the state in a folder), and what the keeper
// found there at start: the options the server takes, the banner's facts.
import type { StateWarn } from './save-failures.js'
import type { SaveStrategy } from '../../snapshot/snapshot-keeping.js'
import type { TornWrite } from './state-log.js'

export interface StateOptions {
  /** The folder the state is kept in; without it, `from` is only where the state starts. */
  dir?: string | undefined
  /** Default 'scheduled'. */
  save?: SaveStrategy | undefined
  /** A snapshot (GET /__mock/state) to start from when `dir` holds no state yet. */
  from?: string | undefined
  /** Where the warnings about failing saves go (the CLI's output); stderr without it. */
  warn?: StateWarn | undefined
  /** Told of every save, its wall seconds and whether it failed (the metrics, docs/metrics-and-traces.md). */
  onSaved?: ((seconds: number, failed: boolean) => void) | undefined
  /** How long a lock written on another machine counts after its holder last touched it (15 s; tests shorten it). */
  lockStaleMs?: number | undefined
}

/** How the state was found at start, for the banner. */
export interface StateLoaded {
  /** `dir` with `fromIgnored`: --state-from was given, but the folder already held a state. */
  from: 'dir' | 'file' | 'new'
  fromIgnored?: true
  tasks: number
  /** The last run did not stop cleanly: its lock was taken over. */
  recovered: boolean
  /** The log's torn last write, dropped at start (docs/state.md, Damage and crashes). */
  torn?: TornWrite
}
