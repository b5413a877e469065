/**
 * The shapes the simulator gives task, provider task and request ids (`--id-style`, a scenario's
 * `idStyle`). No zod here: the command line reads this list before anything else is loaded.
 *
 * - `prefixed`: `tsk_` (`prv_`, `req_`, `http_`) and 20 base62 characters, the default;
 * - `uuid`: a UUID v4 in lowercase hex;
 * - `numeric`: a decimal string of 12 to 19 digits, no leading zero, that fits a signed 64-bit
 *   integer; from 16 digits on most exceed 2^53, so a client that parses ids as JS numbers breaks;
 * - `long`: 64 characters drawn from every URL-safe unreserved character (A–Z a–z 0–9 - . _ ~).
 */
export const ID_STYLES = ['prefixed', 'uuid', 'numeric', 'long'] as const
export type IdStyle = (typeof ID_STYLES)[number]

export const DEFAULT_ID_STYLE: IdStyle = 'prefixed'

/**
 * What an id the simulator drew looks like, in any style: `prefix` and 20 base62 characters, a
 * UUID v4, 12 to 19 digits, or 64 URL-safe characters (a snapshot's ids are checked with it).
 * @example
 * idPattern('tsk_').test('tsk_4MrIYxv4guGNn4hUdsV1') // true
 */
export const idPattern = (prefix: string): RegExp =>
  new RegExp(
    `^(?:${prefix}[0-9A-Za-z]{20}|[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|` +
      '[1-9][0-9]{11,18}|[A-Za-z0-9._~-]{64})$',
  )
