import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { injectFaults } from '../../src/node/state/state-fs.js'
import { otlpTarget } from '../../src/node/tracing/otlp-target.js'
import { auth, IMAGE, RELAY, VIDEO_T2V } from '../support/api.js'

/**
 * Issue 41 (docs/metrics-and-traces.md, Traces to a collector): genmock started with --otlp sends a
 * server span per request to an OTLP/HTTP receiver. The receiver is a stand-in written here apart from
 * genmock: a node:http server that decodes OTLP's JSON encoding as the OTLP specification writes it.
 */

interface Value {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
  arrayValue?: { values: Value[] }
}
interface Attribute {
  key: string
  value: Value
}
interface ReceivedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  startTimeUnixNano: string
  endTimeUnixNano: string
  attributes: Attribute[]
  events?: { name: string; attributes: Attribute[]; timeUnixNano: string }[]
  status?: { code?: number; message?: string }
}

/** An OTLP/JSON id: hex as the specification asks (base64 read too, as protobuf's JSON mapping writes bytes). */
const hex = (id: string | undefined) =>
  id === undefined || /^[\da-f]*$/.test(id) ? (id ?? '') : Buffer.from(id, 'base64').toString('hex')
const plain = (value: Value): unknown =>
  value.arrayValue
    ? value.arrayValue.values.map(plain)
    : (value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue))
const attributesOf = (list: Attribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]))

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736'
const CLIENT_SPAN = '00f067aa0ba902b7'
const traceparent = (span: string) => `00-${TRACE}-${span}-01`

describe('OTLP export (--otlp)', () => {
  let receiver: Server
  const spans: ReceivedSpan[] = []
  const services: string[] = []
  let url = ''

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        expect(req.url).toBe('/v1/traces')
        expect(req.headers['content-type']).toMatch(/^application\/json/)
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: ReceivedSpan[] }[] }[]
        }
        for (const resource of body.resourceSpans) {
          services.push(String(attributesOf(resource.resource.attributes)['service.name']))
          for (const scope of resource.scopeSpans) spans.push(...scope.spans)
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      })
    })
    receiver.listen(0, '127.0.0.1')
    await new Promise((resolve) => receiver.once('listening', resolve))
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/traces`
  })
  afterAll(() => new Promise((resolve) => receiver.close(resolve)))

  it('sends a server span per request, child of the client span: route, status, task, scenario, findings', async () => {
    const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' }, otlp: url })
    const post = (body: object, headers: Record<string, string>) =>
      fetch(`${server.url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const submitted = await post(RELAY, { traceparent: traceparent(CLIENT_SPAN), 'idempotency-key': 'otlp-key-00001' })
    const { taskId } = (await submitted.json()) as { taskId: string }
    // Read at once: poll-too-soon.
    await fetch(`${server.url}/api/ai/tasks/${taskId}`, {
      headers: { ...auth(), traceparent: traceparent('b7ad6b7169203331') },
    })
    await post(IMAGE, { traceparent: 'ff-not-a-trace' })
    await server.close() // flushes the spans waiting

    expect(services).toContain('genmock')
    const submit = spans.find((span) => span.name === 'POST /api/ai/image/generate' && hex(span.traceId) === TRACE)!
    expect(submit).toBeDefined()
    expect(hex(submit.parentSpanId)).toBe(CLIENT_SPAN)
    expect(submit.kind).toBe(2) // SPAN_KIND_SERVER
    expect(BigInt(submit.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(submit.startTimeUnixNano))
    expect(attributesOf(submit.attributes)).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/ai/image/generate',
      'http.response.status_code': 200,
      'genmock.task_id': taskId,
      'genmock.scenario': 'default',
    })
    expect(submit.events?.map((event) => event.name)).toEqual(['task.created'])

    const read = spans.find((span) => span.name === 'GET /api/ai/tasks/:id')!
    expect([hex(read.traceId), hex(read.parentSpanId)]).toEqual([TRACE, 'b7ad6b7169203331'])
    expect(attributesOf(read.attributes)).toMatchObject({
      'genmock.task_id': taskId,
      'genmock.findings': ['poll-too-soon'],
    })
    expect(read.events?.map((event) => event.name)).toEqual(['conformance.finding'])

    // A malformed traceparent starts a trace of its own: a root span, nothing of the header in it.
    const own = spans.filter((span) => span.name === 'POST /api/ai/image/generate' && hex(span.traceId) !== TRACE)
    expect(own).toHaveLength(1)
    expect(hex(own[0]!.parentSpanId)).toBe('')
    expect(JSON.stringify(own[0])).not.toContain('not-a-trace')
  })

  it("a task's span, child of its submission's: an event per later transition, ended as the task ends", async () => {
    spans.length = 0
    const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' }, otlp: url })
    const send = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    const taskOf = async (reply: Promise<Response>) => ((await (await reply).json()) as { taskId: string }).taskId
    const done = await taskOf(send('/api/ai/image/generate', IMAGE, { traceparent: traceparent(CLIENT_SPAN) }))
    const forced = await taskOf(send('/api/ai/video/generate', VIDEO_T2V))
    // The image's timed step runs when the simulated clock passes it, between requests.
    await send('/__mock/clock/advance', { seconds: 30 })
    const waiting = await taskOf(send('/api/ai/image/generate', { ...IMAGE, prompt: 'after the advance' }))
    await send(`/__mock/tasks/${forced}/transition`, { status: 2, errorCode: 'FORCED', refund: true })
    await server.close()

    const taskSpan = (taskId: string) =>
      spans.find((span) => span.name === 'task' && attributesOf(span.attributes)['genmock.task_id'] === taskId)!
    const submit = spans.find((span) => span.name === 'POST /api/ai/image/generate' && hex(span.traceId) === TRACE)!
    const image = taskSpan(done)
    expect([hex(image.traceId), hex(image.parentSpanId)]).toEqual([TRACE, hex(submit.spanId)])
    expect(attributesOf(image.attributes)).toEqual({
      'genmock.task_id': done,
      'genmock.task_type': 'image',
      'genmock.task_status': 'completed',
    })
    expect(image.events!.map((event) => [event.name, attributesOf(event.attributes)])).toEqual([
      [
        'task.transition',
        {
          'genmock.task_status': 'completed',
          'genmock.changed_by': 'timeline',
          'genmock.simulated_at': expect.any(String),
        },
      ],
    ])
    expect(BigInt(image.startTimeUnixNano)).toBe(BigInt(submit.endTimeUnixNano))
    expect(BigInt(image.endTimeUnixNano)).toBe(BigInt(image.events![0]!.timeUnixNano))

    const video = taskSpan(forced)
    expect(attributesOf(video.attributes)).toMatchObject({
      'genmock.task_type': 'video',
      'genmock.task_status': 'failed',
    })
    expect(video.status).toMatchObject({ code: 2, message: 'FORCED' }) // STATUS_CODE_ERROR
    expect(attributesOf(video.events![0]!.attributes)).toMatchObject({
      'genmock.changed_by': 'transition',
      'genmock.error_code': 'FORCED',
      'genmock.refunded': true,
    })
    // A task still pending when the server stops: its span is sent, and says why it ended.
    expect(attributesOf(taskSpan(waiting).attributes)).toMatchObject({
      'genmock.task_status': 'pending',
      'genmock.ended_early': 'shutdown',
    })
    expect(taskSpan(waiting).events ?? []).toEqual([])
  })

  it("a reset ends the open tasks' spans, which say so", async () => {
    spans.length = 0
    const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' }, otlp: url })
    const reply = await fetch(`${server.url}/api/ai/image/generate`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(IMAGE),
    })
    const { taskId } = (await reply.json()) as { taskId: string }
    await fetch(`${server.url}/__mock/reset`, { method: 'POST' })
    await server.close()
    const task = spans.find((span) => span.name === 'task')!
    expect(attributesOf(task.attributes)).toMatchObject({ 'genmock.task_id': taskId, 'genmock.ended_early': 'reset' })
  })

  it('a submission answered 503 by a failed save starts no task span: its task was undone', async () => {
    spans.length = 0
    const dir = mkdtempSync(join(tmpdir(), 'genmock-otlp-state-'))
    const state = { dir, save: 'request' as const }
    const server = await startServer({ port: 0, log: 'silent', seed: 7, clock: { mode: 'manual' }, otlp: url, state })
    const submit = () =>
      fetch(`${server.url}/api/ai/image/generate`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify(IMAGE),
      })
    try {
      expect((await submit()).status).toBe(200)
      injectFaults((operation, file) => (operation === 'write' && file.endsWith('changes.log') ? 'EIO' : undefined))
      expect((await submit()).status).toBe(503)
    } finally {
      injectFaults(undefined)
      await server.close()
    }
    const submits = spans.filter((span) => span.name === 'POST /api/ai/image/generate')
    expect(submits.map((span) => attributesOf(span.attributes)['http.response.status_code'])).toEqual([200, 503])
    expect(submits[1]!.events ?? []).toEqual([])
    expect(spans.filter((span) => span.name === 'task')).toHaveLength(1)
  })

  it('is asked by --otlp, or by the standard OTEL_EXPORTER_OTLP_* variables; else the SDK is never loaded', () => {
    expect(otlpTarget('http://collector:4318/v1/traces', {})).toBe('http://collector:4318/v1/traces')
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('')
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe('')
    expect(otlpTarget(undefined, {})).toBeUndefined()
  })
})
