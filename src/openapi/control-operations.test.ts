import { describe, expect, it } from 'vitest'
import { CONTROL_API_ROUTES } from '../handlers/route-table.js'
import { controlPaths } from './control-operations.js'

describe("the control document's paths", () => {
  it("are the route tables' paths, in their order, the dashboard page aside", () => {
    const routes = CONTROL_API_ROUTES.filter((r) => r.path !== '/__mock/')
    const names = [...new Set(routes.map((r) => r.path.replace(/:(\w+)/g, '{$1}')))]
    expect(Object.keys(controlPaths(CONTROL_API_ROUTES))).toEqual(names)
  })

  it('refuse a route without an operation, and an operation without a route', () => {
    const run = () => ({ status: 204, headers: {}, bytes: new Uint8Array() })
    expect(() => controlPaths([...CONTROL_API_ROUTES, { method: 'GET', path: '/__mock/new', run }])).toThrow(
      'the control document has no operation for the route GET /__mock/new',
    )
    expect(() => controlPaths(CONTROL_API_ROUTES.filter((r) => r.path !== '/__mock/health'))).toThrow(
      'the control document has operations with no route: GET /__mock/health',
    )
  })
})
