// The scenarios in force: loaded, chosen per request (header, account, default), and their plans.
import type { ValidationIssue } from '../../contract/errors.js'
import { parseDuration, parseSpan, type Span } from '../../contract/duration.js'
import type { Rule, Scenario, SubmitInput } from '../../contract/scenario.js'
import { Problem } from '../problem.js'
import type { Random } from '../random/random.js'
import { compileMatch, type Matcher, type RequestFacts } from './rule-match.js'
import { DEFAULT, referenceIssues } from './scenario-references.js'
import { planStep, type PlannedStep } from '../tasks/timeline.js'

/** Where a scenario came from: 'bundled', a file path, or 'control API'. */
export interface ScenarioEntry {
  scenario: Scenario
  origin: string
}

/** A value parsed from JSON: each field is absent or has a value, never `undefined`. */
type FromJson<T> = { [K in keyof T]?: Exclude<T[K], undefined> }

/** The plan of a rule that sets nothing at submission, and of one with no timeline: shared, never changed. */
const NO_SET = Object.freeze({})
const NO_STEPS: readonly PlannedStep[] = Object.freeze([])

/** What a scenario says about one request, before any random draw but the rules' `chance`. */
export interface SubmitPlan {
  scenario: string
  latency?: Span
  reject?: NonNullable<SubmitInput['reject']>
  fault?: { type: 'error-before-commit' | 'drop-after-commit'; status: number; error: string }
  httpStatus: number
  set: FromJson<NonNullable<SubmitInput['set']>>
  expiresInMs?: number
  timeline: readonly PlannedStep[]
}

/** Scenarios as saved: those loaded at run time, and the default. */
export interface SavedScenarios {
  loaded: ScenarioEntry[]
  defaultName: string
}

/** A scenario a request asks for by header, and which header, for error details. */
export interface ScenarioRequest {
  name: string
  header: string
}

const DIRECTIVE = /\[mock:([^\]\s]*)\]/

interface CompiledRule {
  matches: Matcher
  use?: string | undefined
  submit: SubmitInput
  timeline: PlannedStep[]
}

const compile = (rules: Rule[]): CompiledRule[] =>
  rules.map((rule) => ({
    matches: compileMatch(rule.match),
    use: rule.use,
    submit: normalizeSubmit(rule.submit ?? {}),
    timeline: (rule.timeline ?? []).map(planStep),
  }))

/** `submissionUncertain` is shorthand for `set.submissionUncertain`. */
function normalizeSubmit({ submissionUncertain, ...submit }: SubmitInput): SubmitInput {
  return submissionUncertain === undefined ? submit : { ...submit, set: { ...submit.set, submissionUncertain } }
}

/**
 * The scenarios a simulator knows, and which one requests get by default. Rules are compiled once
 * on load; a request's plan is worked out from them when it arrives.
 * @example
 * const scenarios = new Scenarios(bundledScenarios)
 * scenarios.plan('relay-expiry', facts, random).timeline // the relay rule's steps
 */
export class Scenarios {
  #entries = new Map<string, ScenarioEntry & { rules: CompiledRule[] }>()
  #defaultName = DEFAULT
  readonly #initial: { entries: ScenarioEntry[]; defaultName: string }

  /** Throws Invalid request when a reference does not resolve or the default is unknown. */
  constructor(entries: readonly ScenarioEntry[], defaultName = DEFAULT) {
    for (const entry of entries)
      this.#entries.set(entry.scenario.name, { ...entry, rules: compile(entry.scenario.rules) })
    this.#check()
    this.setDefault(defaultName)
    this.#initial = { entries: [...this.#entries.values()], defaultName }
  }

  get defaultName(): string {
    return this.#defaultName
  }

  has(name: string): boolean {
    return this.#entries.has(name)
  }

  get(name: string): ScenarioEntry | undefined {
    const entry = this.#entries.get(name)
    return entry && { scenario: entry.scenario, origin: entry.origin }
  }

  /** A scenario's `sparse`, without copying its entry: it is read on every poll. */
  sparseOf(name: string): Scenario['sparse'] {
    return this.#entries.get(name)?.scenario.sparse
  }

  /** How many scenarios are in force. */
  get size(): number {
    return this.#entries.size
  }

  list(): ScenarioEntry[] {
    return [...this.#entries.values()]
      .map(({ scenario, origin }) => ({ scenario, origin }))
      .sort((a, b) => a.scenario.name.localeCompare(b.scenario.name))
  }

  /** "names no scenario …" with the known names, for error messages. */
  unknown(name: string): string {
    return `names no scenario "${name}"; known: ${[...this.#entries.keys()].sort().join(', ')}`
  }

  /**
   * The scenario a request gets, first match wins: the header, a [mock:NAME] directive in the
   * prompt, the account's, the default. An unknown name asked for is an issue of the request.
   * @example
   * scenarios.choose(null, 'a fox [mock:content-policy]', undefined) // { name: 'content-policy', issues: [] }
   */
  choose(
    asked: ScenarioRequest | null,
    prompt: string | undefined,
    accountScenario: string | undefined,
  ): { name: string; issues: ValidationIssue[] } {
    const directive = prompt === undefined ? undefined : DIRECTIVE.exec(prompt)?.[1]
    const picked = asked
      ? { name: asked.name, in: 'header' as const, path: asked.header }
      : directive !== undefined
        ? { name: directive, in: 'body' as const, path: 'prompt' }
        : undefined
    if (picked && !this.has(picked.name)) {
      const what = picked.in === 'body' ? `[mock:${picked.name}] ` : ''
      return {
        name: picked.name,
        issues: [{ in: picked.in, path: picked.path, message: `${what}${this.unknown(picked.name)}` }],
      }
    }
    return { name: picked?.name ?? accountScenario ?? this.#defaultName, issues: [] }
  }

  setDefault(name: string): void {
    if (!this.has(name)) throw Problem.invalid([{ in: 'body', path: 'name', message: this.unknown(name) }])
    this.#defaultName = name
  }

  /** Adds a scenario, or replaces the one of that name; refused, unchanged, when its references do not resolve. */
  add(entry: ScenarioEntry): 'created' | 'replaced' {
    const previous = this.#entries.get(entry.scenario.name)
    this.#entries.set(entry.scenario.name, { ...entry, rules: compile(entry.scenario.rules) })
    try {
      this.#check()
    } catch (error) {
      if (previous) this.#entries.set(entry.scenario.name, previous)
      else this.#entries.delete(entry.scenario.name)
      throw error
    }
    return previous ? 'replaced' : 'created'
  }

  /** Back to the scenarios and the default given at construction. */
  reset(): void {
    this.#entries = new Map(
      this.#initial.entries.map((entry) => [entry.scenario.name, { ...entry, rules: compile(entry.scenario.rules) }]),
    )
    this.#defaultName = this.#initial.defaultName
  }

  /**
   * The scenarios loaded since construction (the given ones are the same on a like engine) and
   * the default.
   * @example
   * other.restore(scenarios.save())
   */
  save(): SavedScenarios {
    const initial = new Map(this.#initial.entries.map((entry) => [entry.scenario.name, entry]))
    const loaded = [...this.#entries.values()].filter(
      ({ scenario, origin }) =>
        initial.get(scenario.name)?.scenario !== scenario || initial.get(scenario.name)?.origin !== origin,
    )
    return { loaded: loaded.map(({ scenario, origin }) => ({ scenario, origin })), defaultName: this.#defaultName }
  }

  /**
   * The given scenarios, then the saved ones loaded again, all before the references are checked:
   * a replaced scenario keeps its place in the order, so it may `use` one loaded after it. Throws
   * Invalid request when a reference does not resolve.
   */
  restore(saved: SavedScenarios): void {
    this.reset()
    for (const entry of saved.loaded)
      this.#entries.set(entry.scenario.name, { ...entry, rules: compile(entry.scenario.rules) })
    this.#check()
    this.setDefault(saved.defaultName)
  }

  /**
   * What `name` says about a request: its first matching rule (following `use`), else the
   * `default` scenario's, else nothing at all (the task stays pending).
   */
  plan(name: string, facts: RequestFacts, random: Random): SubmitPlan {
    const found =
      this.#resolve(name, facts, random) ?? (name !== DEFAULT ? this.#resolve(DEFAULT, facts, random) : undefined)
    const { reject, fault, latency, httpStatus, set, expiresIn } = found?.submit ?? {}
    const faultType = typeof fault === 'string' ? fault : fault?.type
    // A literal, then the optional fields by assignment in the same order: a spread after a first property
    // takes V8's slow path, and each `{}` spread would be an object of its own per submission.
    const plan: SubmitPlan = {
      scenario: name,
      httpStatus: httpStatus ?? 200,
      set: (set ?? NO_SET) as SubmitPlan['set'],
      timeline: found?.timeline ?? NO_STEPS,
    }
    if (latency !== undefined) plan.latency = parseSpan(latency)!
    if (reject) plan.reject = reject
    if (faultType)
      plan.fault = {
        type: faultType,
        status: (typeof fault === 'object' && fault.status) || 500,
        error: (typeof fault === 'object' && fault.error) || 'Internal error',
      }
    if (expiresIn !== undefined) plan.expiresInMs = parseDuration(expiresIn)!
    return plan
  }

  #resolve(
    name: string,
    facts: RequestFacts,
    random: Random,
  ): { submit: SubmitInput; timeline: PlannedStep[] } | undefined {
    for (const rule of this.#entries.get(name)?.rules ?? []) {
      if (!rule.matches(facts, random)) continue
      if (rule.use === undefined) return rule
      const used = this.#resolve(rule.use, facts, random)
      // The using rule's own submit settings win over the used scenario's.
      if (used)
        return {
          submit: { ...used.submit, ...rule.submit, set: { ...used.submit.set, ...rule.submit.set } },
          timeline: used.timeline,
        }
    }
    return undefined
  }

  #check(): void {
    const issues = referenceIssues([...this.#entries.values()].map((entry) => entry.scenario))
    if (issues.length > 0) {
      throw Problem.invalid(
        issues.map(
          (issue): ValidationIssue => ({
            in: 'body',
            path: issue.path,
            message: `scenario "${issue.scenario}": ${issue.message}`,
          }),
        ),
      )
    }
  }
}
