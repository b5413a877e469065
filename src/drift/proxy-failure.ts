// genmock's own answers in place of the service's, one table for both proxy doors.

/** Says an answer is genmock's own, not the service's (README, Check genmock against the service). */
export const PROXY_ERROR_HEADER = 'genmock-proxy-error'

/** Why genmock answered a proxied request itself, and the status each gets. */
const PROXY_FAILURES = { timeout: 504, unreachable: 502, tls: 502, 'too-large': 413, 'refused-target': 400 } as const
export type ProxyFailure = keyof typeof PROXY_FAILURES

/**
 * genmock's own answer when it cannot, or will not, forward a request: the same in every door.
 * @example
 * proxyFailure('timeout', 'https://api.example.test did not answer within 30 s') // { status: 504, … }
 */
export function proxyFailure(failure: ProxyFailure, message: string) {
  const body = JSON.stringify({ error: `genmock proxy: ${message}` })
  return {
    status: PROXY_FAILURES[failure],
    headers: { 'content-type': 'application/json', [PROXY_ERROR_HEADER]: failure } as Record<string, string>,
    body,
  }
}
