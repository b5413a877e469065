import { describe, expect, it } from 'vitest'
import { Engine } from '../engine.js'
import { scenarioSchema } from '../../contract/scenario.js'
import { Answers } from './kept-answers.js'
import { pendingRecord } from './task-record.fixtures.js'

const answer = (text: string, origin = 'http://a') => ({ origin, setting: 'off' as const, text, sparse: false })

describe('Answers: the answers of the tasks read last', () => {
  it('gives a kept answer back for its origin and setting only, until the task is forgotten', () => {
    const answers = new Answers()
    const task = pendingRecord('t1')
    answers.set(task, answer('{"a":1}'))
    expect(answers.get(task, 'http://a', 'off')?.text).toBe('{"a":1}')
    expect(answers.get(task, 'http://b', 'off')).toBeUndefined()
    expect(answers.get(task, 'http://a', 'all')).toBeUndefined()
    answers.forget(task)
    expect(answers.get(task, 'http://a', 'off')).toBeUndefined()
  })

  it('keeps at most its capacity, the oldest going first, however often tasks are forgotten and kept again', () => {
    const answers = new Answers(3)
    const tasks = [0, 1, 2, 3].map((i) => pendingRecord(`t${i}`))
    for (const task of tasks.slice(0, 3)) answers.set(task, answer(task.id))
    answers.set(tasks[3]!, answer('t3'))
    expect(answers.size).toBe(3)
    expect(answers.get(tasks[0]!, 'http://a', 'off')).toBeUndefined()
    expect(answers.get(tasks[3]!, 'http://a', 'off')?.text).toBe('t3')
    for (let i = 0; i < 100; i++) {
      const task = tasks[i % 4]!
      answers.forget(task)
      answers.set(task, answer(`${task.id}.${i}`))
      expect(answers.size).toBeLessThanOrEqual(3)
      expect(answers.get(task, 'http://a', 'off')?.text).toBe(`${task.id}.${i}`)
    }
  })
})

describe('Engine: a read answers the task as it is now', () => {
  const never = scenarioSchema.parse({ name: 'never', description: 'tasks change only when told', rules: [{}] })
  const start = Date.parse('2026-01-01T00:00:00.000Z')

  it('after a forced change in the same millisecond as the read before it', async () => {
    const engine = new Engine({ seed: 7, clock: { mode: 'manual', start }, scenarios: [never], scenario: 'never' })
    const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
    const { response } = await engine.submit(alice, 'image', { model: 'base-image-2', prompt: 'a fox' })
    const first = engine.readTask(alice, response.taskId, 'http://a')
    expect(engine.readTask(alice, response.taskId, 'http://a').text).toBe(first.text)
    engine.transition(response.taskId, { status: 1 }, 'http://a')
    const after = engine.readTask(alice, response.taskId, 'http://a')
    expect(after.snapshot).toMatchObject({ status: 1, outputImageUrls: [expect.stringMatching(/^http:\/\/a\//)] })
    expect(after.snapshot.updatedAt).toBe(first.snapshot.updatedAt)
    expect(after.text).toBe(JSON.stringify(after.snapshot))
    // Another origin gets its own answer, with its own URLs.
    expect(engine.readTask(alice, response.taskId, 'http://b').text).toBe(
      after.text.replaceAll('http://a/', 'http://b/'),
    )
  })
})
