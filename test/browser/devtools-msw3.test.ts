import { devtoolsSuite } from './devtools.suite.js'

// The worker door's devtools and persistence with msw 3, the major a new app installs today.
devtoolsSuite('msw3')
