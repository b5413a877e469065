// A submission as the conformance rules and Idempotency-Key records compare it, its fingerprint made lazily.
import { textHash } from '../lib/bounded.js'
import { canonicalJson } from './tasks/idempotency.js'

/** Which generation endpoint a submission went to. */
export type Endpoint = 'image' | 'video'

/**
 * A submission as the conformance rules compare it with the account's recent ones. Its fingerprint,
 * the body's canonical JSON, is made only when something reads it: a key to check, a failed
 * submission to compare with, or this one failing; most submissions need none.
 */
export class Attempt {
  readonly endpoint: Endpoint
  readonly body: unknown
  readonly key: string | null
  readonly relay: boolean
  #body: string | undefined

  constructor(endpoint: Endpoint, body: unknown, key: string | null, relay: boolean) {
    this.endpoint = endpoint
    this.body = body
    this.key = key
    this.relay = relay
  }

  /** A hash of the body's canonical JSON, as Idempotency-Key records compare bodies. */
  get canonicalBody(): string {
    // A hash stands for the body in every record (a body may be a megabyte): docs/limits-and-security.md.
    this.#body ??= textHash(canonicalJson(this.body))
    return this.#body
  }

  get fingerprint(): string {
    return `${this.endpoint}|${this.canonicalBody}`
  }
}
