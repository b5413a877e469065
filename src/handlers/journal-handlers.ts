// The control API's handlers of what clients did: the request journal (list, count, HAR, clear), the client
// conformance findings (docs/conformance-and-coverage.md, Client conformance) and outcome coverage
// (docs/conformance-and-coverage.md, Outcome coverage).
import type * as z from 'zod'
import {
  findingQuerySchema,
  journalFilterQuerySchema,
  journalHarQuerySchema,
  journalListQuerySchema,
} from '../contract/control-requests.js'
import type { RuleId } from '../engine/journal/conformance.js'
import type { JournalEntry, JournalFilter } from '../engine/journal/journal.js'
import { readQuery } from '../http/read-query.js'
import { json } from '../http/request-reply.js'
import { junitReport } from '../reports/conformance-junit.js'
import { toHar } from '../reports/har.js'
import { pageOf } from './paging.js'
import type { Route, RouteContext } from './route-context.js'

/** What a journal entry weighs in a page: its bodies as kept (up to 64 kB each), and the rest. */
const bodyWeight = (entry: JournalEntry) =>
  1024 + (entry.requestBody?.text?.length ?? 0) + (entry.responseBody?.text?.length ?? 0)

/** The journal filters of GET /__mock/requests, /requests/count and /requests.har, as the engine takes them. */
const journalFilter = (
  { account, ...filter }: z.infer<typeof journalFilterQuerySchema>,
  own: string | undefined,
): JournalFilter => ({
  ...filter,
  accountId: account ?? own,
})

export const JOURNAL_HANDLERS = {
  listRequests: (c, own) => {
    const { limit, offset, cursor, ...filter } = readQuery(journalListQuerySchema, c.query())
    const page = pageOf(c.engine.journal.find(journalFilter(filter, own)), { limit, offset, cursor }, bodyWeight)
    return json(200, {
      total: page.total,
      requests: page.items,
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    })
  },
  countRequests: (c, own) =>
    json(200, {
      count: c.engine.journal.find(journalFilter(readQuery(journalFilterQuerySchema, c.query()), own)).length,
    }),
  exportHar: (c, own) => {
    const { limit, offset, cursor, ...filter } = readQuery(journalHarQuerySchema, c.query())
    const page = pageOf(c.engine.journal.find(journalFilter(filter, own)), { limit, offset, cursor }, bodyWeight)
    const names = new Map(c.engine.listAccounts().map(({ id, name }) => [id, name]))
    return json(200, toHar(page.items.reverse(), c.request.origin, names), {
      'content-disposition': 'attachment; filename="genmock.har"',
      // A HAR has no place for it: past the byte budget, the rest is one more export away.
      ...(page.nextCursor ? { 'genmock-next-cursor': page.nextCursor } : {}),
    })
  },
  clearRequests: ({ engine }: RouteContext) => {
    engine.record.clearJournal()
    return json(200, { ok: true })
  },
  listFindings: (c, own) => {
    const { account, rule, traceId, format } = readQuery(findingQuerySchema, c.query())
    const findings = c.engine.conformance.findings({ accountId: account ?? own, rule, traceId })
    if (format === 'junit')
      return {
        status: 200,
        headers: { 'content-type': 'application/xml; charset=utf-8' },
        bytes: junitReport(findings),
      }
    const counts: Partial<Record<RuleId, number>> = {}
    for (const finding of findings) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1
    return json(200, { total: findings.length, counts, findings })
  },
  clearFindings: ({ engine }: RouteContext) => {
    engine.record.clearFindings()
    return json(200, { ok: true })
  },
  /**
   * The whole run's coverage, or with `?account=` (repeated, or comma-separated) the given accounts' together;
   * an account's key gets its own.
   */
  coverageReport: (c, own) => {
    // `?account=` names accounts (none, when empty): only the whole run's report leaves it out.
    const asked = c.query().getAll('account')
    const accounts = asked.flatMap((value) => value.split(',')).filter((id) => id !== '')
    return json(200, c.engine.record.coverage(asked.length > 0 ? accounts : own !== undefined ? [own] : undefined))
  },
} satisfies Record<string, Route<string | undefined>>
