import { setup } from './engine.js'
import { testcontainersSuite } from './testcontainers-suite.js'

/**
 * genmock/testcontainers on docker itself when the engine is podman: the tests' own dockerd, with
 * the image built on it too (global-setup.ts). Skipped where no dockerd is installed.
 */

const { engine, dockerd } = setup()
testcontainersSuite("the tests' own dockerd", engine === 'podman' ? dockerd : undefined)
