// `genmock/node`: the standalone server, started from code.
export { loadVideoSample, startServer, type RunningServer, type ServerOptions } from './server.js'
export { leanHeap } from './lean-heap.js'
export { loadCalibration } from './calibration-files.js'
