import { describe, expect, it } from 'vitest'
import { SERVICE_ROUTES } from '../handlers/route-table.js'
import { servicePaths } from './service-operations.js'

describe("the service document's paths", () => {
  it("are the service rows' paths, in the document's order, each with its row's method", () => {
    const paths = servicePaths(SERVICE_ROUTES)
    expect(Object.keys(paths)).toEqual([
      '/api/ai/image/generate',
      '/api/ai/video/generate',
      '/api/ai/tasks/{id}',
      '/api/ai/models',
    ])
    for (const { method, path } of SERVICE_ROUTES)
      expect(paths[path.replace(/:(\w+)/g, '{$1}')]).toHaveProperty(method.toLowerCase())
  })

  it('refuse a service row without an operation, and an operation without a row', () => {
    const row = { method: 'GET', path: '/api/ai/new', kind: 'control' } as const
    expect(() => servicePaths([...SERVICE_ROUTES, row])).toThrow(
      'the service document has no operation for the route GET /api/ai/new (control)',
    )
    expect(() => servicePaths(SERVICE_ROUTES.filter((r) => r.kind !== 'model list'))).toThrow(
      'the service document has operations with no route: model list',
    )
  })
})
