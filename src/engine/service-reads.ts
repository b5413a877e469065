// The service's reads: a task, and its media. Each reports what it learnt for the journal in what it
// returns, or on the Problem it throws (`facts`).
import type { TaskSnapshot } from '../contract/responses.js'
import type { SparseSetting } from '../contract/sparse.js'
import type { Account } from './accounts/accounts.js'
import type { EngineState } from './engine-state.js'
import { recordRead } from './journal/coverage.js'
import type { Breach } from './journal/conformance.js'
import { renderImage } from './media/preview-image.js'
import { Problem, type ProblemFacts } from './problem.js'
import { reportingSync } from './service-calls.js'
import { evictedRead } from './tasks/keyed-begin.js'
import type { TaskRecord } from './tasks/task-record.js'

export interface ReadOptions {
  /** What the request's `Prefer: sparse` asks for; wins over the task's scenario's and the server's. */
  sparse?: SparseSetting | null
}

/** A task as its owner reads it, and the rules the read broke without being refused. */
export interface TaskRead {
  /** The snapshot as JSON text, exactly as the doors write it (kept with the task's version). */
  text: string
  /** The snapshot as a value: a new object on every read of it, parsed from `text`. */
  readonly snapshot: TaskSnapshot
  breaches: Breach[]
}

/** A read's answer: the text kept with the task's version; the snapshot parsed from it when asked. */
class Read implements TaskRead {
  readonly text: string
  readonly breaches: Breach[]

  constructor(text: string, breaches: Breach[]) {
    this.text = text
    this.breaches = breaches
  }

  get snapshot(): TaskSnapshot {
    return JSON.parse(this.text) as TaskSnapshot
  }
}

/** The caller's task; another account's task is "not found", never "forbidden". Counts a poll. */
export function readTask(
  state: EngineState,
  account: Account,
  id: string,
  origin: string,
  options: ReadOptions,
): TaskRead {
  const facts: ProblemFacts & { breaches: Breach[] } = { taskId: id, breaches: [] }
  return reportingSync(facts, () => {
    const now = state.worlds.observeFor(account.id)
    const at = { sim: now, wall: state.clock.wall() }
    const task = state.tasks.get(id)
    if (!task || task.accountId !== account.id) {
      if (!task && state.tasks.evictedOwner(id) === account.id) state.breach(facts.breaches, evictedRead(id), account)
      throw Problem.of({ kind: 'task-not-found' })
    }
    const early = state.conformance.beforeRead(
      { id: task.id, relay: task.provider === 'relay', pollAfterSeconds: task.pollAfterSeconds },
      at,
    )
    if (early) state.breach(facts.breaches, early, account)
    task.polls += 1
    state.changes.task(task.id)
    state.worlds.of(account.id).life.polled(task, task.polls, now)
    const late = state.conformance.afterRead(task.id, task.status, at)
    if (late) state.breach(facts.breaches, late, account)
    recordRead(state.coverage, task, account.id, !early && !late)
    return new Read(state.snapshotText(task, origin, options.sparse), facts.breaches)
  })
}

/** PNG bytes of an output image; relay media need the owner's credential (`caller` null: no credential asked). */
export function imageMedia(
  state: EngineState,
  taskId: string,
  index: number,
  caller: (() => Account) | null,
): Uint8Array {
  const task = completedMedia(state, taskId, 'image', caller)
  if (!Number.isInteger(index) || index < 0 || index >= task.numOutputs)
    throw Problem.of({ kind: 'not-found', message: 'Media not found' })
  return renderImage({ key: `${state.seed}:${task.id}:${index}`, ...task.preview })
}

/** MP4 bytes of an output video; relay media need the owner's credential. */
export function videoMedia(state: EngineState, taskId: string, caller: (() => Account) | null): Uint8Array {
  completedMedia(state, taskId, 'video', caller)
  if (!state.videoSample) throw Problem.of({ kind: 'not-found', message: 'No video sample is configured' })
  return state.videoSample
}

function completedMedia(
  state: EngineState,
  taskId: string,
  type: TaskRecord['type'],
  caller: (() => Account) | null,
): TaskRecord {
  state.worlds.observeFor(state.tasks.get(taskId)?.accountId)
  const task = state.tasks.get(taskId)
  if (!task || task.type !== type || task.status !== 1)
    throw Problem.of({ kind: 'not-found', message: 'Media not found' })
  if (task.provider !== 'relay' || caller === null) return task
  let account: Account | undefined
  try {
    account = caller()
  } catch {
    // Unauthorized either way; reported against the task's owner, whose media they are.
  }
  if (account?.id !== task.accountId) {
    const message =
      "relay media requested without the owner's credential: relay media requires application authentication"
    const breaches: Breach[] = []
    const owner = state.accounts.get(task.accountId)
    reportingSync({ taskId, breaches }, () => {
      state.breach(breaches, { rule: 'relay-media-without-auth', taskId, accountId: task.accountId, message }, owner)
      throw Problem.of({ kind: 'unauthorized' })
    })
  }
  return task
}
