// The references a set of scenarios makes (`use`, account scenarios, the default): each must resolve.
import type { Scenario } from '../../contract/scenario.js'

/** The scenario every other one falls through to. */
export const DEFAULT = 'default'

/**
 * Every reference a set of scenarios makes must resolve: `use` targets and account scenarios name
 * a scenario of the set, `use` never loops, and `default` exists. Issues name the scenario and the
 * path inside it.
 * @example
 * referenceIssues([scenario])
 * // [{ scenario: 'mine', path: 'rules.1.use', message: 'names no scenario "nope"; known: default, mine' }]
 */
export function referenceIssues(scenarios: readonly Scenario[]): { scenario: string; path: string; message: string }[] {
  const byName = new Map(scenarios.map((s) => [s.name, s]))
  const known = `known: ${[...byName.keys()].sort().join(', ')}`
  const issues: { scenario: string; path: string; message: string }[] = []
  if (!byName.has(DEFAULT))
    issues.push({ scenario: DEFAULT, path: '', message: 'is missing: every other scenario falls through to it' })
  for (const scenario of scenarios) {
    scenario.rules.forEach((rule, i) => {
      if (rule.use !== undefined && !byName.has(rule.use))
        issues.push({
          scenario: scenario.name,
          path: `rules.${i}.use`,
          message: `names no scenario "${rule.use}"; ${known}`,
        })
    })
    for (const [id, account] of Object.entries(scenario.accounts ?? {})) {
      if (account.scenario !== undefined && !byName.has(account.scenario)) {
        issues.push({
          scenario: scenario.name,
          path: `accounts.${id}.scenario`,
          message: `names no scenario "${account.scenario}"; ${known}`,
        })
      }
    }
    const cycle = useCycle(scenario.name, byName)
    if (cycle)
      issues.push({ scenario: scenario.name, path: 'rules', message: `uses itself through ${cycle.join(' → ')}` })
  }
  return issues
}

function useCycle(start: string, byName: Map<string, Scenario>): string[] | undefined {
  const walk = (name: string, path: string[]): string[] | undefined => {
    for (const rule of byName.get(name)?.rules ?? []) {
      if (rule.use === undefined) continue
      if (rule.use === start) return [...path, start]
      if (!path.includes(rule.use)) {
        const found = walk(rule.use, [...path, rule.use])
        if (found) return found
      }
    }
    return undefined
  }
  return walk(start, [start])
}
