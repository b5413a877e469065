/**
 * What the control API's routes read (docs/control-api.md), by area. What they answer is in
 * control-answers.ts, imported by the control document alone so the route core does not carry it.
 */
export * from './control-accounts.js'
export * from './control-clock.js'
export * from './control-journal.js'
export * from './control-simulator.js'
export * from './control-tasks.js'
export { scenarioChoiceSchema, scenarioSchema, transitionSchema } from './scenario.js'
