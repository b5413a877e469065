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
