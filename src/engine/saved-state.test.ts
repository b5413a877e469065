import { describe, expect, it } from 'vitest'
import { Engine, type Submission, type TaskRead } from './engine.js'
import { Problem, type ProblemFacts } from './problem.js'
import { SAVED_ENGINE_VERSION, type SavedEngine } from './saved-state.js'
import { START, ORIGIN, KEYS, IMAGE, RELAY, VIDEO, scenario, POLLED, engineOptions } from './saved-state.fixtures.js'

type Ids = Record<string, string>
interface Step {
  label: string
  /** The credential the request comes with, if any. */
  as?: keyof typeof KEYS
  run: (engine: Engine, ids: Ids) => unknown
}

/** A step as the route core would run it: its answer or its problem, journaled, its breaches kept as findings. */
async function perform(engine: Engine, step: Step, ids: Ids): Promise<unknown> {
  const accountId = step.as && engine.authenticate({ kind: 'key', key: KEYS[step.as] }).id
  let answer: unknown
  let trace: ProblemFacts
  let status = 200
  try {
    answer = structuredClone(await step.run(engine, ids))
    // What a submission or a read returns tells the journal what the route core would learn.
    const { scenario, breaches = [], response, snapshot } = (answer ?? {}) as Partial<Submission & TaskRead>
    trace = { breaches, scenario, taskId: response?.taskId ?? snapshot?.taskId } as ProblemFacts
  } catch (error) {
    if (!(error instanceof Problem)) throw error
    trace = error.facts
    answer = { problem: error.detail }
    status = 400
  }
  const at = engine.clockState().now
  const request = { at, method: 'POST', path: `/step/${step.label}`, query: '', headers: { 'x-step': step.label } }
  const about = {
    ...(accountId ? { accountId } : {}),
    ...(trace.taskId ? { taskId: trace.taskId } : {}),
    ...(trace.scenario ? { scenario: trace.scenario } : {}),
  }
  const seq = engine.record.request({ build: () => ({ ...request, status, durationMs: 1, ...about }) })
  if (trace.breaches?.length)
    engine.record.findings(trace.breaches, { accountId: accountId ?? '', at, requestSeq: seq })
  return answer
}

async function performAll(engine: Engine, steps: readonly Step[], ids: Ids): Promise<unknown[]> {
  const answers: unknown[] = []
  for (const step of steps) answers.push([step.label, await perform(engine, step, ids)])
  return answers
}

const submit = (
  as: keyof typeof KEYS,
  name: string,
  endpoint: 'image' | 'video',
  body: object,
  options: { key?: string; scenario?: string } = {},
): Step => ({
  label: `submit ${name}`,
  as,
  run: async (engine, ids) => {
    const account = engine.authenticate({ kind: 'key', key: KEYS[as] })
    const scenario = options.scenario ? { name: options.scenario, header: 'x-mock-scenario' } : null
    const submission = await engine.submit(account, endpoint, body, { idempotencyKey: options.key ?? null, scenario })
    ids[name] = submission.response.taskId
    return submission
  },
})
const read = (as: keyof typeof KEYS, name: string): Step => ({
  label: `read ${name}`,
  as,
  run: (engine, ids) => engine.readTask(engine.authenticate({ kind: 'key', key: KEYS[as] }), ids[name]!, ORIGIN),
})
const control = (label: string, run: (engine: Engine, ids: Ids) => unknown): Step => ({
  label,
  run: (engine, ids) => run(engine, ids),
})

/** Up to the save: pending tasks of every kind, an own clock, a poll step half way, findings. */
const FIRST: Step[] = [
  control('load scenario', (engine) => engine.loadScenario(POLLED)),
  control(
    'create carol',
    (engine, ids) => (ids.carol = engine.createAccount({ credits: 50, name: 'Carol', apiKey: KEYS.carol }).id),
  ),
  control(
    'create owner',
    (engine, ids) => (ids.owner = engine.createAccount({ credits: 100, apiKey: KEYS.owner, clock: 'own' }).id),
  ),
  submit('alice', 'img1', 'image', IMAGE, { key: 'img-key-0001' }),
  submit('alice', 'vid1', 'video', VIDEO),
  submit('alice', 'relay1', 'image', RELAY, { key: 'relay-key-0001', scenario: 'relay-expiry' }),
  read('alice', 'relay1'), // poll-too-soon
  submit('bob', 'polled1', 'image', IMAGE, { scenario: 'polled' }),
  read('bob', 'polled1'),
  submit('owner', 'own1', 'image', { ...IMAGE, numOutputs: 2 }),
  submit('carol', 'carol1', 'image', IMAGE, { key: 'carol-key-0001' }),
  control('advance 5 s', (engine) => engine.advanceClock(5)),
  read('alice', 'img1'),
  control('transition vid1', (engine, ids) =>
    engine.transition(ids.vid1!, { status: 2, errorCode: 'FORCED', refund: true }, ORIGIN),
  ),
  control('owner next event', (engine, ids) => engine.advanceAccountClock(ids.owner!, { until: 'next-event' })),
  control('choose polled', (engine) => engine.chooseScenario('polled')),
  control('patch carol', (engine, ids) => engine.patchAccount(ids.carol!, { credits: 40, demo: true, strict: true })),
  control('advance 15 s', (engine) => engine.advanceClock(15)),
  read('alice', 'img1'),
  read('alice', 'img1'), // poll-after-terminal
  submit('alice', 'flaky1', 'image', { ...IMAGE, prompt: 'flaky one' }, { scenario: 'flaky' }),
  submit('alice', 'mismatch', 'image', { ...IMAGE, prompt: 'another body' }, { key: 'img-key-0001' }),
  submit('carol', 'polled2', 'image', IMAGE),
  control('advance 2 s', (engine) => engine.advanceClock(2)),
]

/** After the save: the same requests and clock moves, to both engines. */
const SECOND: Step[] = [
  read('alice', 'img1'), // the same finding, its count updated
  read('bob', 'polled1'), // poll 2: done
  submit('alice', 'img1 replay', 'image', IMAGE, { key: 'img-key-0001' }),
  submit('carol', 'carol1 replay', 'image', IMAGE, { key: 'carol-key-0001' }),
  submit('alice', 'relay1 replay', 'image', RELAY, { key: 'relay-key-0001', scenario: 'relay-expiry' }),
  read('alice', 'relay1'),
  read('carol', 'polled2'),
  control('next event', (engine) => engine.advanceClock({ until: 'next-event' })),
  control('bob own clock', (engine) => engine.patchAccount('acct_bob', { clock: 'own' })),
  submit('bob', 'bob2', 'image', IMAGE),
  control('bob 700 s', (engine) => engine.advanceAccountClock('acct_bob', { seconds: 700 })),
  read('bob', 'bob2'),
  control('owner idle', (engine, ids) => engine.advanceAccountClock(ids.owner!, { until: 'idle' })),
  read('owner', 'own1'),
  control('create dave', (engine, ids) => (ids.dave = engine.createAccount({ credits: 10 }).id)),
  submit('alice', 'flaky2', 'image', { ...IMAGE, prompt: 'flaky two' }, { scenario: 'flaky' }),
  submit('alice', 'vid2', 'video', VIDEO, { scenario: 'default' }),
  control('advance an hour', (engine) => engine.advanceClock(3600)),
  read('alice', 'relay1'), // expired
  control('idle', (engine) => engine.advanceClock({ until: 'idle' })),
  control('bob server clock', (engine) => engine.patchAccount('acct_bob', { clock: 'server' })),
  read('alice', 'vid2'),
]

/** Everything an engine shows, for comparing two of them. */
function observed(engine: Engine) {
  const tasks = engine.listTasks({ limit: 1000 }, ORIGIN)
  return {
    tasks,
    details: tasks.tasks.map((task) => engine.taskDetail(task.id, ORIGIN)),
    accounts: engine.listAccounts().map(({ id }) => engine.getAccount(id)),
    journal: engine.journal.list(),
    findings: engine.conformance.findings(),
    counts: engine.conformance.counts(),
    clock: engine.clockState(),
    pendingEvents: engine.pendingEvents,
    seed: engine.seed,
    saved: engine.save(),
  }
}

describe('saved state', () => {
  it('an engine restored from a save answers the rest of a session exactly as the one saved', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall))
    const ids: Ids = {}
    await performAll(a, FIRST, ids)
    const saved = JSON.parse(JSON.stringify(a.save())) as SavedEngine
    expect(saved.version).toBe(SAVED_ENGINE_VERSION)
    expect(saved.worlds.own).toHaveLength(1)

    const b = new Engine(engineOptions(wall))
    b.restore(saved)
    expect(observed(b)).toEqual(observed(a))

    const answersA = await performAll(a, SECOND, { ...ids })
    const answersB = await performAll(b, SECOND, { ...ids })
    expect(answersB).toEqual(answersA)
    expect(observed(b)).toEqual(observed(a))
    // The session did what it says: a replay, a refund by timeline, an expiry, findings of both kinds.
    const flat = JSON.stringify(answersA)
    expect(flat).toContain('"replayed":true')
    expect(flat).toContain('GAVE_UP')
    expect(flat).toContain('RELAY_TASK_EXPIRED')
    expect(a.conformance.findings().map((f) => f.rule)).toEqual(
      expect.arrayContaining(['poll-too-soon', 'poll-after-terminal', 'key-reused-with-other-body']),
    )
    expect(a.conformance.findings({ rule: 'poll-after-terminal' })[0]!.message).toMatch(/read 2 more times/)
    expect(a.record.coverage().met).toBeGreaterThan(3)
    expect(b.record.coverage()).toEqual(a.record.coverage())
  })

  it('a state saved before coverage was counted restores, with no outcome met', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall))
    await performAll(a, FIRST, {})
    const { coverage, ...older } = JSON.parse(JSON.stringify(a.save())) as SavedEngine
    expect(coverage?.overall.length).toBeGreaterThan(0)
    const b = new Engine(engineOptions(wall))
    await performAll(b, FIRST, {})
    b.restore(older as SavedEngine)
    expect(b.record.coverage().met).toBe(0)
    expect(b.listTasks({ limit: 1 }, ORIGIN).total).toBe(a.listTasks({ limit: 1 }, ORIGIN).total)
  })

  it('keeps what is still to come: pending tasks, their next changes and the events on the heap', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall))
    const ids: Ids = {}
    await performAll(a, FIRST, ids)
    const b = new Engine(engineOptions(wall))
    b.restore(a.save())
    const pending = (engine: Engine) =>
      engine
        .listTasks({ status: 0, limit: 1000 }, ORIGIN)
        .tasks.map(({ id, nextChangeAt, nextChangeAtPoll }) => ({ id, nextChangeAt, nextChangeAtPoll }))
    expect(pending(a).length).toBeGreaterThan(3)
    expect(pending(a).some((task) => task.nextChangeAtPoll === 2)).toBe(true)
    expect(pending(b)).toEqual(pending(a))
    expect(b.pendingEvents).toBe(a.pendingEvents)
    for (let i = 0; i < 4; i++)
      expect(b.advanceClock({ until: 'next-event' })).toEqual(a.advanceClock({ until: 'next-event' }))
    expect(b.accountClock(ids.owner!)).toEqual(a.accountClock(ids.owner!))
    expect(b.advanceAccountClock(ids.owner!, { until: 'idle' })).toEqual(
      a.advanceAccountClock(ids.owner!, { until: 'idle' }),
    )
  })

  it('refuses another version, garbage and a malformed state, and leaves the engine as it was', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall))
    await performAll(a, FIRST.slice(0, 6), {})
    const saved = JSON.parse(JSON.stringify(a.save())) as SavedEngine
    const b = new Engine(engineOptions(wall))
    await performAll(b, [submit('bob', 'mine', 'video', VIDEO)], {})
    const before = b.save()

    expect(() => b.restore({ ...saved, version: SAVED_ENGINE_VERSION + 1 })).toThrow(
      `of version ${SAVED_ENGINE_VERSION + 1}`,
    )
    for (const garbage of [null, 'genmock', 42, [], {}])
      expect(() => b.restore(garbage as unknown as SavedEngine)).toThrow('not a saved engine')
    const malformed = [
      { ...saved, tasks: { records: 'none', finished: [] } },
      { ...saved, tasks: { ...saved.tasks, finished: [saved.tasks.records.rows.length] } },
      { ...saved, random: { words: 'abc', index: 0 } },
      {
        ...saved,
        worlds: {
          ...saved.worlds,
          server: { ...saved.worlds.server, clock: { mode: 'sideways', speed: 1, now: 0, wall: 0 } },
        },
      },
      { ...saved, journal: undefined },
      { ...saved, tasks: { ...saved.tasks, records: { columns: ['id', 'seq'], rows: [['tsk_1', -1]] } } },
    ]
    for (const [i, value] of malformed.entries())
      expect(() => b.restore(value as unknown as SavedEngine), String(i)).toThrow('malformed')
    // Well formed, but its scenarios do not resolve: refused half way, and put back.
    const unresolved = {
      ...saved,
      scenarios: {
        loaded: [{ scenario: scenario({ name: 'dangling', rules: [{ use: 'nowhere' }] }), origin: 'control API' }],
        defaultName: 'default',
      },
    }
    expect(() => b.restore(unresolved)).toThrow(/could not be taken up.*nowhere/)
    expect(() => b.restore({ ...saved, scenarios: { ...saved.scenarios, defaultName: 'gone' } })).toThrow(
      'could not be taken up',
    )
    expect(b.save()).toEqual(before)
    expect(b.listTasks({ limit: 10 }, ORIGIN).total).toBe(1)

    b.restore(saved)
    expect(b.save()).toEqual(a.save())
  })

  it('is a copy: the engine going on does not change a saved value, nor a restored one the value', async () => {
    const wall = { now: START }
    const a = new Engine(engineOptions(wall))
    const ids: Ids = {}
    await performAll(a, FIRST, ids)
    const saved = a.save()
    const frozen = JSON.stringify(saved)
    await performAll(a, SECOND, { ...ids })
    expect(JSON.stringify(saved)).toBe(frozen)
    const b = new Engine(engineOptions(wall))
    b.restore(saved)
    await performAll(b, SECOND, { ...ids })
    expect(JSON.stringify(saved)).toBe(frozen)
  })
})
