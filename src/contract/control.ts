/** The control API under /__mock (README, Control API): its request and response schemas, by area. */
export * from './control-accounts.js'
export * from './control-clock.js'
export * from './control-journal.js'
export * from './control-scenarios.js'
export * from './control-simulator.js'
export * from './control-tasks.js'
export { scenarioChoiceSchema, scenarioSchema, transitionSchema } from './scenario.js'
