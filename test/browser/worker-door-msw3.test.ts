import { workerDoorSuite } from './worker-door.suite.js'

// The worker door with msw 3, the major a new app installs today.
workerDoorSuite('msw3')
