// The control document's operations of what clients did: the journal, conformance, coverage and drift
// (handlers/journal-handlers.ts, drift-handlers.ts).
import {
  coverageQuerySchema,
  findingQuerySchema,
  journalFilterQuerySchema,
  journalHarQuerySchema,
  journalListQuerySchema,
} from '../contract/control-requests.js'
import { driftQuerySchema } from '../contract/control-drift.js'
import { common, errors, ok200, op, queryParameters } from './operation-parts.js'
import { response } from './json-schema.js'

export const JOURNAL_OPERATIONS: Record<string, ReturnType<typeof op>> = {
  'GET /__mock/requests': op({
    operationId: 'listRequests',
    tags: ['journal'],
    summary: 'The request journal, newest first (the last 1000)',
    description: 'Client traffic only, not /__mock calls. Keys and cookie values are redacted.',
    parameters: queryParameters(journalListQuerySchema),
    responses: { ...ok200('The entries; total counts every match.', 'JournalList'), ...errors(400) },
  }),
  'DELETE /__mock/requests': op({
    operationId: 'clearRequests',
    tags: ['journal'],
    summary: 'Empty the journal',
    responses: { ...ok200('Emptied.', 'Ok'), ...errors() },
  }),
  'GET /__mock/requests/count': op({
    operationId: 'countRequests',
    tags: ['journal'],
    summary: 'How many journal entries match',
    parameters: queryParameters(journalFilterQuerySchema),
    responses: { ...ok200('The count.', 'Count'), ...errors(400) },
  }),
  'GET /__mock/requests.har': op({
    operationId: 'exportRequestsHar',
    tags: ['journal'],
    summary: 'The journal as HAR 1.2',
    parameters: queryParameters(journalHarQuerySchema),
    responses: {
      '200': response(
        {
          description: 'HAR 1.2, oldest first.',
          body: 'Har',
          headers: {
            'Content-Disposition': { schema: { type: 'string' } },
            'Genmock-Next-Cursor': {
              description: 'Past 8 MB of bodies the export stops: the cursor of the rest.',
              schema: { type: 'string', pattern: '^\\d{1,15}$' },
            },
          },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'GET /__mock/conformance': op({
    operationId: 'listConformanceFindings',
    tags: ['conformance'],
    summary: 'The conformance findings, newest first (the last 1000)',
    parameters: queryParameters(findingQuerySchema),
    responses: {
      '200': response(
        {
          description: 'The findings; with format=junit, JUnit XML.',
          body: 'FindingList',
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'DELETE /__mock/conformance': op({
    operationId: 'clearConformanceFindings',
    tags: ['conformance'],
    summary: 'Clear the findings',
    responses: { ...ok200('Cleared.', 'Ok'), ...errors() },
  }),
  'GET /__mock/coverage': op({
    operationId: 'getCoverage',
    tags: ['coverage'],
    summary: 'Which outcomes of the interface the clients met',
    description:
      'Every outcome (docs/conformance-and-coverage.md, Outcome coverage) with how many requests met it, ' +
      'of the whole run or of the accounts named. Cleared by POST /__mock/reset.',
    parameters: queryParameters(coverageQuerySchema),
    responses: { ...ok200('Every outcome, met or not.', 'CoverageReport'), ...errors() },
  }),
  'GET /__mock/drift': op({
    operationId: 'getDriftReport',
    tags: ['drift'],
    summary: 'With --proxy: where the service answered otherwise than genmock would have',
    parameters: queryParameters(driftQuerySchema),
    responses: {
      '200': response(
        {
          description: 'Findings grouped by kind and place, and observations; with format=junit, JUnit XML.',
          body: 'DriftReport',
          content: { 'application/xml': { schema: { type: 'string' } } },
        },
        common,
      ),
      ...errors(400),
    },
  }),
  'DELETE /__mock/drift': op({
    operationId: 'clearDriftReport',
    tags: ['drift'],
    summary: 'Clear the drift report',
    responses: { ...ok200('Cleared.', 'Ok'), ...errors() },
  }),
}
