// The outcome coverage route of the control API (README, Outcome coverage).
import type { RouteRow } from './route-context.js'
import { json } from '../http/request-reply.js'

/**
 * GET /__mock/coverage (README, Outcome coverage): the whole run's, or with `?account=` (repeated,
 * or comma-separated) the given accounts' together, such as one test's world.
 */
export const CONTROL_COVERAGE_ROUTES: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/__mock/coverage',
    run: ({ engine, query }) => {
      // `?account=` names accounts (none, when empty): only the whole run's report leaves it out.
      const asked = query().getAll('account')
      const accounts = asked.flatMap((value) => value.split(',')).filter((id) => id !== '')
      return json(200, engine.coverage.report(asked.length > 0 ? accounts : undefined))
    },
  },
]
