import { join } from 'node:path'
import { describe, it } from 'vitest'
import { exec, INSTALL_MS, projects, ROOT, RUN_MS, registryNode, writeFiles } from './support.js'

/**
 * A strict TypeScript consumer of the installed package: every entry point, with setupServer and
 * setupWorker from the project's own msw (so genmock's handlers must be that msw's handlers),
 * with the library checks on, under both module resolutions a current project uses.
 */

const CONSUMER = `import { setupWorker } from 'msw/browser'
import { setupServer } from 'msw/node'
import { createSimulator, type Finding, type Simulator, type SimulatorOptions } from 'genmock'
import { loadVideoSample, startServer, type RunningServer, type ServerOptions } from 'genmock/node'
import { bundledScenarios, mountDashboard, startWorker, type RunningWorker, type WorkerOptions } from 'genmock/browser'

const options: SimulatorOptions = { seed: 7, clock: { mode: 'manual' }, videoSample: loadVideoSample() }
const simulator: Simulator = createSimulator(options)
const server = setupServer(...simulator.handlers)
const worker = setupWorker(...simulator.handlers)
server.listen()
const first = simulator.handlers[0]
if (first !== undefined) server.use(first)
simulator.engine.advanceClock(12)
const findings: readonly Finding[] = simulator.conformance.findings()

const serverOptions: ServerOptions = \
{ port: 0, clock: { mode: 'manual' }, allowedHosts: ['genmock.test'], corsOrigins: ['*'] }
const running: RunningServer = await startServer(serverOptions)
const url: string = running.url
await running.close()

const workerOptions: WorkerOptions = { seed: 7, scenario: 'flaky', serviceWorkerUrl: '/mockServiceWorker.js' }
const started: RunningWorker = await startWorker(workerOptions)
started.worker.use(...simulator.handlers)
const unmount: () => void = mountDashboard()
unmount()
started.stop()
worker.stop()
server.close()
export { bundledScenarios, findings, url }
`

const STRICT = {
  target: 'es2022',
  lib: ['es2023', 'dom', 'dom.iterable'],
  types: ['node'],
  strict: true,
  skipLibCheck: false,
  erasableSyntaxOnly: true,
  verbatimModuleSyntax: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
}

const RESOLUTIONS = {
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
}

/** The repository's own TypeScript (the consumer's tsconfig decides where types come from). */
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')

/** msw 2 on Node 20 (this one), msw 3 on Node 22 (the oldest line msw 3 takes), as the projects run. */
const SETUPS = [
  ['msw 2 on Node 20', projects.msw2, async () => process.execPath],
  ['msw 3 on Node 22', projects.msw3, () => registryNode(22)],
] as const

for (const [label, makeProject, nodeBinary] of SETUPS) {
  describe.concurrent(`a strict TypeScript consumer with ${label}`, () => {
    for (const [resolution, compilerOptions] of Object.entries(RESOLUTIONS)) {
      it(
        `type-checks genmock, genmock/node and genmock/browser with moduleResolution ${resolution}`,
        async ({ expect }) => {
          const [dir, node] = await Promise.all([makeProject(), nodeBinary()])
          const folder = `strict-${resolution}`
          writeFiles(dir, {
            [`${folder}/consumer.ts`]: CONSUMER,
            [`${folder}/tsconfig.json`]: JSON.stringify(
              { compilerOptions: { ...STRICT, ...compilerOptions }, files: ['consumer.ts'] },
              null,
              2,
            ),
          })
          const { code, stdout, stderr } = await exec(node, [TSC, '-p', folder], { cwd: dir, allowFailure: true })
          expect(`${stdout}${stderr}`).toBe('')
          expect(code).toBe(0)
        },
        2 * INSTALL_MS + RUN_MS,
      )
    }
  })
}

/** The test kit's Vitest and Jest entries, as a TypeScript test file uses them (Playwright's in kit.test.ts). */
const KIT_CONSUMER = `import type { CoverageReport, OutcomeName } from 'genmock'
import { type Genmock, useGenmock } from 'genmock/jest'
import { expectCoverage, genmockTest, test, type World } from 'genmock/vitest'

const kit = genmockTest({ url: 'http://127.0.0.1:4600', world: { credits: 5, strict: true } })
test('a world', async ({ world }) => {
  const mine: World = world
  const report: CoverageReport = await mine.coverage()
  const first: OutcomeName | undefined = report.outcomes[0]?.name
  const now: string = (await mine.clock.advance(5)).now
  return [first, now, mine.baseUrl, mine.apiKey, (await mine.findings())[0]?.rule]
})
kit.expectCoverage(['image-completed'])
expectCoverage(['all'])
export const jest: (options?: { seed?: number }) => Genmock = useGenmock
`

describe.concurrent('a strict TypeScript consumer of the test kit with msw 2 on Node 20', () => {
  for (const [resolution, compilerOptions] of Object.entries(RESOLUTIONS)) {
    it(
      `type-checks genmock/vitest and genmock/jest with moduleResolution ${resolution}`,
      async ({ expect }) => {
        const dir = await projects.msw2()
        const folder = `kit-${resolution}`
        writeFiles(dir, {
          [`${folder}/consumer.ts`]: KIT_CONSUMER,
          [`${folder}/tsconfig.json`]: JSON.stringify(
            { compilerOptions: { ...STRICT, ...compilerOptions }, files: ['consumer.ts'] },
            null,
            2,
          ),
        })
        const { code, stdout, stderr } = await exec(process.execPath, [TSC, '-p', folder], {
          cwd: dir,
          allowFailure: true,
        })
        expect(`${stdout}${stderr}`).toBe('')
        expect(code).toBe(0)
      },
      INSTALL_MS + RUN_MS,
    )
  }
})
