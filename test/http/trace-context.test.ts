import { expect, it } from 'vitest'
import type { Finding } from '../../src/engine/journal/conformance.js'
import type { JournalEntry } from '../../src/engine/journal/journal.js'
import { NO_METRICS } from '../../src/handlers/metrics-handlers.js'
import { auth, IMAGE, RELAY, submitImage } from '../support/api.js'
import { eachDoor, type Door } from '../support/doors.js'

/**
 * Trace context (issue 41, docs/metrics-and-traces.md): a request's W3C traceparent and tracestate
 * kept with its journal entry, its HAR entry and its findings, found by trace id; malformed ones ignored.
 */

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const OTHER = '0af7651916cd43dd8448eb211c80319c'
const parent = (trace: string, span = '00f067aa0ba902b7') => `00-${trace}-${span}-01`

const journal = async (door: Door, query: string) =>
  ((await (await door.fetch(`/__mock/requests?${query}`)).json()) as { requests: JournalEntry[] }).requests
const findings = async (door: Door, query: string) =>
  ((await (await door.fetch(`/__mock/conformance?${query}`)).json()) as { findings: Finding[] }).findings

const MALFORMED = [
  ['wrong length', `00-${TRACE}-00f067aa0ba902b7-0`],
  ['version ff', `ff-${TRACE}-00f067aa0ba902b7-01`],
  ['all-zero trace id', parent('0'.repeat(32))],
  ['all-zero parent id', parent(TRACE, '0'.repeat(16))],
  ['upper-case hex', parent(TRACE.toUpperCase())],
  ['version 00 with more fields', `${parent(TRACE)}-extra`],
  ['10 kB', `00-${TRACE}-${'a'.repeat(10_240)}`],
] as const

eachDoor('trace context', (door) => {
  it('keeps traceparent and tracestate with the journal entry, HAR entry and finding, found by trace id', async () => {
    const key = 'trace-context-key-0001'
    const submitted = await submitImage(door(), RELAY, { traceparent: parent(OTHER), 'idempotency-key': key })
    const { taskId } = (await submitted.json()) as { taskId: string }
    // Read at once: poll-too-soon, a finding of this request's trace.
    const read = await door().fetch(`/api/ai/tasks/${taskId}`, {
      headers: { ...auth(), traceparent: parent(TRACE), tracestate: 'vendor=a1,other=b2' },
    })
    expect(read.headers.get('genmock-conformance')).toBe('poll-too-soon')

    const entries = await journal(door(), `traceId=${TRACE}`)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      path: `/api/ai/tasks/${taskId}`,
      traceId: TRACE,
      traceparent: parent(TRACE),
      tracestate: 'vendor=a1,other=b2',
    })
    expect((await journal(door(), `traceId=${OTHER}`)).map((e) => e.path)).toEqual(['/api/ai/image/generate'])

    const har = (await (await door().fetch(`/__mock/requests.har?traceId=${TRACE}`)).json()) as {
      log: { entries: { _traceId: string; _traceparent: string; request: { url: string } }[] }
    }
    expect(har.log.entries).toHaveLength(1)
    expect(har.log.entries[0]).toMatchObject({ _traceId: TRACE, _traceparent: parent(TRACE) })

    const found = await findings(door(), `traceId=${TRACE}`)
    expect(found).toMatchObject([{ rule: 'poll-too-soon', taskId, traceId: TRACE }])
    expect(await findings(door(), `traceId=${OTHER}`)).toEqual([])

    // The dashboard's task panel reads the task's requests with their trace ids.
    const detail = (await (await door().fetch(`/__mock/tasks/${taskId}`)).json()) as { requests: JournalEntry[] }
    expect(detail.requests.map((r) => r.traceId).sort()).toEqual([OTHER, TRACE].sort())
  })

  for (const [name, value] of MALFORMED)
    it(`ignores a malformed traceparent (${name}): answered, kept with no trace id, never in a label`, async () => {
      const res = await door().fetch('/api/ai/models', { headers: { ...auth(), traceparent: value } })
      expect(res.status).toBe(200)
      const [entry] = await journal(door(), 'path=/api/ai/models')
      expect(entry!.traceId).toBeUndefined()
      expect(entry!.traceparent).toBeUndefined()
      expect(await journal(door(), `traceId=${TRACE}`)).toEqual([])
      if (door().name === 'server') expect(await (await door().fetch('/__mock/metrics')).text()).not.toContain(TRACE)
    })

  it('a tracestate without a valid traceparent, or past 512 characters, is not kept', async () => {
    await door().fetch('/api/ai/models', { headers: { ...auth(), tracestate: 'vendor=a1' } })
    await submitImage(door(), IMAGE, { traceparent: parent(TRACE), tracestate: `v=${'x'.repeat(511)}` })
    const [models] = await journal(door(), 'path=/api/ai/models')
    expect(models!.tracestate).toBeUndefined()
    const [submit] = await journal(door(), `traceId=${TRACE}`)
    expect(submit).toMatchObject({ traceId: TRACE })
    expect(submit!.tracestate).toBeUndefined()
  })

  it('GET /__mock/metrics: the Node server serves it; the msw door says why it has none', async () => {
    const res = await door().fetch('/__mock/metrics')
    if (door().name === 'server') {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
      expect(await res.text()).toContain('# TYPE genmock_requests_total counter')
    } else {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: NO_METRICS })
    }
  })
})
