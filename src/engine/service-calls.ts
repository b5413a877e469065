// The service's submissions (its reads are service-reads.ts). Each reports what it learnt for the
// journal in what it returns, or on the Problem it throws (`facts`).
import type { ValidationIssue } from '../contract/errors.js'
import { imageRequestSchemaFor, type ImageRequest } from '../contract/image-request.js'
import type { SubmissionResponse } from '../contract/responses.js'
import type { SparseSetting } from '../contract/sparse.js'
import { videoRequestSchemaFor, type VideoRequest } from '../contract/video-request.js'
import type { Account } from './accounts/accounts.js'
import type { Breach, Instant } from './journal/conformance.js'
import { Attempt, type Endpoint } from './submission-attempt.js'
import { begin } from './tasks/keyed-begin.js'
import { newTaskRecord } from './tasks/new-task.js'
import { refuseAsPlanned, requestFacts } from './scenarios/submission-facts.js'
import { Problem, type ProblemFacts } from './problem.js'
import type { ScenarioRequest, SubmitPlan } from './scenarios/scenarios.js'
import { toSubmission } from './tasks/task-snapshot.js'
import type { EngineState } from './engine-state.js'
import type { TaskRecord } from './tasks/task-record.js'
import { scheduleSteps, type ScheduledStep } from './tasks/timeline.js'
import { idempotencyKeyIssues, validate } from './validation.js'

export type { Endpoint }

export interface SubmitOptions {
  idempotencyKey?: string | null
  scenario?: ScenarioRequest | null
  /** What the request's `Prefer: sparse` asks for; wins over the scenario's and the server's. */
  sparse?: SparseSetting | null
}

export interface Submission {
  response: SubmissionResponse
  /** The success status the scenario file authors (`submit.httpStatus`, else 200): its data, passed through. */
  scenarioHttpStatus: number
  /** True when an Idempotency-Key retry got the original response back. */
  replayed: boolean
  /** 'dropped': the scenario loses the answer after the commit, so the client gets none. */
  delivery: 'answered' | 'dropped'
  /** The scenario that decided the task. */
  scenario: string
  /** The conformance rules the request broke without being refused. */
  breaches: Breach[]
}

/** Runs `step`; a Problem it throws carries `facts` out to the route core's journal. */
export function reportingSync<T>(facts: ProblemFacts, step: () => T): T {
  try {
    return step()
  } catch (error) {
    if (error instanceof Problem) error.facts = facts
    throw error
  }
}

/**
 * Validates, prices and accepts a generation request as its scenario says: pre-debits the credits
 * and schedules the task's life. With an Idempotency-Key, a retry of the same body replays the
 * original response. Without a key or a latency, all of it happens now, with no async function's
 * frame kept across a turn (docs/performance.md): the submission itself, not a promise of it, and a
 * refusal thrown, not a rejected promise.
 */
export function submit(
  state: EngineState,
  account: Account,
  endpoint: Endpoint,
  body: unknown,
  options: SubmitOptions,
): Submission | Promise<Submission> {
  const facts: ProblemFacts & { breaches: Breach[] } = { breaches: [] }
  try {
    const submitted = submitting(state, account, endpoint, body, options, facts)
    return submitted instanceof Promise ? submitted.catch((error) => reported(error, facts)) : submitted
  } catch (error) {
    throw withFacts(error, facts)
  }
}

/** A Problem carries `facts` out to the route core's journal. */
function withFacts(error: unknown, facts: ProblemFacts): unknown {
  if (error instanceof Problem) error.facts = facts
  return error
}

function reported(error: unknown, facts: ProblemFacts): never {
  throw withFacts(error, facts)
}

function submitting(
  state: EngineState,
  account: Account,
  endpoint: Endpoint,
  body: unknown,
  options: SubmitOptions,
  facts: ProblemFacts & { breaches: Breach[] },
): Submission | Promise<Submission> {
  const now = state.worlds.observeFor(account.id)
  const at = { sim: now, wall: state.clock.wall() }
  const idempotencyKey = options.idempotencyKey ?? null
  const relay = endpoint === 'image' && (body as { provider?: unknown } | null)?.provider === 'relay'
  // The objects on this path are literals: a spread after a first property is a slow copy, and spreads
  // here once made engine.submit half again as slow (docs/performance.md).
  const attempt = new Attempt(endpoint, body, idempotencyKey, relay)
  for (const breach of state.conformance.beforeSubmit(account.id, attempt, at))
    state.breach(facts.breaches, breach, account)
  const prompt = (body as { prompt?: unknown } | null)?.prompt
  const choice = state.scenarios.choose(
    options.scenario ?? null,
    typeof prompt === 'string' ? prompt : undefined,
    account.scenario,
  )
  const request = validateRequest(endpoint, body, idempotencyKey, relay, choice.issues)
  const scenario = (facts.scenario = choice.name)
  // Only a request with a key needs its scope (and the string it is).
  const scope = idempotencyKey === null ? '' : `${account.id}|${endpoint}`
  if (idempotencyKey !== null) {
    const begun = begin(state, scope, idempotencyKey, attempt.canonicalBody, now, facts.breaches, account)
    if (begun.kind === 'replay') {
      state.coverage.record('idempotent-replay', account.id)
      const { response, status } = begun.response
      const { breaches } = facts
      return { response, scenarioHttpStatus: status, replayed: true, delivery: 'answered', scenario, breaches }
    }
  }
  const done: Done = { state, account, attempt, scope, scenario, sparse: options.sparse ?? null, facts, at }
  try {
    const accepting = accept(state, account, request, scenario, now, facts)
    // With a key, the request stays in progress for a turn, as a second one sent at once must see it.
    if (accepting instanceof Promise || idempotencyKey !== null) return answeredLater(done, accepting)
    return answered(done, accepting)
  } catch (error) {
    refused(done, error)
    throw error
  }
}

/** What an accepted submission's last steps need. */
interface Done {
  state: EngineState
  account: Account
  attempt: Attempt
  scope: string
  scenario: string
  sparse: SparseSetting | null
  facts: ProblemFacts & { breaches: Breach[] }
  at: Instant
}

async function answeredLater(done: Done, accepting: Accepted | Promise<Accepted>): Promise<Submission> {
  try {
    return answered(done, await accepting)
  } catch (error) {
    refused(done, error)
    throw error
  }
}

function answered(done: Done, accepted: Accepted): Submission {
  const { state, account, attempt, scenario, facts, at } = done
  const key = attempt.key
  // Sparse before it is stored: an Idempotency-Key replay gives the answer as it was sent.
  const response = state.sparsen(accepted.response, 'submission', 0, done.sparse, scenario, account.id)
  const { scenarioHttpStatus, delivery } = accepted
  const submission: Submission = {
    response,
    scenarioHttpStatus,
    replayed: false,
    delivery,
    scenario,
    breaches: facts.breaches,
  }
  if (key !== null) state.idempotency.complete(done.scope, key, { response, status: scenarioHttpStatus })
  if (attempt.relay) state.conformance.submitted(response.taskId, at)
  if (delivery === 'dropped' || response.submissionUncertain === true) failed(state, account, attempt, at)
  if (delivery === 'dropped') state.coverage.record('connection-dropped', account.id)
  if (response.submissionUncertain === true) state.coverage.record('submission-uncertain', account.id)
  return submission
}

/**
 * The key is free again; a server error leaves the client not knowing whether it was charged: its
 * retry must reuse the key.
 */
function refused({ state, account, attempt, scope, at }: Done, error: unknown): void {
  if (attempt.key !== null) state.idempotency.release(scope, attempt.key)
  const detail = error instanceof Problem ? error.detail : undefined
  const status =
    detail?.kind === 'fault' ? detail.scenarioStatus : detail?.kind === 'rejected' ? detail.scenarioReply.status : 0
  if (status >= 500) failed(state, account, attempt, at)
}

/** Only a failed submission is kept for the retries that follow it. */
function failed(state: EngineState, account: Account, attempt: Attempt, at: Instant): void {
  state.conformance.afterSubmit(account.id, { fingerprint: attempt.fingerprint, key: attempt.key, failed: true }, at)
}

function validateRequest(
  endpoint: Endpoint,
  body: unknown,
  idempotencyKey: string | null,
  relay: boolean,
  extra: ValidationIssue[],
): ImageRequest | VideoRequest {
  const keyIssues = idempotencyKeyIssues(idempotencyKey, relay)
  const issues = keyIssues.length === 0 ? extra : [...keyIssues, ...extra]
  return endpoint === 'image'
    ? validate(imageRequestSchemaFor(body), body, issues)
    : validate(videoRequestSchemaFor(body), body, issues)
}

type Accepted = Pick<Submission, 'response' | 'scenarioHttpStatus' | 'delivery'>

function accept(
  state: EngineState,
  account: Account,
  request: ImageRequest | VideoRequest,
  scenario: string,
  now: number,
  found: ProblemFacts,
): Accepted | Promise<Accepted> {
  // Every random draw happens before the first await, in request order: determinism by seed.
  const random = state.random
  const facts = requestFacts(request, account.id)
  const plan = state.scenarios.plan(scenario, facts, random)
  const latency = plan.latency ? random.within(plan.latency) : 0
  const credits = state.catalogue.price(request)
  const style = state.scenarios.get(scenario)?.scenario.idStyle ?? state.idStyle
  const seq = state.seq++
  const record = newTaskRecord({ account, request, facts, plan, credits, now, seq, random, style, stored: state.tasks })
  const steps = scheduleSteps(plan.timeline, record, random)
  // Without latency, the task is committed at once: no promise, no turn of the event loop.
  if (latency > 0)
    return state.sleep(latency).then(() => commit(state, account, record, steps, plan, credits, now, found))
  return commit(state, account, record, steps, plan, credits, now, found)
}

/** The accepted task stored, its credits debited and its life begun, unless its scenario refuses it now. */
function commit(
  state: EngineState,
  account: Account,
  record: TaskRecord,
  steps: ScheduledStep[],
  plan: SubmitPlan,
  credits: number,
  now: number,
  found: ProblemFacts,
): Accepted {
  refuseAsPlanned(plan, credits)
  if (!state.ledger.debit(account.id, credits, record.id, now))
    throw Problem.of({ kind: 'insufficient-credits', required: credits })
  let task: TaskRecord
  try {
    task = state.tasks.add(record)
  } catch (error) {
    state.ledger.reverse(account.id, credits, record.id, now)
    throw error
  }
  found.taskId = task.id
  state.worlds.of(account.id).life.schedule(task.id, steps)
  return {
    response: toSubmission(task),
    scenarioHttpStatus: plan.httpStatus,
    delivery: plan.fault?.type === 'drop-after-commit' ? 'dropped' : 'answered',
  }
}
