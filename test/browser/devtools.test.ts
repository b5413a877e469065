import { devtoolsSuite } from './devtools.suite.js'

// The worker door's devtools and persistence with msw 2.
devtoolsSuite('msw')
