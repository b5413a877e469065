import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/node/server/server.js'
import { otlpTarget } from '../../src/node/tracing/otlp-spans.js'
import { auth, IMAGE, RELAY } from '../support/api.js'

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
  events?: { name: string; attributes: Attribute[] }[]
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

  it('is asked by --otlp, or by the standard OTEL_EXPORTER_OTLP_* variables; else the SDK is never loaded', () => {
    expect(otlpTarget('http://collector:4318/v1/traces', {})).toBe('http://collector:4318/v1/traces')
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('')
    expect(otlpTarget(undefined, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe('')
    expect(otlpTarget(undefined, {})).toBeUndefined()
  })
})
