// The Node server's log of the control calls that change something (docs/sandbox.md, Tell the teams apart): one
// line each, with who made it (`admin` or the account's id), which route, the id it named and the trace id.
import type { Engine } from '../../engine/engine.js'
import type { ExchangeListener, MatchedRoute } from '../../metrics/exchange-listener.js'
import type { HttpRequest } from '../../http/request-reply.js'
import { traceContext } from '../../tracing/trace-context.js'
import type { LogFormat } from './logger.js'

/** The id a change named: the request path's segment where the route's pattern has a `:name`, the last one. */
function targetOf(route: MatchedRoute, request: HttpRequest): string | undefined {
  const pattern = route.path.split('/')
  const path = request.path.split('/')
  let target: string | undefined
  pattern.forEach((segment, i) => {
    if (segment.startsWith(':') && path[i] !== undefined) target = decodeURIComponent(path[i]!)
  })
  return target
}

/**
 * A listener that logs each control call let in that changes something (not GET or HEAD, answered below
 * 400); MCP's own message is not one, the tools' calls through the route core are. Made with the engine
 * (a target that is a key is never written); undefined when silent.
 * @example
 * const listener = changeLog('json', (line) => process.stdout.write(`${line}\n`))?.(engine)
 */
export function changeLog(
  format: LogFormat,
  write: (line: string) => void,
): ((engine: Engine) => ExchangeListener) | undefined {
  if (format === 'silent') return undefined
  return (engine) => ({
    exchange(route, method, status, _seconds, trace, request) {
      const { by } = trace
      if (by === undefined || route === undefined || method === 'GET' || method === 'HEAD') return
      if (status === 0 || status >= 400 || route.kind === 'agent session') return
      const found = targetOf(route, request)
      const target = found === undefined || !engine.isCredential(found) ? found : '[redacted]'
      const traceId = traceContext(request.headers)?.traceId
      const time = new Date().toISOString()
      if (format === 'json') {
        const line = { time, event: 'change', by, route: route.name, kind: route.kind, method, path: route.path }
        write(JSON.stringify({ ...line, target, status, traceId }))
        return
      }
      const on = target === undefined ? '' : ` ${target}`
      const traced = traceId === undefined ? '' : ` trace ${traceId}`
      write(`${time.slice(11, 19)} change by ${by}: ${route.name}${on} → ${status}${traced}`)
    },
  })
}
