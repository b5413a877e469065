/**
 * The control API's operations, keyed as the route table writes a route (handlers/route-table.ts),
 * one file per area: the document's paths are the routes', and `controlPaths` refuses a route
 * without an operation or an operation without a route.
 */
import type { Row } from '../http/router.js'
import { CLOCK_ACCOUNT_OPERATIONS } from './clock-account-operations.js'
import { JOURNAL_OPERATIONS } from './journal-operations.js'
import { MCP_OPERATIONS } from './mcp-operations.js'
import { METRICS_OPERATIONS } from './metrics-operations.js'
import { conditional, type op } from './operation-parts.js'
import { SIMULATOR_OPERATIONS } from './simulator-operations.js'
import { STATE_OPERATIONS } from './state-operations.js'
import { TASK_SCENARIO_OPERATIONS } from './task-scenario-operations.js'

const OPERATIONS: Record<string, ReturnType<typeof op>> = {
  ...SIMULATOR_OPERATIONS,
  ...CLOCK_ACCOUNT_OPERATIONS,
  ...TASK_SCENARIO_OPERATIONS,
  ...JOURNAL_OPERATIONS,
  ...STATE_OPERATIONS,
  ...METRICS_OPERATIONS,
  ...MCP_OPERATIONS,
}

/** The dashboard page: HTML holding no data of its own, reached through GET /__mock's redirect. */
const UNDOCUMENTED = new Set(['GET /__mock/'])

/**
 * The document's paths: one per control route (docs/control-api.md), in the route table's order.
 * @example
 * controlPaths(CONTROL_API_ROUTES)['/__mock/clock']!.get
 */
export function controlPaths(routes: readonly (Row<unknown> & { who?: string })[]) {
  const paths: Record<string, Record<string, ReturnType<typeof conditional>>> = {}
  const documented = new Set<string>()
  for (const { method, path, who } of routes) {
    const key = `${method} ${path}`
    if (UNDOCUMENTED.has(key)) continue
    const operation = OPERATIONS[key]
    if (!operation) throw new Error(`the control document has no operation for the route ${key}`)
    documented.add(key)
    const name = path.replace(/:(\w+)/g, '{$1}')
    // Who may call it (handlers/route-table.ts, docs/sandbox.md), as the route table says.
    const access = who === undefined ? {} : { 'x-genmock-access': who }
    paths[name] = {
      ...paths[name],
      [method.toLowerCase()]: { ...conditional(method.toLowerCase(), operation), ...access },
    }
  }
  const unrouted = Object.keys(OPERATIONS).filter((key) => !documented.has(key))
  if (unrouted.length > 0) throw new Error(`the control document has operations with no route: ${unrouted.join(', ')}`)
  return paths
}
