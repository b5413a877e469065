// The control API's scenario handlers (docs/scenarios.md): list and read the scenarios, load one, choose the
// default.
import { scenarioChoiceSchema, scenarioSchema } from '../contract/control-requests.js'
import { Problem } from '../engine/problem.js'
import { json } from '../http/request-reply.js'
import { bodyOf, type Route } from './route-context.js'

export const SCENARIO_HANDLERS = {
  listScenarios: ({ engine }) => {
    const { defaultName, entries } = engine.scenarioList()
    const scenarios = entries.map(({ scenario, origin }) => ({
      name: scenario.name,
      description: scenario.description,
      origin,
      rules: scenario.rules.length,
    }))
    return json(200, { default: defaultName, scenarios })
  },
  getScenario: ({ engine, params }) => {
    const entry = engine.scenario(params.name!)
    if (!entry) {
      const known = engine.scenarioList().entries.map((e) => e.scenario.name)
      throw Problem.of({ kind: 'not-found', message: `Scenario not found; known: ${known.join(', ')}` })
    }
    return json(200, { ...entry.scenario, origin: entry.origin })
  },
  loadScenario: (c) => {
    const scenario = bodyOf(scenarioSchema, c)
    return json(c.engine.loadScenario(scenario) === 'created' ? 201 : 200, {
      name: scenario.name,
      rules: scenario.rules.length,
    })
  },
  chooseScenario: (c) => {
    c.engine.chooseScenario(bodyOf(scenarioChoiceSchema, c).name)
    return json(200, { default: c.engine.scenarioList().defaultName })
  },
} satisfies Record<string, Route>
