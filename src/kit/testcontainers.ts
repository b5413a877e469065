/**
 * `genmock/testcontainers` (docs/containers-and-ci.md, Testcontainers): genmock's image as a
 * Testcontainers module, for tests in Node that start it in Docker or podman. `testcontainers` is
 * an optional peer dependency: only this entry imports it.
 * @example
 * const genmock = await new GenmockContainer('genmock:latest').withSeed(7).withScenario('flaky').start()
 * const world = await genmock.world() // { baseUrl, apiKey, clock, findings, … }
 * await genmock.stop()
 */
import {
  AbstractStartedContainer,
  GenericContainer,
  getContainerRuntimeClient,
  getReaper,
  type StartedTestContainer,
  Wait,
} from 'testcontainers'
import {
  assertWorldClean,
  type Control,
  createWorld,
  httpControl,
  type World,
  type WorldOptions,
} from './test-world.js'

/** The port genmock listens on inside its image. */
export const GENMOCK_PORT = 4600

/** A genmock container to start: each `with…` sets the GENMOCK_* variable of that option. */
export class GenmockContainer extends GenericContainer {
  #adminToken: string | undefined

  /** `image`: a genmock image, such as the `genmock:latest` that `npm run build:image` builds. */
  constructor(image = 'genmock:latest') {
    super(image)
    this.withExposedPorts(GENMOCK_PORT).withStartupTimeout(60_000)
  }

  /** `--seed N`: task ids and durations repeat run after run. */
  withSeed(seed: number): this {
    return this.withEnvironment({ GENMOCK_SEED: String(seed) })
  }

  /** `--scenario NAME`: the scenario requests get when nothing else picks one. */
  withScenario(name: string): this {
    return this.withEnvironment({ GENMOCK_SCENARIO: name })
  }

  /** `--clock real|manual` (and `--speed N` for a real clock). */
  withClock(mode: 'real' | 'manual', speed?: number): this {
    return this.withEnvironment({
      GENMOCK_CLOCK: mode,
      ...(speed === undefined ? {} : { GENMOCK_SPEED: String(speed) }),
    })
  }

  /** `--strict`: requests that break an error rule of the interface are refused. */
  withStrict(strict = true): this {
    return this.withEnvironment({ GENMOCK_STRICT: strict ? '1' : '0' })
  }

  /** `--scenarios DIR`: this folder of the host's scenario files, copied in. */
  withScenarioFiles(dir: string): this {
    return this.withCopyDirectoriesToContainer([{ source: dir, target: '/home/node/scenarios' }]).withEnvironment({
      GENMOCK_SCENARIOS: '/home/node/scenarios',
    })
  }

  /** Locks the control API with this token; the started container's control and worlds send it. */
  withAdminToken(token: string): this {
    this.#adminToken = token
    return this.withEnvironment({ GENMOCK_ADMIN_TOKEN: token })
  }

  override async start(): Promise<StartedGenmockContainer> {
    await ryukStarted()
    // The health route answers once genmock listens; with a token it needs the token.
    this.withWaitStrategy(
      Wait.forHttp('/__mock/health', GENMOCK_PORT).withHeaders(
        this.#adminToken ? { Authorization: `Bearer ${this.#adminToken}` } : {},
      ),
    )
    return new StartedGenmockContainer(await super.start(), this.#adminToken)
  }
}

/**
 * Starts Testcontainers' clean-up container, Ryuk, as `start()` would (it is started once and then
 * reused), so that a Ryuk that cannot be pulled is reported as that, with the way out, rather
 * than as a registry's error about an image the test never named (docs/containers-and-ci.md,
 * Testcontainers).
 */
async function ryukStarted(): Promise<void> {
  const client = await getContainerRuntimeClient()
  try {
    await getReaper(client)
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]
    throw new Error(
      'genmock: Testcontainers could not start Ryuk, its clean-up container (testcontainers/ryuk, pulled ' +
        `from Docker Hub or RYUK_CONTAINER_IMAGE): ${reason}. Where no registry is reachable, or on podman, ` +
        'set TESTCONTAINERS_RYUK_DISABLED=true and stop the container in an afterAll (docs/containers-and-ci.md)',
      { cause: error },
    )
  }
}

/** A running genmock container: its base URL, its control API and a world per test. */
export class StartedGenmockContainer extends AbstractStartedContainer {
  /** The service's base_url as this machine reaches it, such as `http://localhost:32771`. */
  readonly baseUrl: string
  /** A control API call: `await genmock.control('POST', '/__mock/clock/advance', { seconds: 12 })`. */
  readonly control: Control

  constructor(started: StartedTestContainer, adminToken?: string) {
    super(started)
    this.baseUrl = `http://${started.getHost()}:${started.getMappedPort(GENMOCK_PORT)}`
    this.control = httpControl(this.baseUrl, adminToken)
  }

  /** A fresh account with its own key and clock, and its views (tasks, journal, findings, coverage). */
  world(options: WorldOptions = {}): Promise<World> {
    return createWorld(this.control, this.baseUrl, options)
  }
}

export { assertWorldClean }
export type { Control, World, WorldOptions }
export type { WorldClock } from './test-world.js'
