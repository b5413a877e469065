// The tasks the proxy saw submitted, followed across reads: their statuses, timings and values, for drift.
import { isPlainObject } from '../contract/fields.js'
import { LIMITS } from '../contract/limits.js'
import { MAX_FOLLOWED } from '../contract/saved-snapshot.js'
import type { Scenario } from '../contract/scenario.js'
import type { TaskEnded } from './drift-observations.js'
import type { DriftInput } from './drift-report.js'

/** The relayStatus and errorCode values genmock's scenarios can give. */
export interface KnownValues {
  relayStatuses: ReadonlySet<string>
  errorCodes: ReadonlySet<string>
}

/** Values genmock gives outside any scenario file: a relay task's first status, and its expiry. */
const BUILT_IN = { relayStatuses: ['queued', 'expired'], errorCodes: ['RELAY_TASK_EXPIRED'] }

/**
 * Every relayStatus and errorCode the scenarios set, with genmock's own: genmock's catalogue of them.
 * @example
 * knownValues(engine.scenarios.list().map((e) => e.scenario)).errorCodes.has('UPSTREAM_FAILED') // true
 */
export function knownValues(scenarios: readonly Scenario[]): KnownValues {
  const relayStatuses = new Set(BUILT_IN.relayStatuses)
  const errorCodes = new Set(BUILT_IN.errorCodes)
  for (const scenario of scenarios)
    for (const rule of scenario.rules)
      for (const set of [rule.submit?.set, ...(rule.timeline ?? []).map((step) => step.set)]) {
        if (set?.relayStatus !== undefined) relayStatuses.add(set.relayStatus)
        if (set?.errorCode !== undefined) errorCodes.add(set.errorCode)
      }
  return { relayStatuses, errorCodes }
}

/** What the submission told about a task. */
export interface TaskFacts {
  model: string
  type: 'image' | 'video'
  provider: 'standard' | 'upstream-a' | 'relay'
}

/** A followed task: what the submission told, and what its reads showed so far. */
export interface FollowedTask extends TaskFacts {
  submittedAt: number
  status: number
  /** The fields a terminal task keeps, as JSON, once terminal. */
  terminal?: string
  relaySteps: { relayStatus: string; seconds: number }[]
  polls: number
}

type Body = Record<string, unknown>

const TERMINAL_FIELDS = ['status', 'errorCode', 'creditRefunded', 'relayStatus', 'outputImageUrls', 'outputVideoUrl']
const terminalOf = (body: Body) => JSON.stringify(TERMINAL_FIELDS.map((field) => body[field] ?? null))
/** Relay statuses the interface refunds nothing for: "Unknown or expired relay tasks do not automatically refund". */
const NO_REFUND = new Set(['expired', 'unknown'])

/** The rules every answer about a task keeps, whatever came before: values, poll wait, refunds. */
function answerRules(body: Body, known: KnownValues): DriftInput[] {
  const found: DriftInput[] = []
  const { relayStatus, errorCode, pollAfterSeconds, creditRefunded, status } = body
  if (typeof relayStatus === 'string' && !known.relayStatuses.has(relayStatus))
    found.push({
      kind: 'unknown-relay-status',
      place: relayStatus,
      service: relayStatus,
      genmock: [...known.relayStatuses],
      message: `relayStatus "${relayStatus}" is none of the values genmock's scenarios give`,
    })
  if (typeof errorCode === 'string' && !known.errorCodes.has(errorCode))
    found.push({
      kind: 'unknown-error-code',
      place: errorCode,
      service: errorCode,
      genmock: [...known.errorCodes],
      message: `errorCode "${errorCode}" is none of the values genmock's scenarios give`,
    })
  if (typeof pollAfterSeconds === 'number' && pollAfterSeconds < LIMITS.minPollAfterSeconds)
    found.push({
      kind: 'state-rule',
      place: 'pollAfterSeconds',
      service: pollAfterSeconds,
      genmock: `at least ${LIMITS.minPollAfterSeconds}`,
      message: 'pollAfterSeconds is below 5: the interface says callers wait at least 5 seconds',
    })
  if (creditRefunded === true && status !== 2)
    found.push({
      kind: 'state-rule',
      place: 'creditRefunded before failure',
      service: { status, creditRefunded },
      genmock: 'creditRefunded only at status 2',
      message: 'credits were refunded on a task that has not failed',
    })
  if (creditRefunded === true && typeof relayStatus === 'string' && NO_REFUND.has(relayStatus))
    found.push({
      kind: 'state-rule',
      place: `creditRefunded at relayStatus ${relayStatus}`,
      service: true,
      genmock: false,
      message: 'the interface says unknown or expired relay tasks do not automatically refund credits',
    })
  return found
}

/**
 * The tasks seen through the proxy: each answer checked against the interface's state rules
 * (status only 0 → 1 or 0 → 2, a terminal task unchanged, refunds, pollAfterSeconds ≥ 5), and how
 * each ended, for the observations. Times are passed in (milliseconds), never read here.
 * @example
 * followed.submitted('tsk_1', facts, body, Date.now(), known)
 * followed.read('tsk_1', snapshot, Date.now(), known) // { findings: [], ended: { model, status: 1, seconds: 8, … } }
 */
export class FollowedTasks {
  #tasks = new Map<string, FollowedTask>()
  /** Since the last `take` (docs/state.md): the tasks submitted or read, whether all were let go. */
  #changed = new Set<string>()
  #cleared = false

  submitted(taskId: string, facts: TaskFacts, body: Body, at: number, known: KnownValues): DriftInput[] {
    if (this.#tasks.size >= MAX_FOLLOWED) this.#tasks.delete(this.#tasks.keys().next().value!)
    const task: FollowedTask = { ...facts, submittedAt: at, status: 0, relaySteps: [], polls: 0 }
    this.#tasks.set(taskId, task)
    this.#changed.add(taskId)
    this.#step(task, body, at)
    return answerRules(body, known)
  }

  /** A task read: the findings, the task's facts when known, and how it ended the first time it is terminal. */
  read(
    taskId: string,
    body: Body,
    at: number,
    known: KnownValues,
  ): { findings: DriftInput[]; facts?: TaskFacts; ended?: TaskEnded } {
    const findings = answerRules(body, known)
    const task = this.#tasks.get(taskId)
    if (!task) return { findings }
    const { model, type, provider } = task
    const facts = { model, type, provider }
    task.polls += 1
    this.#changed.add(taskId)
    const status = body.status
    if (task.terminal !== undefined) {
      const now = terminalOf(body)
      if (now !== task.terminal)
        findings.push({
          kind: 'state-rule',
          place: 'terminal task changed',
          service: now,
          genmock: task.terminal,
          message: 'a task at status 1 or 2 changed: the interface says terminal tasks are returned as they are',
        })
      return { findings, facts }
    }
    if (status !== 0 && status !== 1 && status !== 2) return { findings, facts }
    this.#step(task, body, at)
    task.status = status
    if (status === 0) return { findings, facts }
    task.terminal = terminalOf(body)
    const ended: TaskEnded = {
      model,
      status,
      seconds: Math.round((at - task.submittedAt) / 100) / 10,
      polls: task.polls,
      errorCode: typeof body.errorCode === 'string' ? body.errorCode : undefined,
      refunded: typeof body.creditRefunded === 'boolean' ? body.creditRefunded : undefined,
      relaySteps: provider === 'relay' ? task.relaySteps : undefined,
    }
    return { findings, facts, ended }
  }

  clear(): void {
    this.#tasks.clear()
    this.#cleared = true
  }

  /** The followed tasks, oldest first (live objects: serialise them at once). */
  save(): [taskId: string, task: FollowedTask][] {
    return [...this.#tasks]
  }

  /** Replaces the followed tasks with saved ones (checked by the caller: src/contract/saved-snapshot.ts). */
  restore(saved: readonly (readonly [string, FollowedTask])[]): void {
    this.#tasks = new Map(saved.slice(-MAX_FOLLOWED).map(([id, task]) => [id, structuredClone(task)]))
    this.#cleared = true
  }

  /**
   * The tasks submitted or read since the last `take`, oldest first; all of them, `whole`, after a
   * clear or a restore. Those let go meanwhile are not named: the oldest go first, so a replay
   * that keeps the newest 10 000 lets the same ones go.
   */
  take(): { whole?: true; tasks: [string, FollowedTask][] } | undefined {
    const changes = this.#cleared
      ? { whole: true as const, tasks: this.save() }
      : this.#changed.size > 0
        ? {
            tasks: [...this.#changed].flatMap((id): [string, FollowedTask][] => {
              const task = this.#tasks.get(id)
              return task ? [[id, task]] : []
            }),
          }
        : undefined
    this.markSaved()
    return changes
  }

  /** What there is now is saved: changes count from here. */
  markSaved(): void {
    this.#changed.clear()
    this.#cleared = false
  }

  /** Notes a relayStatus the first time it is seen in a row. */
  #step(task: FollowedTask, body: Body, at: number): void {
    if (!isPlainObject(body) || typeof body.relayStatus !== 'string') return
    const last = task.relaySteps.at(-1)
    if (last?.relayStatus !== body.relayStatus)
      task.relaySteps.push({
        relayStatus: body.relayStatus,
        seconds: Math.round((at - task.submittedAt) / 100) / 10,
      })
  }
}
