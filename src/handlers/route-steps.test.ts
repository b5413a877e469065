import { describe, expect, it } from 'vitest'
import { Problem } from '../engine/problem.js'
import type { RouteTrace } from '../http/exchange-entry.js'
import type { HttpRequest } from '../http/request-reply.js'
import type { ExchangeListener } from '../metrics/exchange-listener.js'
import { buildSimulation, serveSimulation } from '../simulator.js'
import type { Step } from './route-exchange.js'
import { routeSteps } from './route-steps.js'

const request = (method: string, path: string, headers: Record<string, string> = {}): HttpRequest => ({
  method,
  path,
  query: '',
  headers,
  body: new Uint8Array(),
  origin: 'http://genmock.test',
})

/** A listener that keeps what it was told. */
function listener() {
  const seen: { status: number; trace: RouteTrace }[] = []
  const listen: ExchangeListener = {
    exchange: (_route, _method, status, _seconds, trace) => seen.push({ status, trace }),
  }
  return { listen, seen }
}

const simulation = () =>
  buildSimulation({ seed: 7, clock: { mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') } })

describe('the route core’s steps (route-steps.ts)', () => {
  it('run in the one declared order, each named; a door’s parts fill their places', () => {
    const save: Step = { after: (_exchange, sent) => sent }
    const { listen } = listener()
    const names = (steps: ReturnType<typeof routeSteps>) => steps.map((step) => step.name)
    expect(names(routeSteps({}, { save, listen }))).toEqual(['access', 'save', 'headers', 'listen', 'journal', 'drift'])
    expect(names(routeSteps({}))).toEqual(['access', 'headers', 'journal', 'drift'])
    // A proxied exchange (the service answered it) is recorded by the steps after a reply that see it.
    const proxied = routeSteps({}, { save, listen }).filter((step) => step.proxied)
    expect(names(proxied)).toEqual(['listen', 'journal', 'drift'])
  })

  it('a save step refusing with a Problem: the core serialises it, the steps after it see that reply', async () => {
    const refusing: Step = {
      after: () => {
        throw Problem.of({ kind: 'not-saved', reason: 'the disk is full', retryAfterSeconds: 1 })
      },
    }
    const { listen, seen } = listener()
    const built = simulation()
    const { app, engine } = serveSimulation(built, { save: refusing, listen })
    const reply = await app(request('GET', '/api/ai/models', { authorization: 'Bearer sk_test_alice' }))
    expect(reply && 'status' in reply && reply.status).toBe(503)
    // The headers step runs after the save: the refusal is dated as every reply is.
    expect(reply && 'headers' in reply && reply.headers.date).toBe('Thu, 01 Jan 2026 00:00:00 GMT')
    expect(seen.map((exchange) => exchange.status)).toEqual([503])
    expect(engine.journal.list(1)[0]!.status).toBe(503)
  })

  it('no step clears what another reads: the rules broken stay on the trace after the journal step', async () => {
    const { listen, seen } = listener()
    const { app, engine } = serveSimulation(simulation(), { listen })
    // A key sent from a page: the key-in-browser rule.
    const headers = { authorization: 'Bearer sk_test_alice', origin: 'http://app.test' }
    await app(request('GET', '/api/ai/models', headers))
    expect(seen[0]!.trace.breaches?.map((breach) => breach.rule)).toEqual(['key-in-browser'])
    expect(engine.conformance.findings().map((finding) => finding.rule)).toEqual(['key-in-browser'])
    // The journal's entry never shows them: the findings have them.
    expect(engine.journal.list(1)[0]).not.toHaveProperty('breaches')
  })

  it('the save rule: every request but a read (GET, HEAD) of the control API may change the state', async () => {
    const changing: string[] = []
    const save: Step = {
      after: (exchange, sent) => {
        if (exchange.mayChange) changing.push(`${exchange.request.method} ${exchange.request.path}`)
        return sent
      },
    }
    const { app } = serveSimulation(simulation(), { save })
    for (const method of ['GET', 'HEAD', 'POST']) await app(request(method, '/__mock/health'))
    await app(request('GET', '/api/ai/models', { authorization: 'Bearer sk_test_alice' }))
    await app(request('HEAD', '/api/ai/models', { authorization: 'Bearer sk_test_alice' }))
    expect(changing).toEqual(['POST /__mock/health', 'GET /api/ai/models', 'HEAD /api/ai/models'])
  })
})
