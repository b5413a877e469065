// GET and DELETE /__mock/drift (README, Check genmock against the service): the drift report, as JSON or JUnit XML.
import { driftQuerySchema } from '../contract/control-drift.js'
import type { RouteRow } from './route-context.js'
import { driftOf } from '../drift/drift-state.js'
import { json } from '../http/request-reply.js'
import { driftJunit } from '../reports/drift-junit.js'
import { readQuery } from '../http/read-query.js'

/** GET and DELETE /__mock/drift. */
export const DRIFT_ROUTES: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/__mock/drift',
    run: ({ engine, query }) => {
      const { format } = readQuery(driftQuerySchema, query())
      const { report } = driftOf(engine)
      if (format === 'junit')
        return {
          status: 200,
          headers: { 'content-type': 'application/xml; charset=utf-8' },
          bytes: driftJunit(report.findings()),
        }
      return json(200, { findings: report.findings(), observations: report.observations() })
    },
  },
  {
    method: 'DELETE',
    path: '/__mock/drift',
    run: ({ engine }) => {
      driftOf(engine).clear()
      return json(200, { ok: true })
    },
  },
]
