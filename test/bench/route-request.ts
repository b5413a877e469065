import type { HttpRequest } from '../../src/http/request-reply.js'

/**
 * A request value as a door hands it to the route core, JSON body and, with `key`, a bearer key.
 * @example
 * await app(routeRequest('GET', '/__mock/tasks', 'limit=100'))
 */
export const routeRequest = (method: string, path: string, query = '', body = '', key = ''): HttpRequest => ({
  method,
  path,
  query,
  headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
  body: new TextEncoder().encode(body),
  origin: 'http://127.0.0.1:4600',
})
