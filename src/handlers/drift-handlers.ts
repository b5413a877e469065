// The drift report's handlers (docs/check-against-the-service.md): read it as JSON or JUnit XML, clear it.
import { driftQuerySchema } from '../contract/control-drift.js'
import { json } from '../http/request-reply.js'
import { readQuery } from '../http/read-query.js'
import { driftJunit } from '../reports/drift-junit.js'
import type { Route } from './route-context.js'

export const DRIFT_HANDLERS = {
  driftReport: (c) => {
    const { drift } = c
    const { format } = readQuery(driftQuerySchema, c.query())
    if (format === 'junit')
      return {
        status: 200,
        headers: { 'content-type': 'application/xml; charset=utf-8' },
        bytes: driftJunit(drift.findings()),
      }
    return json(200, { findings: drift.findings(), observations: drift.observations() })
  },
  clearDrift: ({ drift }) => {
    drift.clear()
    return json(200, { ok: true })
  },
} satisfies Record<string, Route>
