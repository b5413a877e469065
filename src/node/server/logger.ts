// The Node server's request log: one line per request, never headers or bodies.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isDashboardRequest } from '../../http/request-reply.js'
import { requestSecrets, withSecrets } from '../../http/redaction.js'

export type LogFormat = 'pretty' | 'json' | 'silent'

/**
 * One line per request: method, path (no query string, secrets in it redacted), status and
 * duration. Never headers or bodies, so keys and session cookies cannot reach the log. The dashboard's own requests
 * (`Genmock-Dashboard: 1`) get none: a dashboard left open polling adds nothing.
 * @example
 * const log = requestLog('pretty', (line) => process.stdout.write(line + '\n'))
 * log(req, res) // writes its line when the response finishes
 */
export function requestLog(
  format: LogFormat,
  write: (line: string) => void,
  redact: (text: string) => string = (text) => text,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (format === 'silent') return () => {}
  return (req, res) => {
    if (isDashboardRequest(req.headers)) return
    const started = performance.now()
    res.on('finish', () => {
      // The request's own credentials too, whatever their shape (a proxied service's key).
      const path = withSecrets(
        { text: redact, query: redact, headers: () => ({}) },
        requestSecrets(req.headers as Record<string, string>),
      ).text((req.url ?? '').split('?')[0]!)
      const ms = Math.round((performance.now() - started) * 10) / 10
      write(
        format === 'json'
          ? JSON.stringify({
              time: new Date().toISOString(),
              event: 'request',
              method: req.method,
              path,
              status: res.statusCode,
              ms,
            })
          : `${new Date().toISOString().slice(11, 19)} ${req.method} ${path} → ${res.statusCode} ${ms} ms`,
      )
    })
  }
}
