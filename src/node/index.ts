// `genmock/node`: the standalone server, started from code, with the types of `genmock` and its values
// that load no msw (a CommonJS require() of genmock/node must work where require() cannot load ES
// modules, as msw's dependencies are). createSimulator comes from `genmock`.
export type * from '../index.js'
export { ID_STYLES } from '../contract/id-style.js'
export { OUTCOME_NAMES } from '../contract/outcomes.js'
export { SPARSE_MODES } from '../contract/sparse.js'
export { CONFORMANCE_RULES } from '../engine/journal/conformance.js'
export { journalToHar } from '../reports/har.js'
export { loadCalibration } from './files/calibration-files.js'
export { loadScenarios } from './files/scenario-files.js'
export { leanHeap } from './server/lean-heap.js'
export { startServer, type RunningServer, type ServerOptions } from './server/server.js'
export { loadVideoSample } from './server/package-file.js'
