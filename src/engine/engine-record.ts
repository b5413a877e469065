// What clients did, as the engine records it (docs/conformance-and-coverage.md): `engine.record`, the
// journal's requests, the findings of the rules they broke and the outcomes they met, cleared on ask,
// and the coverage those outcomes make.
import type { CoverageReport } from '../contract/control-answers.js'
import type { OutcomeName } from '../contract/outcomes.js'
import type { EngineState } from './engine-state.js'
import type { Conformance } from './journal/conformance.js'
import { unmetOutcomes } from './journal/coverage.js'
import type { Journal } from './journal/journal.js'

/**
 * The engine's recording side, `engine.record`; the engine's `journal` and `conformance` read what it writes.
 * @example
 * const seq = engine.record.request(entry) // then engine.record.findings(breaches, { accountId, at, requestSeq: seq })
 */
export class EngineRecord {
  readonly #state: EngineState

  constructor(state: EngineState) {
    this.#state = state
  }

  /** Records one request (built when first read: most entries never are); its journal number. */
  request(entry: Parameters<Journal['record']>[0], bytes = 0): number {
    return this.#state.journal.record(entry, bytes)
  }

  clearJournal = (): void => this.#state.journal.clear()

  /** Records what the route core found a request broke (its breaches, redacted), at its journal number. */
  findings(...found: Parameters<Conformance['record']>): void {
    this.#state.conformance.record(...found)
  }

  clearFindings = (): void => this.#state.conformance.clear()

  /** Counts an outcome an account's request met (docs/conformance-and-coverage.md, Outcome coverage). */
  outcome(name: OutcomeName, accountId: string): void {
    this.#state.coverage.record(name, accountId)
  }

  /** Which outcomes the clients met: the whole run's, or the given accounts' together. */
  coverage(accountIds?: readonly string[]): CoverageReport {
    return this.#state.coverage.report(accountIds)
  }

  /** The outcomes of `wanted` (or every one, for 'all') the run has not met (`--require-coverage`). */
  unmetOutcomes(wanted: readonly string[]): OutcomeName[] {
    return unmetOutcomes(this.coverage(), wanted)
  }
}
