// The scenario rules a calibration writes (docs/check-against-the-service.md, Calibration): per model
// the recording saw finish tasks, one rule per way they ended, with the timeline that reproduces it.
import { VIDEO_MODELS } from '../contract/models.js'
import type { ScenarioInput } from '../contract/scenario.js'
import type { CalibrationNotes } from './calibration-report.js'
import type { DriftObservations, OutcomeSeen, Range } from './drift-observations.js'

const span = ({ min, max }: Range) => (min === max ? `${min}s` : `${min}s..${max}s`)
const polls = ({ min, max }: Range) => (min === max ? String(min) : `${min}–${max}`)

type Step = NonNullable<NonNullable<ScenarioInput['rules']>[number]['timeline']>[number]

/** The timeline that reproduces one way a model's tasks ended. */
function timelineOf(outcome: OutcomeSeen): Step[] {
  const steps: Step[] = []
  const final = outcome.relaySteps?.at(-1)
  for (const step of outcome.relaySteps?.slice(1, -1) ?? []) {
    const max = Math.min(step.seconds.max, outcome.seconds.min)
    steps.push({ at: span({ min: Math.min(step.seconds.min, max), max }), set: { relayStatus: step.relayStatus } })
  }
  steps.push({
    at: span(outcome.seconds),
    set: {
      status: outcome.status,
      ...(final ? { relayStatus: final.relayStatus } : {}),
      ...(outcome.errorCode !== undefined ? { errorCode: outcome.errorCode } : {}),
    },
    ...(outcome.status === 2 ? { refund: outcome.refunded ?? false } : {}),
  })
  return steps
}

/** A model's rules: one per way its tasks ended, the rarer ones first with the share they were seen. */
function modelRules(
  model: string,
  outcomes: OutcomeSeen[],
  httpStatus: number | undefined,
  submitSet: Record<string, unknown>,
) {
  const endpoint: 'image' | 'video' = Object.hasOwn(VIDEO_MODELS, model) ? 'video' : 'image'
  const relay = outcomes.some((o) => o.relaySteps !== undefined)
  const sorted = [...outcomes].sort((a, b) => a.count - b.count)
  let left = sorted.reduce((sum, o) => sum + o.count, 0)
  return sorted.map((outcome, i) => {
    const chance = i === sorted.length - 1 ? undefined : Math.round((outcome.count / left) * 1000) / 1000
    left -= outcome.count
    const first = outcome.relaySteps?.[0]?.relayStatus
    const set = { ...(relay ? submitSet : {}), ...(first && first !== 'queued' ? { relayStatus: first } : {}) }
    return {
      match: { endpoint, model, ...(relay ? { provider: 'relay' as const } : {}), ...(chance ? { chance } : {}) },
      ...(httpStatus !== undefined || Object.keys(set).length > 0
        ? {
            submit: {
              ...(httpStatus !== undefined ? { httpStatus } : {}),
              ...(Object.keys(set).length ? { set } : {}),
            },
          }
        : {}),
      timeline: timelineOf(outcome),
    }
  })
}

/** The rules of each model the recording saw finish tasks, relay ones first; each outcome noted. */
export function modelsRules(
  observations: DriftObservations,
  notes: CalibrationNotes,
  httpStatus: (endpoint: 'image' | 'video') => number | undefined,
  submitSet: { pollAfterSeconds?: number },
): NonNullable<ScenarioInput['rules']> {
  const rules: NonNullable<ScenarioInput['rules']> = []
  const modelsSeen = Object.entries(observations.models)
  for (const [model, seen] of modelsSeen) {
    const outcomes = Object.values(seen.outcomes)
    if (outcomes.length === 0) {
      notes.undecided.push(`${model}: no task was seen to finish, so its timeline stays genmock's`)
      continue
    }
    const endpoint = Object.hasOwn(VIDEO_MODELS, model) ? 'video' : 'image'
    // Relay and standard tasks of a model end differently: each gets its own rules, relay first.
    for (const relay of [true, false]) {
      const mine = outcomes.filter((o) => (o.relaySteps !== undefined) === relay)
      if (mine.length > 0) rules.push(...modelRules(model, mine, httpStatus(endpoint), submitSet))
    }
    for (const o of outcomes)
      notes.contradicted.push(
        `${model}${o.relaySteps ? ' (relay)' : ''}: ${o.count} ended at status ${o.status}` +
          `${o.errorCode ? ` ${o.errorCode}` : ''} after ${span(o.seconds)}, polled ${polls(o.polls)} times` +
          `${o.relaySteps ? `, relayStatus ${o.relaySteps.map((s) => s.relayStatus).join(' → ')}` : ''}`,
      )
  }
  return rules
}
