/**
 * Every number in the Limits table of the service interface, in one place.
 * Schemas, the engine and the tests read them from here, so a limit is written once.
 */
export const LIMITS = {
  /** Standard image body: prompt length before the per-model cap applies. */
  prompt: { min: 1, max: 20000 },
  /** Relay image body. */
  relayPrompt: { min: 1, max: 8000 },
  relayModel: { min: 1, max: 100 },
  relayResolution: { min: 1, max: 30 },
  negativePrompt: { max: 2000 },
  dimension: { min: 64, max: 4096 },
  numOutputs: { min: 1, max: 10, default: 1 },
  guidanceScale: { min: 0, max: 100 },
  numInferenceSteps: { min: 1, max: 150 },
  /** Schema-level cap; each image model has a lower or equal cap of its own. */
  inputImageUrls: { max: 14 },
  idempotencyKey: { min: 8, max: 200 },
  /** Relay polls: never sooner than this, whatever pollAfterSeconds says. */
  minPollAfterSeconds: 5,
  upstreamAGraceSeconds: 30,
  /** Simulator choice (interface: not shown): the largest request body accepted. */
  maxBodyBytes: 1024 * 1024,
  /** Simulator choice: the largest state snapshot PUT /__mock/state takes (100 000 tasks are about 30 MB). */
  maxStateBytes: 128 * 1024 * 1024,
  /** Simulator choice: the long side of a preview image in pixels (docs/where-the-interface-is-silent.md). */
  previewSide: { min: 1, max: 256 },
  /**
   * Simulator choice: the simulated times a snapshot may hold, epoch milliseconds: the years 0000 to
   * 9999, as PUT /__mock/clock takes them (an ISO 8601 date-time), far within what a Date holds.
   */
  simulatedTime: { min: -62_167_219_200_000, max: 253_402_300_799_999 },
  /** Simulator choice: deeper JSON is refused before anything walks it. */
  maxJsonDepth: 64,
  /**
   * Simulator choice (interface: passed through, not validated): the largest `providerInput`, as
   * UTF-8 JSON, a task may store; a larger one is Invalid request (docs/limits-and-security.md).
   */
  maxProviderInputBytes: 16 * 1024,
  /** Simulator choice: an Invalid request answer lists this many issues, and counts the rest in `moreIssues`. */
  maxIssues: 100,
  /** Simulator choice: an issue's path and message are cut to these lengths (a key may be a megabyte long). */
  maxIssuePath: 256,
  maxIssueMessage: 1024,
  /**
   * Simulator choices (docs/limits-and-security.md, Memory: every record bounded): what the live API
   * keeps at most, per record and per collection. The engine keeps no more, and a snapshot holding
   * more is refused (src/snapshot/snapshot-limits.ts).
   */
  kept: {
    /** A journal entry's body text, in bytes of the body (its redaction may lengthen the text by a quarter). */
    journalBodyBytes: 64 * 1024,
    /** A journal entry's headers, names and values, in UTF-16 units. */
    journalHeaders: 16 * 1024,
    /** A journal entry's path, query, task id or Idempotency-Key. */
    journalText: 8 * 1024,
    /** Conformance findings kept (the latest), each message and each name the client sent in it. */
    findings: 1000,
    findingText: 2048,
    findingName: 512,
    /** Tasks whose reads the conformance rules follow; submissions they remember per account. */
    trackedTasks: 10_000,
    submissionsPerAccount: 1000,
    /** Ledger entries kept per account (the older ones summed). */
    ledgerEntries: 1000,
    /**
     * Ledger entries an account may hold: the older ones are let go in batches, once the entries
     * reach half as many again as those kept, so that a busy account does not shift them on each one.
     */
    ledgerEntriesHeld: 1499,
    /** Idempotency-Key records kept per account. */
    idempotencyPerAccount: 1000,
  },
} as const
