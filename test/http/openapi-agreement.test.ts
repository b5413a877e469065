import { beforeAll, expect, it } from 'vitest'
import { Agreement, summarise, type Outcome, type Target } from '../openapi/agreement.js'
import { auth, KEYS } from '../support/api.js'
import { eachDoor } from '../support/doors.js'
import { checkResponses, documentAjv, DOCUMENTS } from '../support/openapi.js'
import { PROPERTY_LIMIT_MS, runs } from '../support/property-runs.js'

/**
 * The documents and the server agree: request bodies generated from each operation's schemas, and
 * single-field mutations of valid ones (fast-check, fixed seeds), are judged by ajv against the
 * document and sent to the server. The document must accept exactly what the server accepts;
 * a disagreement passes only when a rule the operation lists in `x-genmock-rules` names every
 * place where one side refused. Every answer is also checked against the document's response for
 * its status. The rules' own divergences are shown by witnesses at the end.
 */

/** Cases per service endpoint, and per control route, per door. */
const SERVICE_RUNS = runs(100)
const CONTROL_RUNS = runs(16)

const SERVICE: Target[] = [
  { document: 'service', method: 'POST', path: '/api/ai/image/generate', idempotency: true },
  { document: 'service', method: 'POST', path: '/api/ai/video/generate', idempotency: true },
]
const CONTROL: Target[] = [
  { document: 'control', method: 'POST', path: '/__mock/clock/advance' },
  { document: 'control', method: 'PUT', path: '/__mock/clock' },
  { document: 'control', method: 'POST', path: '/__mock/reset' },
  { document: 'control', method: 'POST', path: '/__mock/accounts' },
  { document: 'control', method: 'PATCH', path: '/__mock/accounts/{id}' },
  { document: 'control', method: 'POST', path: '/__mock/tasks/{id}/transition' },
  { document: 'control', method: 'POST', path: '/__mock/scenarios' },
  { document: 'control', method: 'PUT', path: '/__mock/scenario' },
]

/**
 * GENMOCK_AGREEMENT_REPORT=1 prints each run's counts: agreed accepted, agreed refused, disagreements by the rule that
 * explains them.
 */
const report = (title: string, summary: ReturnType<typeof summarise>) => {
  if (process.env.GENMOCK_AGREEMENT_REPORT)
    console.info(title, JSON.stringify({ ...summary, unexplained: summary.unexplained.length }))
}

const show = (outcomes: Outcome[]) =>
  outcomes
    .slice(0, 12)
    .map(
      (o) =>
        `${o.target} (${o.note}) key=${JSON.stringify(o.idempotencyKey)}\n` +
        `  body: ${JSON.stringify(o.body).slice(0, 300)}\n` +
        `  document: ${JSON.stringify(o.document)}\n` +
        `  server: ${o.server.status} ${o.server.text}`,
    )
    .join('\n')

/** The documents' validators, compiled once for both doors, which are sent the same cases. */
let agreements: Map<string, Agreement>
beforeAll(() => {
  const docs = { service: DOCUMENTS.service.document(), control: DOCUMENTS.control.document() }
  const ajv = documentAjv(docs)
  agreements = new Map(
    [...SERVICE, ...CONTROL].map((t) => [`${t.method} ${t.path}`, new Agreement(t, ajv, docs[t.document])]),
  )
})

eachDoor('OpenAPI agreement: the documents accept exactly what genmock accepts', (door) => {
  it.each(SERVICE.map((t) => `${t.method} ${t.path}`))(
    '%s: generated and mutated bodies',
    async (name) => {
      const agreement = agreements.get(name)!
      const { apiKey } = door().engine.createAccount({ credits: 1_000_000_000_000 })
      const checked = checkResponses(door())
      const outcomes: Outcome[] = []
      for (const c of agreement.cases(name.includes('image') ? 12 : 13, SERVICE_RUNS))
        outcomes.push(await agreement.run(checked, c, auth(apiKey)))
      const summary = summarise(outcomes)
      report(name, summary)
      expect(summary.unexplained, show(summary.unexplained)).toEqual([])
      // Both verdicts are exercised: plenty of bodies accepted and refused by both.
      expect(summary.accepted).toBeGreaterThan(SERVICE_RUNS / 5)
      expect(summary.refused).toBeGreaterThan(SERVICE_RUNS / 3)
    },
    PROPERTY_LIMIT_MS,
  )

  it(
    'the control API: generated and mutated bodies of every route that takes one',
    async () => {
      const checked = checkResponses(door())
      const outcomes: Outcome[] = []
      for (const [i, target] of CONTROL.entries()) {
        const agreement = agreements.get(`${target.method} ${target.path}`)!
        for (const c of agreement.cases(100 + i, CONTROL_RUNS)) {
          door().engine.reset(7)
          door().engine.setClock({ mode: 'manual' })
          let path = target.path.replace('{id}', 'acct_low')
          if (target.path.includes('/tasks/')) {
            const res = await checked.fetch('/api/ai/image/generate', {
              method: 'POST',
              headers: { ...auth(KEYS.alice), 'content-type': 'application/json' },
              body: JSON.stringify({ model: 'base-image-2', prompt: 'x' }),
            })
            path = target.path.replace('{id}', ((await res.json()) as { taskId: string }).taskId)
          }
          outcomes.push(await agreement.run(checked, c, {}, path))
        }
      }
      door().engine.reset(7)
      const summary = summarise(outcomes)
      report('control API', summary)
      expect(summary.unexplained, show(summary.unexplained)).toEqual([])
      expect(summary.accepted).toBeGreaterThan(CONTROL.length * 2)
      expect(summary.refused).toBeGreaterThan(CONTROL.length * 2)
    },
    PROPERTY_LIMIT_MS,
  )

  it('each rule the image endpoint lists as beyond JSON Schema is a real divergence, and explains it', async () => {
    const agreement = agreements.get('POST /api/ai/image/generate')!
    const { apiKey } = door().engine.createAccount({ credits: 1_000_000 })
    const send = (body: object, idempotencyKey?: string) =>
      agreement.run(checkResponses(door()), { note: 'witness', body, idempotencyKey }, auth(apiKey))
    const vendor = { model: 'vendor-a/base-image', prompt: 'x' }
    const witnesses: [string, Outcome][] = [
      // The document refuses what the URL parser reads: surrounding spaces, a space inside.
      ['url-parsing', await send({ ...vendor, inputImageUrls: [' https://example.com/a.png'] })],
      ['url-parsing', await send({ ...vendor, inputImageUrls: ['https://example.com/a b.png'] })],
      // …and format: uri lets through what the parser refuses.
      ['url-parsing', await send({ ...vendor, inputImageUrls: ['http://999.1.1.1/a.png'] })],
      ['url-parsing', await send({ ...vendor, inputImageUrls: ['http://example.com:99999/a.png'] })],
      [
        'relay-needs-idempotency-key',
        await send({ provider: 'relay', model: 'base-image-2', prompt: 'x', resolution: '1K' }),
      ],
      ['scenario-choice', await send({ ...vendor, prompt: 'a fox [mock:no-such-scenario]' })],
    ]
    for (const [rule, outcome] of witnesses) {
      expect(outcome.agree, `${rule}: ${JSON.stringify(outcome.document)} ${outcome.server.status}`).toBe(false)
      expect(outcome.coveredBy).toEqual([rule])
    }
    // The rules without a body witness here are about credits, retries, limits and sparse answers (a Prefer header),
    // which other tests cover.
    expect(agreement.rules.map((r) => r.id).sort()).toEqual([
      'body-limits',
      'credits',
      'idempotency',
      'image-tier',
      'relay-needs-idempotency-key',
      'scenario-choice',
      'sparse',
      'strict-conformance',
      'url-parsing',
    ])
  })
})
