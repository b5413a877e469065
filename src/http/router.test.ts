import { describe, expect, it } from 'vitest'
import { compileRoutes } from './router.js'

describe('compileRoutes', () => {
  const find = compileRoutes([
    { method: 'GET', path: '/api/ai/tasks/:id', run: 'task', opaque: true },
    { method: 'GET', path: '/api/ai/models', run: 'models' },
    { method: 'POST', path: '/__mock/tasks/:id/transition', run: 'transition' },
    { method: 'GET', path: '/__mock/accounts/:id', run: 'account' },
    { method: 'GET', path: '/__mock/', run: 'page' },
    { method: 'GET', path: '/__mock', run: 'redirect' },
  ])

  it('matches literal segments and decodes parameters', () => {
    expect(find('GET', '/api/ai/models')).toEqual({ run: 'models', params: {} })
    expect(find('GET', '/api/ai/tasks/tsk_1')).toEqual({ run: 'task', params: { id: 'tsk_1' } })
    expect(find('GET', '/__mock/accounts/acct%20one')).toEqual({ run: 'account', params: { id: 'acct one' } })
    expect(find('POST', '/__mock/tasks/t1/transition')).toEqual({ run: 'transition', params: { id: 't1' } })
  })

  it('tells the method, the number of segments and every literal apart', () => {
    expect(find('POST', '/api/ai/models')).toBeUndefined()
    expect(find('GET', '/api/ai/tasks')).toBeUndefined()
    expect(find('GET', '/api/ai/tasks/a/b')).toBeUndefined()
    expect(find('GET', '/api/ai/modelz')).toBeUndefined()
    expect(find('POST', '/__mock/tasks/t1/transitions')).toBeUndefined()
  })

  it('never matches an empty parameter', () => {
    expect(find('GET', '/__mock/accounts/')).toBeUndefined()
  })

  it('keeps /__mock/ and /__mock apart, and forgives one trailing slash elsewhere', () => {
    expect(find('GET', '/__mock/')?.run).toBe('page')
    expect(find('GET', '/__mock')?.run).toBe('redirect')
    expect(find('GET', '/api/ai/models/')?.run).toBe('models')
    expect(find('GET', '/api/ai/models//')).toBeUndefined()
  })

  it('a parameter that is not valid percent-encoding matches no params, unless the row is opaque', () => {
    expect(find('GET', '/__mock/accounts/%zz')).toEqual({ run: 'account', params: undefined })
    expect(find('GET', '/api/ai/tasks/%E0')).toEqual({ run: 'task', params: { id: '%E0' } })
    expect(find('GET', '/api/ai/tasks/tsk%5F1')).toEqual({ run: 'task', params: { id: 'tsk_1' } })
  })
})
