// genmock's own answers in place of the service's, one table for both proxy doors.

/** Says an answer is genmock's own, not the service's (docs/check-against-the-service.md). */
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

/** Which time-out of an exchange struck, and what the client got: genmock's 504, or a cut connection. */
export interface ProxyTimeout {
  phase: 'first-byte' | 'idle' | 'total'
  outcome: '504' | 'cut'
  seconds: number
}

const PHASES: Record<ProxyTimeout['phase'], string> = {
  'first-byte': 'did not start answering within',
  idle: 'paused mid-answer longer than',
  total: 'did not finish answering within',
}

/**
 * The message of a proxy time-out, for the 504 body and the drift finding.
 * @example
 * timeoutMessage('https://api.example.test', { phase: 'idle', outcome: 'cut', seconds: 30 })
 * // 'https://api.example.test paused mid-answer longer than 30 s'
 */
export const timeoutMessage = (origin: string, { phase, seconds }: ProxyTimeout) =>
  `${origin} ${PHASES[phase]} ${seconds} s`
