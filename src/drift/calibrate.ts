// Calibration (docs/check-against-the-service.md): prices and a default scenario from a drift report.
import type { PricingFixture } from '../contract/fixtures.js'
import { IMAGE_MODELS, VIDEO_MODELS } from '../contract/models.js'
import { scenarioSchema, type Scenario, type ScenarioInput } from '../contract/scenario.js'
import type { EngineOptions } from '../engine/engine.js'
import type { ScenarioEntry } from '../engine/scenarios/scenarios.js'
import {
  DRIFT_KINDS,
  type DriftFinding,
  type DriftObservations,
  type OutcomeSeen,
  type Range,
  type Tally,
} from './drift-report.js'

/** What `genmock --calibration DIR` (the `calibration` option) puts in force: prices, and the default scenario. */
export interface Calibration {
  pricing: PricingFixture
  scenario: Scenario
}

/** What `genmock calibrate` writes: each value becomes one file. */
export interface CalibrationOutput {
  /** prices.json: every price seen, and the pricing genmock loads. */
  prices: { $comment: string; observed: DriftObservations['prices']; pricing: PricingFixture }
  /** calibrated.json: the scenario. */
  scenario: ScenarioInput
  /** values.json: the relayStatus, errorCode and pollAfterSeconds values seen, with their counts. */
  values: { relayStatuses: Tally; errorCodes: Tally; pollAfterSeconds: Tally; statuses: Record<string, Tally> }
  /** report.md */
  report: string
}

export const CALIBRATED_SCENARIO = 'calibrated'
/**
 * Success statuses the recording showed where genmock's differ, as the route core reads them from
 * the observations (statuses are its words): a scenario's `httpStatus` can give the submissions';
 * a task read's cannot be changed.
 */
export interface StatusesSeen {
  image?: StatusSeen
  video?: StatusSeen
  read?: StatusSeen
}
export interface StatusSeen {
  status: number
  genmock: number
  seen: number
  /** How the report names where it was seen. */
  where: string
}

/**
 * Text from a recording as Markdown shows it literally: one line, HTML's `< > &` as entities, and
 * Markdown's own characters escaped, so that a relayStatus `<script>` or `# heading` stays text.
 * @example
 * markdownText('<b># x_y') // '&lt;b&gt;\\# x\\_y'
 */
export const markdownText = (text: string) =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]#|~!]/g, '\\$&')

/** A record's own value at `key`: a model named `constructor` finds nothing, not Object's constructor. */
const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined

const mostSeen = (tally: Tally | undefined, keep: (key: string) => boolean = () => true) =>
  Object.entries(tally ?? {})
    .filter(([key]) => keep(key))
    .sort((a, b) => b[1] - a[1])[0]
const span = ({ min, max }: Range) => (min === max ? `${min}s` : `${min}s..${max}s`)
const polls = ({ min, max }: Range) => (min === max ? String(min) : `${min}–${max}`)
const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`

/** The prices seen, as a pricing fixture: the defaults with every price genmock may change replaced. */
function pricesFrom(observations: DriftObservations, defaults: PricingFixture, notes: Notes): PricingFixture {
  const pricing = structuredClone(defaults)
  const groups = new Map<string, DriftObservations['prices']>()
  for (const seen of observations.prices) {
    const key = `${seen.model}|${seen.option}|${seen.relay}`
    groups.set(key, [...(groups.get(key) ?? []), seen])
  }
  for (const group of groups.values()) {
    const [best, ...others] = [...group].sort((a, b) => b.seen - a.seen)
    const { model, option, relay, credits } = best!
    const where = `${model} at ${option}${relay ? ' (relay)' : ''}`
    if (others.length > 0)
      notes.undecided.push(
        `${where} was charged ${group.map((p) => `${p.credits} (${times(p.seen)})`).join(', ')}: ${credits} is used`,
      )
    const image = own(IMAGE_MODELS, model)
    const table: Record<string, number> | undefined = relay
      ? own(pricing.relay, model)
      : Object.hasOwn(VIDEO_MODELS, model)
        ? own(pricing.video, model)
        : option === 'output'
          ? { output: own(pricing.image, model)?.creditsPerOutput ?? 0 }
          : undefined
    if (!table || !Object.hasOwn(table, option)) {
      const fixed = image?.pricing
      const interfacePrice =
        fixed?.kind === 'per-call'
          ? fixed.credits
          : fixed?.kind === 'per-output-by-tier'
            ? own(fixed.credits as Record<string, number>, option)
            : undefined
      if (interfacePrice !== undefined && interfacePrice !== credits)
        notes.undecided.push(
          `${where} cost ${credits}, the interface says ${interfacePrice}: genmock keeps the interface's`,
        )
      else if (interfacePrice === undefined)
        notes.undecided.push(`${where} cost ${credits}: genmock has no such option`)
      continue
    }
    if (table[option] === credits) continue
    notes.contradicted.push(`price of ${where}: ${credits} (genmock: ${table[option]}), seen ${times(best!.seen)}`)
    if (relay) pricing.relay[model]![option] = credits
    else if (Object.hasOwn(VIDEO_MODELS, model)) pricing.video[model]![option] = credits
    else pricing.image[model] = { creditsPerOutput: credits }
  }
  return pricing
}

interface Notes {
  contradicted: string[]
  undecided: string[]
}

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

/**
 * What a recording implies, as files: the prices seen, a scenario reproducing the success status
 * and each model's timelines, the values seen, and a report of every default the recording
 * contradicted and of what it could not decide. Throws if the scenario it builds is not valid.
 * @example
 * const output = calibrate(drift.observations(), drift.findings(), defaultPricing, { video: { status: 201, … } })
 */
export function calibrate(
  observations: DriftObservations,
  findings: readonly DriftFinding[],
  defaults: PricingFixture,
  statuses: StatusesSeen = {},
): CalibrationOutput {
  const notes: Notes = { contradicted: [], undecided: [] }
  const pricing = pricesFrom(observations, defaults, notes)
  for (const endpoint of ['image', 'video'] as const) {
    const seen = statuses[endpoint]
    if (seen)
      notes.contradicted.push(
        `success status of ${seen.where}: ${seen.status} (genmock: ${seen.genmock}), seen ${times(seen.seen)}`,
      )
  }
  const read = statuses.read
  if (read) notes.undecided.push(`${read.where} answered ${read.status}: genmock always answers ${read.genmock} there`)
  const poll = mostSeen(observations.pollAfterSeconds, (s) => Number(s) >= 5)
  const submitSet = poll && poll[0] !== '5' ? { pollAfterSeconds: Number(poll[0]) } : {}
  if (poll && poll[0] !== '5') notes.contradicted.push(`pollAfterSeconds: ${poll[0]} (genmock: 5)`)
  const httpStatus = (endpoint: 'image' | 'video') => statuses[endpoint]?.status
  const rules = modelsRules(observations, notes, httpStatus, submitSet)
  for (const endpoint of ['image', 'video'] as const) {
    const status = httpStatus(endpoint)
    if (status !== undefined) rules.push({ match: { endpoint }, submit: { httpStatus: status }, use: 'default' })
  }
  const scenario: ScenarioInput = {
    name: CALIBRATED_SCENARIO,
    description:
      `What a recording of the service showed (${observations.exchanges} exchanges): its success statuses and, ` +
      'per model seen, how tasks ended and after how long. Requests it does not cover get the default scenario.',
    rules,
  }
  scenarioSchema.parse(scenario)
  for (const f of findings.filter((f) => !DRIFT_KINDS[f.kind].calibrates))
    notes.undecided.push(`${f.kind} at ${f.place} (${times(f.count)}): ${f.message}; calibration cannot change it`)
  const values = {
    relayStatuses: observations.relayStatuses,
    errorCodes: observations.errorCodes,
    pollAfterSeconds: observations.pollAfterSeconds,
    statuses: observations.statuses,
  }
  for (const kind of ['unknown-relay-status', 'unknown-error-code'] as const)
    for (const f of findings.filter((f) => f.kind === kind))
      notes.contradicted.push(
        `${kind === 'unknown-error-code' ? 'errorCode' : 'relayStatus'} ${f.place}, seen ${times(f.count)}`,
      )
  const report = calibrationReport(observations.exchanges, notes)
  return {
    prices: {
      $comment: 'Every price the recording showed (observed), and the pricing genmock loads with --calibration.',
      observed: observations.prices,
      pricing,
    },
    scenario,
    values,
    report,
  }
}

/**
 * Engine options with a calibration in force: its prices unless prices are given, its scenario
 * loaded and made the default unless a default is given.
 * @example
 * new Engine(withCalibration({ seed: 7, calibration }))
 */
export function withCalibration(options: EngineOptions & { calibration?: Calibration | undefined }): EngineOptions {
  const calibration = options.calibration
  if (!calibration) return options
  const entry: ScenarioEntry = { scenario: calibration.scenario, origin: 'calibration' }
  return {
    ...options,
    pricing: options.pricing ?? calibration.pricing,
    scenarios: [...(options.scenarios ?? []), entry],
    scenario: options.scenario ?? calibration.scenario.name,
  }
}

/** The rules of each model the recording saw finish tasks, relay ones first; each outcome noted. */
function modelsRules(
  observations: DriftObservations,
  notes: Notes,
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

/** The report (report.md): what the recording contradicted, and what it could not decide. */
function calibrationReport(exchanges: number, notes: Notes): string {
  const list = (items: string[]) =>
    items.length > 0 ? items.map((item) => `- ${markdownText(item)}`).join('\n') : '- nothing'
  return [
    `# genmock calibration from ${exchanges} recorded exchanges`,
    '',
    '## What the recording contradicted (in force with `genmock --calibration DIR`)',
    '',
    list(notes.contradicted),
    '',
    '## What it could not decide, or calibration cannot change',
    '',
    list(notes.undecided),
    '',
  ].join('\n')
}
