import { expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { LIMITS } from '../../src/contract/limits.js'
import {
  IMAGE_MODEL_IDS,
  IMAGE_MODELS,
  RELAY_MODEL_IDS,
  VIDEO_MODEL_IDS,
  VIDEO_MODELS,
} from '../../src/contract/models.js'
import { ROUTES } from '../../src/handlers/route-table.js'
import { openApiDocument } from '../../src/openapi/service-document.js'
import { CONTROL_API_ROUTES, SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { controlOpenApiDocument } from '../../src/openapi/control-document.js'
import { auth, KEYS } from '../support/api.js'
import { eachDoor } from '../support/doors.js'
import { checkResponses, type Document, type Json } from '../support/openapi.js'

const SUBMIT_STATUSES = ['200', '2XX', '400', '401', '402', '403', '409', '413', '422', '429', '500', '503', 'default']
const branches = (doc: Document, body: string) =>
  (
    (doc.components.requestBodies[body]!.content as Record<string, Json>)['application/json']!.schema as {
      oneOf: Json[]
    }
  ).oneOf
const props = (branch: Json) => branch.properties as Record<string, Json>

eachDoor('GET /openapi.json and GET /__mock/openapi.json', (door) => {
  const fetchDoc = async (path: string) => {
    const res = await door().fetch(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    return (await res.json()) as Document
  }
  const service = () => fetchDoc('/openapi.json')
  const control = () => fetchDoc('/__mock/openapi.json')

  it('are OpenAPI 3.1 documents built from the contract, naming the origin they were served from', async () => {
    for (const [doc, built] of [
      [await service(), openApiDocument(pkg.version, SERVICE_ROUTES, door().baseUrl)],
      [await control(), controlOpenApiDocument(pkg.version, CONTROL_API_ROUTES, door().baseUrl)],
    ] as const) {
      expect(doc.openapi).toBe('3.1.0')
      expect(doc).toEqual(JSON.parse(JSON.stringify(built)))
      const [here, anywhere] = doc.servers as { url: string; variables?: Record<string, { default: string }> }[]
      expect(here!.url).toBe(door().baseUrl)
      expect(anywhere).toMatchObject({
        url: 'http://{host}:{port}',
        variables: { host: { default: '127.0.0.1' }, port: { default: '4600' } },
      })
      expect(doc.info).toMatchObject({ version: pkg.version, license: { name: 'MIT', identifier: 'MIT' } })
    }
    // Served without a key; the defaults name the CLI's address.
    expect(openApiDocument(pkg.version, SERVICE_ROUTES).servers[0]!.url).toBe('http://127.0.0.1:4600')
  })

  it('documents the four service endpoints, the media routes and every control route but the page', async () => {
    const ops = (doc: Document) =>
      Object.entries(doc.paths)
        .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
        .sort()
    expect(ops(await service())).toEqual([
      'GET /api/ai/models',
      'GET /api/ai/tasks/{id}',
      'GET /media/images/{taskId}/{index}.png',
      'GET /media/videos/{taskId}.mp4',
      'POST /api/ai/image/generate',
      'POST /api/ai/video/generate',
    ])
    const routes = ROUTES.filter((r) => r.path.startsWith('/__mock') && r.path !== '/__mock/').map(
      (r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`,
    )
    expect(ops(await control())).toEqual([...routes].sort())
  })

  it('names every operation (unique operationIds), tags it with a declared tag, and secures it', async () => {
    for (const doc of [await service(), await control()]) {
      const declared = (doc.tags as { name: string; description: string }[]).map((t) => t.name)
      const ids = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
      expect(new Set(ids.map((op) => op.operationId)).size).toBe(ids.length)
      for (const op of ids) {
        expect(op.operationId).toMatch(/^[a-z][A-Za-z]+$/)
        for (const tag of op.tags as string[]) expect(declared).toContain(tag)
      }
    }
    const s = await service()
    expect(s.security).toEqual([{ bearer: [] }, { session: [] }])
    expect((s.components as Json).securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      session: { type: 'apiKey', in: 'cookie', name: 'genmock_session' },
    })
    expect((await control()).security).toEqual([{}, { adminToken: [] }])
  })

  it('declares every status genmock or a scenario can answer, each with its body and headers', async () => {
    const { paths } = await service()
    const statuses = (op: { responses: Record<string, unknown> }) => Object.keys(op.responses).sort()
    expect(statuses(paths['/api/ai/image/generate']!.post!)).toEqual([...SUBMIT_STATUSES].sort())
    expect(statuses(paths['/api/ai/video/generate']!.post!)).toEqual([...SUBMIT_STATUSES].sort())
    expect(statuses(paths['/api/ai/tasks/{id}']!.get!)).toEqual(['200', '400', '401', '403', '404', '429', 'default'])
    expect(statuses(paths['/api/ai/models']!.get!)).toEqual(['200', '401', '403', 'default'])
    const image = paths['/api/ai/image/generate']!.post!.responses
    const body = (status: string) =>
      (image[status]!.content as Record<string, Json>)['application/json']!.schema as Json
    expect(body('402')).toEqual({ $ref: '#/components/schemas/InsufficientCredits' })
    expect(body('400')).toEqual({
      anyOf: [{ $ref: '#/components/schemas/InvalidRequest' }, { $ref: '#/components/schemas/StrictRefusal400' }],
    })
    expect(image['200']!.headers).toMatchObject({
      Date: { $ref: '#/components/headers/Date' },
      'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' },
    })
    expect(image['429']!.headers).toMatchObject({ 'Retry-After': { $ref: '#/components/headers/RetryAfter' } })
    expect(image['413']!.headers).toMatchObject({ Connection: { $ref: '#/components/headers/ConnectionClose' } })
  })

  it("states each model's limits in its own branch, and refuses unknown fields as genmock does", async () => {
    const doc = await service()
    const image = branches(doc, 'ImageRequest')
    expect(image).toHaveLength(IMAGE_MODEL_IDS.length + RELAY_MODEL_IDS.length)
    for (const id of IMAGE_MODEL_IDS) {
      const branch = image.find((b) => props(b).model!.const === id && props(b).provider?.const !== 'relay')!
      const model = IMAGE_MODELS[id]
      expect(branch.additionalProperties).toBe(false)
      expect(branch.required).toEqual(['prompt', 'model'])
      expect(props(branch).prompt).toMatchObject({
        minLength: LIMITS.prompt.min,
        maxLength: Math.min(model.promptMaxLength, LIMITS.prompt.max),
      })
      expect(props(branch).inputImageUrls).toMatchObject({ minItems: 1, maxItems: model.maxReferenceImages })
      expect(props(branch).aspectRatio!.enum).toEqual(model.aspectRatios)
      expect('negativePrompt' in props(branch)).toBe(model.negativePrompt)
      expect(props(branch).numOutputs).toMatchObject({
        type: 'integer',
        minimum: LIMITS.numOutputs.min,
        maximum: LIMITS.numOutputs.max,
        default: 1,
      })
      expect(props(branch).providerInput).toMatchObject({ type: 'object' })
      expect((props(branch).inputImageUrls!.items as Json).pattern).toBe('^[Hh][Tt][Tt][Pp][Ss]?://[^/?#]')
    }
    for (const id of RELAY_MODEL_IDS) {
      const branch = image.find((b) => props(b).model!.const === id && props(b).provider?.const === 'relay')!
      expect(props(branch).resolution!.enum).toEqual(IMAGE_MODELS[id].relayResolutions)
      expect(props(branch).prompt).toMatchObject({ maxLength: LIMITS.relayPrompt.max })
      expect(branch.required).toEqual(['provider', 'model', 'prompt', 'resolution'])
    }
    const video = branches(doc, 'VideoRequest')
    expect(video).toHaveLength(VIDEO_MODEL_IDS.reduce((n, id) => n + VIDEO_MODELS[id].modes.length, 0))
    for (const branch of video) {
      const model = VIDEO_MODELS[props(branch).model!.const as (typeof VIDEO_MODEL_IDS)[number]]
      expect(props(branch).duration).toEqual({ type: 'integer', enum: model.durations, default: model.durations[0] })
      expect(props(branch).prompt).toMatchObject({ maxLength: model.promptMaxLength })
      const t2v = props(branch).inputMode!.const === 'text_to_video'
      expect(branch.required).toEqual(t2v ? ['model', 'inputMode', 'prompt'] : ['model', 'inputMode', 'inputImageUrls'])
      expect('inputImageUrls' in props(branch)).toBe(!t2v)
    }
    const snapshot = doc.components.schemas.TaskSnapshot!
    expect((snapshot.properties as Record<string, Json>).status).toEqual({ type: 'integer', enum: [0, 1, 2] })
  })

  it('lists the rules JSON Schema cannot state, on every operation that takes a body', async () => {
    for (const doc of [await service(), await control()]) {
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const op of Object.values(methods)) {
          if (!op.requestBody) continue
          expect(op['x-genmock-rules'], path).not.toHaveLength(0)
          for (const rule of op['x-genmock-rules']!) {
            expect(rule).toMatchObject({
              id: expect.stringMatching(/^[a-z0-9-]+$/),
              says: expect.any(String),
              source: expect.stringMatching(/^(interface|genmock)$/),
            })
            for (const where of rule.where) expect(where).toMatch(/^(body:(\/[^/]+)*|header:[A-Za-z-]+|path:\w+)$/)
            expect(op.description).toContain(`**${rule.id}**`)
          }
        }
      }
    }
    const image = (await service()).paths['/api/ai/image/generate']!.post!['x-genmock-rules']!.map((r) => r.id)
    expect(image).toEqual(
      expect.arrayContaining(['relay-needs-idempotency-key', 'credits', 'url-parsing', 'scenario-choice']),
    )
  })

  it('has no reference to a component it does not define', async () => {
    for (const doc of [await service(), await control()]) {
      const text = JSON.stringify(doc)
      for (const [, section, name] of text.matchAll(/"#\/components\/(\w+)\/([^"]+)"/g))
        expect(Object.keys((doc.components as Record<string, Json>)[section!]!)).toContain(name)
    }
  })

  it('every request example is accepted, and answered as documented', async () => {
    const checked = checkResponses(door())
    const doc = await service()
    let n = 0
    for (const [path, body] of [
      ['/api/ai/image/generate', 'ImageRequest'],
      ['/api/ai/video/generate', 'VideoRequest'],
    ] as const) {
      const { examples } = (doc.components.requestBodies[body]!.content as Record<string, Json>)[
        'application/json'
      ] as { examples: Record<string, { value: unknown }> }
      for (const [name, { value }] of Object.entries(examples)) {
        const res = await checked.fetch(path, {
          method: 'POST',
          headers: {
            ...auth(KEYS.alice),
            'content-type': 'application/json',
            'idempotency-key': `example-${name}-0001`,
          },
          body: JSON.stringify(value),
        })
        expect(res.status, `${name}: ${await res.clone().text()}`).toBe(200)
        n += 1
      }
    }
    expect(n).toBe(6)
    const controlDoc = await control()
    for (const [name, body] of Object.entries(controlDoc.components.requestBodies)) {
      const { examples } = (body.content as Record<string, Json>)['application/json'] as {
        examples: { example: { value: unknown } }
      }
      const pending = async () => {
        const res = await checked.fetch('/api/ai/image/generate', {
          method: 'POST',
          headers: { ...auth(KEYS.alice), 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'base-image-2', prompt: 'x' }),
        })
        return `/__mock/tasks/${((await res.json()) as { taskId: string }).taskId}/transition`
      }
      const path = {
        ClockAdvance: '/__mock/clock/advance',
        ClockSet: '/__mock/clock',
        Reset: '/__mock/reset',
        AccountCreate: '/__mock/accounts',
        AccountPatch: '/__mock/accounts/acct_low',
        Scenario: '/__mock/scenarios',
        ScenarioChoice: '/__mock/scenario',
        Transition: await pending(),
      }[name]!
      const method = { ClockSet: 'PUT', ScenarioChoice: 'PUT', AccountPatch: 'PATCH' }[name] ?? 'POST'
      const res = await checked.fetch(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(examples.example.value),
      })
      expect(res.status, `${name}: ${await res.clone().text()}`).toBeLessThan(300)
    }
  })
})
