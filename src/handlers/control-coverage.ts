import type { RouteRow } from './context.js'
import { json } from './exchange.js'

/**
 * GET /__mock/coverage (README, Outcome coverage): the whole run's, or with `?account=` (repeated,
 * or comma-separated) the given accounts' together, such as one test's world.
 */
export const CONTROL_COVERAGE_ROUTES: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/__mock/coverage',
    run: ({ engine, query }) => {
      const accounts = query()
        .getAll('account')
        .flatMap((value) => value.split(','))
        .filter((id) => id !== '')
      return json(200, engine.coverage.report(accounts.length > 0 ? accounts : undefined))
    },
  },
]
