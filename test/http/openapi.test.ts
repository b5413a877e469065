import { expect, it } from 'vitest'
import { LIMITS } from '../../src/contract/limits.js'
import { eachDoor } from '../support/doors.js'

type Doc = {
  openapi: string
  paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: { $ref?: string; oneOf?: { $ref: string }[] } } } }> }>>
  components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; additionalProperties?: unknown; required?: string[] }> }
}

eachDoor('GET /openapi.json', (door) => {
  const doc = async () => {
    const res = await door().fetch('/openapi.json')
    expect(res.status).toBe(200)
    return (await res.json()) as Doc
  }

  it('is an OpenAPI 3.1 document of the four service endpoints, served without a key', async () => {
    const { openapi, paths } = await doc()
    expect(openapi).toBe('3.1.0')
    expect(Object.fromEntries(Object.entries(paths).map(([path, ops]) => [path, Object.keys(ops)]))).toEqual({
      '/api/ai/image/generate': ['post'],
      '/api/ai/video/generate': ['post'],
      '/api/ai/tasks/{id}': ['get'],
      '/api/ai/models': ['get'],
    })
  })

  it('states the statuses genmock answers with (500 only from a scenario fault)', async () => {
    const { paths } = await doc()
    expect(Object.keys(paths['/api/ai/image/generate']!.post!.responses).sort()).toEqual(['200', '400', '401', '402', '409', '413', '422', '500'])
    expect(Object.keys(paths['/api/ai/tasks/{id}']!.get!.responses).sort()).toEqual(['200', '401', '404'])
    expect(paths['/api/ai/image/generate']!.post!.responses['402']!.content['application/json'].schema.$ref).toBe('#/components/schemas/InsufficientCredits')
  })

  it('carries the limits of the contract, and refuses unknown fields as genmock does', async () => {
    const { components } = await doc()
    const standard = components.schemas.StandardImageRequest!
    expect(standard.properties.prompt).toMatchObject({ minLength: LIMITS.prompt.min, maxLength: LIMITS.prompt.max })
    expect(standard.properties.numOutputs).toMatchObject({ minimum: LIMITS.numOutputs.min, maximum: LIMITS.numOutputs.max, default: 1 })
    expect(standard.properties.width).toMatchObject({ minimum: LIMITS.dimension.min, maximum: LIMITS.dimension.max })
    expect(standard.additionalProperties).toBe(false)
    expect(standard.required?.sort()).toEqual(['model', 'prompt'])
    expect(components.schemas.RelayImageRequest!.properties.prompt).toMatchObject({ maxLength: LIMITS.relayPrompt.max })
  })

  it('has no reference to a schema it does not define', async () => {
    const text = JSON.stringify(await doc())
    const { components } = JSON.parse(text) as Doc
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) expect(Object.keys(components.schemas)).toContain(name)
  })
})
