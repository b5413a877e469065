import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import {
  docExample,
  exec,
  INSTALL_MS,
  NODE_LINES,
  projects,
  ROOT,
  RUN_MS,
  registryNode,
  writeFiles,
} from './support.js'

/**
 * The installed package run by plain Node, the way users run it: ES modules and CommonJS on
 * Node 20 with msw 2, ES modules on Node 22, 24 and 26 with msw 3; and the test examples of docs/msw-node.md.
 */

/** The package's fixtures/sample.mp4, which completed video tasks serve. */
const SAMPLE_MP4_BYTES = statSync(join(ROOT, 'fixtures', 'sample.mp4')).size

/**
 * One script, as an ES module or a CommonJS one: through genmock/node, an image task and a video
 * task go from submitted to completed on the manual clock, and their media are served (the video
 * being the package's own fixtures/sample.mp4); then the same image flow in-process, through
 * genmock's handlers in the project's own msw/node.
 */
function flowScript(kind: 'esm' | 'cjs'): string {
  const imports =
    kind === 'esm'
      ? "import { startServer, loadVideoSample } from 'genmock/node'\n" +
        "const load = async () => ({ ...(await import('genmock')), ...(await import('msw/node')) })\n"
      : "const { startServer, loadVideoSample } = require('genmock/node')\n" +
        "const load = async () => ({ ...require('genmock'), ...require('msw/node') })\n"
  const body = `
const headers = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }
const json = async (res) => ({ status: res.status, body: await res.json() })
const out = {}

const server = await startServer({ port: 0, clock: { mode: 'manual' }, seed: 7 })
const post = (path, body) => \
fetch(server.url + path, { method: 'POST', headers, body: JSON.stringify(body) }).then(json)
const get = (path) => fetch(server.url + path, { headers }).then(json)
const image = await post('/api/ai/image/generate', { model: 'base-image-2', prompt: 'a red fox in the snow' })
const video = await post('/api/ai/video/generate', \
{ model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' })
out.submitted = [image.status, video.status, image.body.status, video.body.status]
await post('/__mock/clock/advance', { seconds: 600 })
const imageTask = (await get('/api/ai/tasks/' + image.body.taskId)).body
const videoTask = (await get('/api/ai/tasks/' + video.body.taskId)).body
out.completed = [imageTask.status, videoTask.status]
const png = await fetch(imageTask.outputImageUrls[0], { headers })
const mp4 = await fetch(videoTask.outputVideoUrl, { headers })
out.media = [png.status, png.headers.get('content-type'), mp4.status, (await mp4.arrayBuffer()).byteLength]
out.sample = loadVideoSample().byteLength
// Loaded on demand, from the ES module build even in CommonJS (a native import()).
const docs = await Promise.all(['/openapi.json', '/__mock/openapi.json'].map((path) => get(path)))
const page = await fetch(server.url + '/__mock/').then((res) => res.text())
out.onDemand = \
[...docs.map((doc) => doc.status + ' ' + doc.body.openapi), page.includes('<title>genmock dashboard</title>')]
await server.close()

// The in-process part needs msw, whose own CommonJS build requires ES modules (rettime).
if (process.argv[2] === 'server-only') return void console.log(JSON.stringify(out))
const { createSimulator, setupServer } = await load()
const simulator = createSimulator({ seed: 7, clock: { mode: 'manual' } })
const msw = setupServer(...simulator.handlers)
msw.listen()
const base = 'https://api.example.com'
const submitted = await fetch(base + '/api/ai/image/generate', \
{ method: 'POST', headers, body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }) }).then(json)
simulator.engine.advanceClock(600)
const task = await fetch(base + '/api/ai/tasks/' + submitted.body.taskId, { headers }).then(json)
out.inProcess = [submitted.status, task.body.status]
msw.close()
console.log(JSON.stringify(out))
`
  return `${imports};(async () => {${body}})().catch((error) => { console.error(error); process.exitCode = 1 })\n`
}

const EXPECTED = {
  submitted: [200, 200, 0, 0],
  completed: [1, 1],
  media: [200, 'image/png', 200, SAMPLE_MP4_BYTES],
  sample: SAMPLE_MP4_BYTES,
  onDemand: ['200 3.1.0', '200 3.1.0', true],
  inProcess: [200, 1],
}

/**
 * Node 20.19 and later can require() an ES module; Jest's own require() cannot before Node 24.9,
 * nor can older Node. With this flag Node cannot either, so a run proves that every module
 * genmock's CommonJS build requires is CommonJS. msw 2.13+ itself requires an ES module (rettime),
 * so the flag is kept off msw.
 */
const NO_REQUIRE_ESM = '--no-experimental-require-module'

/** Jest's globals, stood in for by node:test and node:assert, for the Jest example of docs/msw-node.md. */
const JEST_GLOBALS = `
const { test, before, after, afterEach, beforeEach, describe } = require('node:test')
const assert = require('node:assert/strict')
Object.assign(globalThis, { test, it: test, describe, beforeAll: before, afterAll: after, afterEach, beforeEach })
globalThis.expect = (actual) => ({
  toBe: (expected) => assert.strictEqual(actual, expected),
  toEqual: (expected) => assert.deepStrictEqual(actual, expected),
  toHaveLength: (length) => assert.strictEqual(actual.length, length),
})
`

describe.concurrent('the installed package on Node 20 with msw 2', () => {
  it(
    'runs the flow as an ES module through genmock/node and genmock',
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'flow.mjs': flowScript('esm') })
      const { stdout } = await exec(process.execPath, ['flow.mjs'], { cwd: dir })
      expect(JSON.parse(stdout)).toEqual(EXPECTED)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'runs the flow as CommonJS, through require()',
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'flow.cjs': flowScript('cjs') })
      const { stdout } = await exec(process.execPath, ['flow.cjs'], { cwd: dir })
      expect(JSON.parse(stdout)).toEqual(EXPECTED)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'runs genmock/node as CommonJS where require() cannot load ES modules (Jest before Node 24.9, Node before 20.19)',
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'flow.cjs': flowScript('cjs') })
      const { stdout } = await exec(process.execPath, [NO_REQUIRE_ESM, 'flow.cjs', 'server-only'], { cwd: dir })
      const { inProcess, ...expected } = EXPECTED
      expect(JSON.parse(stdout)).toEqual(expected)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    'runs the plain Node example of docs/msw-node.md',
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'try-genmock.mjs': docExample('msw-node.md', '## Plain Node') })
      const { stdout } = await exec(process.execPath, ['try-genmock.mjs'], { cwd: dir })
      expect(stdout).toMatch(/^1 \[\s*'http:\/\/127\.0\.0\.1:\d+\/media\/images\/tsk_\w+\/0\.png'\s*\]\n$/)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    "runs the Vitest example of docs/msw-node.md with the project's own vitest",
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, { 'readme-vitest/genmock.test.ts': docExample('msw-node.md', '## Vitest') })
      const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs')
      const { stdout } = await exec(
        process.execPath,
        [vitest, 'run', '--root', 'readme-vitest', '--reporter', 'verbose'],
        { cwd: dir },
      )
      expect(stdout).toMatch(/1 passed/)
    },
    INSTALL_MS + RUN_MS,
  )

  it(
    "runs the Jest example of docs/msw-node.md as CommonJS (Jest's globals from node:test)",
    async ({ expect }) => {
      const dir = await projects.msw2()
      writeFiles(dir, {
        'readme-jest/jest-globals.cjs': JEST_GLOBALS,
        'readme-jest/genmock.test.cjs': docExample('msw-node.md', '## Jest'),
      })
      const { stdout } = await exec(
        process.execPath,
        [
          '--require',
          './readme-jest/jest-globals.cjs',
          '--test',
          '--test-reporter',
          'tap',
          'readme-jest/genmock.test.cjs',
        ],
        { cwd: dir },
      )
      expect(stdout).toMatch(/# pass 1\n/)
      expect(stdout).toMatch(/# fail 0\n/)
    },
    INSTALL_MS + RUN_MS,
  )
})

for (const line of NODE_LINES) {
  describe.concurrent(`the installed package on Node ${line} with msw 3`, () => {
    it(
      'runs the flow as an ES module through genmock/node and genmock',
      async ({ expect }) => {
        const [dir, node] = await Promise.all([projects.msw3(), registryNode(line)])
        writeFiles(dir, { 'flow.mjs': flowScript('esm') })
        const { stdout } = await exec(node, ['flow.mjs'], { cwd: dir })
        expect(JSON.parse(stdout)).toEqual(EXPECTED)
        const msw = JSON.parse(readFileSync(join(dir, 'node_modules', 'msw', 'package.json'), 'utf8'))
        expect(msw.version).toMatch(/^3\./)
        expect((await exec(node, ['--version'], { cwd: dir })).stdout).toMatch(new RegExp(`^v${line}\\.`))
      },
      2 * INSTALL_MS + RUN_MS,
    )

    it(
      'runs the plain Node example of docs/msw-node.md',
      async ({ expect }) => {
        const [dir, node] = await Promise.all([projects.msw3(), registryNode(line)])
        writeFiles(dir, { 'try-genmock.mjs': docExample('msw-node.md', '## Plain Node') })
        const { stdout } = await exec(node, ['try-genmock.mjs'], { cwd: dir })
        expect(stdout).toMatch(/^1 \[\s*'http:\/\/127\.0\.0\.1:\d+\/media\/images\/tsk_\w+\/0\.png'\s*\]\n$/)
      },
      2 * INSTALL_MS + RUN_MS,
    )
  })
}
