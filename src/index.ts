// `genmock`: the simulator in-process, as msw handlers for setupServer or setupWorker.
export { createSimulator, Engine, type Simulator, type SimulatorOptions } from './handlers/index.js'
