// Calibration (docs/check-against-the-service.md): prices and a default scenario from a drift report.
import type { PricingFixture } from '../contract/fixtures.js'
import { IMAGE_MODELS, VIDEO_MODELS } from '../contract/models.js'
import { scenarioSchema, type Scenario, type ScenarioInput } from '../contract/scenario.js'
import type { EngineOptions } from '../engine/engine.js'
import type { ScenarioEntry } from '../engine/scenarios/scenarios.js'
import { DRIFT_KINDS, type DriftFinding } from './drift-report.js'
import type { DriftObservations, Tally } from './drift-observations.js'
import { calibrationReport, type CalibrationNotes } from './calibration-report.js'
import { modelsRules } from './calibrated-rules.js'

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

/** A record's own value at `key`: a model named `constructor` finds nothing, not Object's constructor. */
const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined

const mostSeen = (tally: Tally | undefined, keep: (key: string) => boolean = () => true) =>
  Object.entries(tally ?? {})
    .filter(([key]) => keep(key))
    .sort((a, b) => b[1] - a[1])[0]
const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`

/** The prices seen, as a pricing fixture: the defaults with every price genmock may change replaced. */
function pricesFrom(
  observations: DriftObservations,
  defaults: PricingFixture,
  notes: CalibrationNotes,
): PricingFixture {
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
  const notes: CalibrationNotes = { contradicted: [], undecided: [] }
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
