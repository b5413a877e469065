import { workerDoorSuite } from './worker-door.suite.js'

// The worker door with msw 2, genmock's lowest supported major.
workerDoorSuite('msw')
