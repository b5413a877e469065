/**
 * A world (docs/test-kit.md): one test's account, with a key and a clock of its own, and its
 * views of tasks, journal, findings and coverage, all through the control API. The same world
 * serves every test runner, in-process (the route core called directly) or against a server.
 */
import type { CoverageReport } from '../contract/control-answers.js'
import { misspelledOutcomes } from '../contract/outcomes.js'
import { assertClean, type Finding, RULE_IDS, type RuleId } from '../engine/journal/conformance.js'
import { unmetOutcomes } from '../engine/journal/coverage.js'
import type { TaskView } from '../engine/engine.js'
import type { JournalEntry } from '../engine/journal/journal.js'
import type { Advanced } from '../engine/clock/account-clocks.js'
import type { App } from '../handlers/app.js'

/** A control API call: method, path with its query, JSON body; resolves to the JSON answer, rejects on an error. */
export type Control = (method: string, path: string, body?: unknown) => Promise<unknown>

/** What a world is made with: POST /__mock/accounts's fields but the clock, which is always its own. */
export interface WorldOptions {
  credits?: number
  scenario?: string
  strict?: boolean
  name?: string
}

export interface WorldClock {
  /** Moves this world's clock forward; its due task changes apply in time order. */
  advance(seconds: number): Promise<Advanced>
  /** To the next scheduled change of one of its tasks. */
  next(): Promise<Advanced>
  /** Change by change until none of its tasks is pending (at most 7 simulated days). */
  untilIdle(): Promise<Advanced>
  /** Its simulated now, ISO 8601. */
  now(): Promise<string>
}

export interface World {
  /** Where the client sends its requests: the service's base_url. */
  baseUrl: string
  apiKey: string
  /** The account's id. */
  account: string
  clock: WorldClock
  /** This account's conformance findings, newest first. */
  findings(): Promise<Finding[]>
  /** This account's tasks, newest first. */
  tasks(): Promise<TaskView[]>
  /** This account's requests as the journal keeps them, newest first. */
  journal(): Promise<JournalEntry[]>
  /** The outcomes this account's requests met. */
  coverage(): Promise<CoverageReport>
  /**
   * This test breaks `rule` on purpose (an error path under test): its findings of that rule do
   * not fail the test, and the test fails if the client never broke it.
   */
  expectFinding(rule: RuleId): void
}

/** The rules each world's test expects to break (expectFinding), read by assertWorldClean. */
const expected = new WeakMap<World, Set<RuleId>>()

const failed = (method: string, path: string, status: number, text: string) =>
  new Error(`genmock: ${method} ${path} answered ${status}: ${text}`)

/**
 * The control API of an in-process simulator, without msw or a socket in between (with
 * `adminToken` when its `adminToken` option locks it).
 * @example
 * const control = appControl(createSimulator().app, 'https://genmock.test')
 */
export function appControl(app: App, origin: string, adminToken?: string): Control {
  const encoder = new TextEncoder()
  const auth: Record<string, string> = adminToken ? { authorization: `Bearer ${adminToken}` } : {}
  return async (method, target, body) => {
    const [path = '', query = ''] = target.split('?')
    const reply = await app({
      method,
      path,
      query,
      headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? new Uint8Array() : encoder.encode(JSON.stringify(body)),
      origin,
    })
    if (!reply || 'drop' in reply || !('bytes' in reply)) throw failed(method, path, 0, 'no answer')
    const text = typeof reply.bytes === 'string' ? reply.bytes : new TextDecoder().decode(reply.bytes)
    if (reply.status >= 400) throw failed(method, path, reply.status, text)
    return JSON.parse(text) as unknown
  }
}

/**
 * The control API of a running genmock at `url` (with `adminToken` when it is locked).
 * @example
 * const control = httpControl('http://127.0.0.1:4600')
 */
export function httpControl(url: string, adminToken?: string): Control {
  const base = url.replace(/\/+$/, '')
  return async (method, path, body) => {
    const headers: Record<string, string> = adminToken ? { authorization: `Bearer ${adminToken}` } : {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(base + path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await res.text()
    if (!res.ok) throw failed(method, path, res.status, text)
    return JSON.parse(text) as unknown
  }
}

/** Every page of a control listing, newest first, following its cursors (docs/control-api.md, Pages). */
async function allPages<T>(control: Control, path: string, field: 'tasks' | 'requests'): Promise<T[]> {
  const items: T[] = []
  let cursor: string | undefined
  do {
    const page = (await control(
      'GET',
      `${path}&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )) as Record<typeof field, T[]> & { nextCursor?: string }
    items.push(...page[field])
    cursor = page.nextCursor
  } while (cursor !== undefined)
  return items
}

/**
 * A fresh account with a clock of its own, and its views.
 * @example
 * const world = await createWorld(control, 'https://genmock.test')
 * await world.clock.untilIdle()
 */
export async function createWorld(control: Control, baseUrl: string, options: WorldOptions = {}): Promise<World> {
  const { id, apiKey } = (await control('POST', '/__mock/accounts', { ...options, clock: 'own' })) as {
    id: string
    apiKey: string
  }
  const account = encodeURIComponent(id)
  const advance = async (by: object) =>
    (await control('POST', `/__mock/accounts/${account}/clock/advance`, by)) as Advanced
  const rules = new Set<RuleId>()
  const world: World = {
    baseUrl,
    apiKey,
    account: id,
    clock: {
      advance: (seconds) => advance({ seconds }),
      next: () => advance({ until: 'next-event' }),
      untilIdle: () => advance({ until: 'idle' }),
      now: async () => ((await control('GET', `/__mock/accounts/${account}/clock`)) as { now: string }).now,
    },
    findings: async () =>
      ((await control('GET', `/__mock/conformance?account=${account}`)) as { findings: Finding[] }).findings,
    tasks: () => allPages<TaskView>(control, `/__mock/tasks?account=${account}`, 'tasks'),
    journal: () => allPages<JournalEntry>(control, `/__mock/requests?account=${account}`, 'requests'),
    coverage: async () => (await control('GET', `/__mock/coverage?account=${account}`)) as CoverageReport,
    expectFinding: (rule) => {
      if (!(RULE_IDS as readonly string[]).includes(rule))
        throw new Error(`genmock: no conformance rule "${rule}"; the rules: ${RULE_IDS.join(', ')}`)
      rules.add(rule)
    },
  }
  expected.set(world, rules)
  return world
}

/**
 * Throws, listing them, when the world's client broke an error rule of the interface that its
 * test did not expect (expectFinding), or never broke one it did: the test kits call it after each test.
 * @example
 * await assertWorldClean(world)
 */
export async function assertWorldClean(world: World): Promise<void> {
  const findings = await world.findings()
  const wanted = expected.get(world) ?? new Set<RuleId>()
  const missing = [...wanted].filter((rule) => !findings.some((finding) => finding.rule === rule))
  if (missing.length > 0)
    throw new Error(
      `genmock: the test expected ${missing.length === 1 ? 'a finding' : 'findings'} of ${missing.join(', ')} ` +
        '(world.expectFinding), and the client broke no such rule',
    )
  assertClean(findings.filter((finding) => !wanted.has(finding.rule)))
}

/**
 * Throws, naming them, when `report` has not met every one of `wanted` ('all': every outcome).
 * @example
 * assertCoverage(await world.coverage(), ['image-completed', 'unauthorized'])
 */
export function assertCoverage(report: CoverageReport, wanted: readonly string[]): void {
  const unknown = misspelledOutcomes(wanted)
  if (unknown) throw new Error(`genmock: no outcome ${unknown}`)
  const unmet = unmetOutcomes(report, wanted)
  if (unmet.length > 0)
    throw new Error(
      `genmock: the tests never met ${unmet.length === 1 ? 'this outcome' : 'these outcomes'}: ${unmet.join(', ')}`,
    )
}
