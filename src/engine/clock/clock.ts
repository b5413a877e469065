// The simulated clock: real time (optionally sped up) or manual. The engine's only wall-clock reader.
import type { ClockMode } from '../../contract/control-requests.js'
import { Problem } from '../problem.js'

export interface ClockOptions {
  mode?: ClockMode
  /** Simulated seconds per wall second in real mode. */
  speed?: number
  /** Simulated start, epoch ms; defaults to the wall time at creation. */
  start?: number
  /** The wall clock; the only place genmock reads it. Injectable for tests. */
  wallNow?: () => number
}

export interface ClockState {
  mode: ClockMode
  speed: number
  now: string
}

/** A clock as saved: its simulated now and the wall time it was read at, epoch ms. */
export interface SavedClock {
  mode: ClockMode
  speed: number
  now: number
  wall: number
}

/**
 * The simulated clock. Every timestamp genmock emits comes from here, and time only moves forward.
 * In `real` mode simulated time runs at `speed` × wall time from an anchor; in `manual` mode it moves
 * only when told.
 * @example
 * const clock = new Clock({ mode: 'manual', start: Date.parse('2026-01-01T00:00:00Z') })
 * clock.advance(30) // clock.now() is 30 000 ms later
 */
export class Clock {
  #mode: ClockMode
  #speed: number
  #wallNow: () => number
  /** Simulated time at the anchor, and the wall time of the anchor (real mode). */
  #anchor: number
  #anchorWall: number
  /** Guards monotonicity if the wall clock steps back. */
  #last: number

  constructor({ mode = 'real', speed = 1, start, wallNow = () => Date.now() }: ClockOptions = {}) {
    this.#mode = mode
    this.#speed = speed
    this.#wallNow = wallNow
    this.#anchorWall = wallNow()
    this.#anchor = start ?? this.#anchorWall
    this.#last = this.#anchor
  }

  /** Simulated now, epoch milliseconds (whole milliseconds, so ISO strings are exact). */
  now(): number {
    const raw =
      this.#mode === 'manual' ? this.#anchor : this.#anchor + (this.#wallNow() - this.#anchorWall) * this.#speed
    this.#last = Math.max(this.#last, Math.floor(raw))
    return this.#last
  }

  /** Moves simulated time forward by `seconds`, in either mode. */
  advance(seconds: number): void {
    this.#reanchor(this.now() + Math.round(seconds * 1000))
  }

  /**
   * Changes mode, speed or the current time. Setting a time before now is refused.
   * @example
   * clock.set({ mode: 'real', speed: 10 })
   */
  set({
    mode,
    speed,
    now,
  }: {
    mode?: ClockMode | undefined
    speed?: number | undefined
    now?: number | undefined
  }): void {
    const current = this.now()
    if (now !== undefined && now < current) {
      throw Problem.invalid([
        {
          in: 'body',
          path: 'now',
          message:
            `must not be before the current simulated time ${new Date(current).toISOString()}: ` +
            'time only moves forward',
        },
      ])
    }
    if (mode) this.#mode = mode
    if (speed !== undefined) this.#speed = speed
    this.#reanchor(now ?? current)
  }

  /** Wall time, epoch ms: only for judging how long a client really waited (conformance). */
  wall(): number {
    return this.#wallNow()
  }

  save(): SavedClock {
    const wall = this.#wallNow()
    return { mode: this.#mode, speed: this.#speed, now: this.now(), wall }
  }

  /**
   * Takes up a saved clock: a manual one at its saved time; a real one as if it had run on
   * meanwhile, by the wall time since it was saved × its speed.
   * @example
   * clock.restore(saved) // real mode, saved 2 s ago at speed 10: clock.now() is saved.now + 20 000
   */
  restore({ mode, speed, now, wall }: SavedClock): void {
    const wallNow = this.#wallNow()
    this.#mode = mode
    this.#speed = speed
    this.#anchor = mode === 'manual' ? now : now + Math.max(0, wallNow - wall) * speed
    this.#anchorWall = wallNow
    this.#last = Math.floor(this.#anchor)
  }

  get state(): ClockState {
    return { mode: this.#mode, speed: this.#speed, now: new Date(this.now()).toISOString() }
  }

  #reanchor(simulated: number): void {
    this.#anchor = simulated
    this.#anchorWall = this.#wallNow()
    this.#last = Math.max(this.#last, simulated)
  }
}
