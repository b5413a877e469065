// `genmock/node`: everything a Node user needs from one entry: the standalone server, started from
// code, and the in-process simulator of `genmock` (re-exported as it is).
export * from '../index.js'
export { leanHeap } from './lean-heap.js'
export { loadVideoSample, startServer, type RunningServer, type ServerOptions } from './server.js'
export { loadCalibration } from './calibration-files.js'
