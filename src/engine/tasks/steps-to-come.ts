// A pending task's steps to come, as its record keeps them: what the task's life (task-life.ts) reads and applies.
import type { Change, PollStep, TimedStep } from './timeline.js'

/**
 * A pending task's steps to come, one object per task: its timed steps in time order (each one an
 * event on its life's heap, which applies the first), its `poll N` steps in order of N.
 */
export class Upcoming {
  /** The life (one per clock, task-life.ts) whose heap holds the timed steps: known by identity. */
  owner: object
  readonly timed: TimedStep[]
  readonly polls: PollStep[]

  constructor(owner: object, timed: TimedStep[], polls: PollStep[]) {
    this.owner = owner
    this.timed = timed
    this.polls = polls
  }
}

/**
 * What is to come for a pending task whose one step to come is timed (most tasks): its change,
 * one object shared by every such task of the life, its time in the task's DUE slot. With no
 * change, nothing is to come (a task left pending by its last step).
 */
export class OneStep {
  /** The life whose heap holds the step: known by identity. */
  readonly owner: object
  readonly change: Change | undefined

  constructor(owner: object, change: Change | undefined) {
    this.owner = owner
    this.change = change
  }
}

/** A pending task's steps to come, as its record keeps them (UPCOMING). */
export type Steps = Upcoming | OneStep
