import { setup } from './engine.js'
import { testcontainersSuite } from './testcontainers-suite.js'

/**
 * genmock/testcontainers against the engine's Docker API: podman's system service that
 * global-setup.ts opens (or dockerd's own socket when docker is the engine).
 */

testcontainersSuite(setup().engine === 'podman' ? "podman's Docker API" : "docker's Docker API", setup().dockerHost)
