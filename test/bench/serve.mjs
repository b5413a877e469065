// One server of the bench, in a process of its own (the bench pins it to one core):
//   node [--expose-gc] test/bench/serve.mjs KIND [--fixed FILE] [--clock real|manual] [--max-tasks N] [--from DIR]
//     [--burn µs]
// KIND: genmock | genmock-against | genmock-metrics-off | genmock-state | genmock-msw | bare | express |
// msw-middleware | msw-getresponse.
// genmock-against is genmock's server built in another checkout, DIR (BENCH_AGAINST). --burn makes bare spend
// that many µs of CPU on each request before it answers (test/bench/budget.ts).
// Prints one JSON line on stdout, {"url": …, "source": …}, once it listens; then answers the bench's
// IPC messages (memory, stats, fill, gcStart/gcStop) and exits cleanly on SIGTERM/SIGINT or {op:'exit'}, so that a
// `--cpu-prof` profile gets written. Plain JavaScript on purpose: the baselines run with no loader;
// genmock runs from its build (dist/) when the package's exports point there, else from src/ via tsx.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Session } from 'node:inspector'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import v8 from 'node:v8'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    fixed: { type: 'string' },
    clock: { type: 'string' },
    'max-tasks': { type: 'string' },
    from: { type: 'string' },
    burn: { type: 'string' },
  },
})
const kind = positionals[0] ?? 'genmock'
const TASK_PATH = '/api/ai/tasks/'
const GENERATE_PATH = '/api/ai/image/generate'
const SOURCES = { '': 'src/index.ts', '/node': 'src/node/index.ts' }
const root = new URL('../../', import.meta.url)

/**
 * `genmock` or `genmock/node` as a user gets it: the built JavaScript when the exports map points there, else the
 * sources through tsx.
 */
async function genmock(sub) {
  if (values.from !== undefined) return builtIn(values.from, sub)
  if (process.env.BENCH_FROM !== 'src') {
    try {
      const url = import.meta.resolve(`genmock${sub}`)
      if (!/\.[cm]?ts$/.test(url) && existsSync(fileURLToPath(url)))
        return { module: await import(url), source: fileURLToPath(url).slice(fileURLToPath(root).length) }
    } catch {
      // no build, or exports that do not resolve here: the sources
    }
  }
  const { register } = await import('tsx/esm/api')
  register()
  return { module: await import(new URL(SOURCES[sub], root).href), source: `${SOURCES[sub]} (tsx)` }
}

/** `genmock${sub}` as built in another checkout: the ES module its package.json exports. */
async function builtIn(dir, sub) {
  const exported = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports?.[`.${sub}`]
  const file = join(dir, exported?.import?.default ?? exported?.default ?? '')
  if (!exported || !existsSync(file))
    throw new Error(`no built genmock${sub} in ${dir}: run npm ci && npm run build there`)
  return { module: await import(pathToFileURL(file).href), source: file }
}

/** What the baselines answer: genmock's own replies, captured once by the bench. */
const fixed = () => JSON.parse(readFileSync(values.fixed ?? '', 'utf8'))
const clock = { mode: values.clock === 'manual' ? 'manual' : 'real' }
const maxTasks = values['max-tasks'] === undefined ? undefined : Number(values['max-tasks'])

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((done) => {
            server.close(done)
            server.closeAllConnections()
          }),
      }),
    )
  })
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = []
    req
      .on('data', (chunk) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject)
  })
}

/** The two trivial msw handlers of the msw baselines. */
function trivialHandlers(msw, { snapshot, submission }) {
  const { http, HttpResponse } = msw
  return [
    http.get(`*${TASK_PATH}:id`, () => HttpResponse.json(JSON.parse(snapshot.body), { status: snapshot.status })),
    http.post(`*${GENERATE_PATH}`, async ({ request }) => {
      await request.arrayBuffer()
      return HttpResponse.json(JSON.parse(submission.body), { status: submission.status })
    }),
  ]
}

/**
 * node:http in, a Fetch Request to msw's getResponse, its Response written back: the leanest way to serve msw handlers.
 */
function getResponseAdapter(getResponse, handlers) {
  return async (req, res) => {
    const method = req.method ?? 'GET'
    const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
      method,
      headers: req.headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : await readBody(req),
    })
    const response = await getResponse(handlers, request)
    if (!response) return void res.writeHead(404).end()
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  }
}

/** An express 5 app with no etag and no x-powered-by. */
async function expressApp() {
  const { default: express } = await import('express')
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  return app
}

const servers = {
  /** genmock's standalone server, as `genmock` starts it (real clock unless --clock manual). */
  async genmock(metrics = true, state = undefined) {
    const { module, source } = await genmock('/node')
    module.leanHeap() // as the genmock command does
    const server = await module.startServer({
      port: 0,
      log: 'silent',
      clock,
      ...(maxTasks === undefined ? {} : { maxTasks }),
      ...(metrics ? {} : { metrics: false }),
      ...(state === undefined ? {} : { state }),
    })
    const close = () => server.close().finally(() => state && rmSync(state.dir, { recursive: true, force: true }))
    return { url: server.url, close, engine: server.engine, source }
  },
  /** genmock with --metrics off: the bench's measure of what counting costs (docs/performance.md). */
  'genmock-metrics-off'() {
    return servers.genmock(false)
  },
  /** genmock keeping its state in a fresh folder, each change saved before its answer (`--state-save request`). */
  'genmock-state'() {
    return servers.genmock(true, { dir: mkdtempSync(join(tmpdir(), 'genmock-bench-state-')), save: 'request' })
  },
  /** The same server built in another checkout (--from DIR): the bench's before, beside this one. */
  'genmock-against'() {
    return servers.genmock()
  },
  /** Context: genmock's routes as msw handlers (`createSimulator().handlers`), served through msw's getResponse. */
  async 'genmock-msw'() {
    const { module, source } = await genmock('')
    const { getResponse } = await import('msw')
    const { engine, handlers } = module.createSimulator({ clock, ...(maxTasks === undefined ? {} : { maxTasks }) })
    const server = await listen(createServer(getResponseAdapter(getResponse, handlers)))
    return { ...server, engine, source }
  },
  /** The ceiling: node:http, the captured JSON, one writeHead/end; a POST body is read and discarded. */
  async bare() {
    const { snapshot, submission } = fixed()
    const reply = ({ status, body }) => ({
      status,
      body: Buffer.from(body),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    const get = reply(snapshot)
    const post = reply(submission)
    const burnMs = Number(values.burn ?? 0) / 1000
    // Busy, not asleep: the CPU a request's own code would take, on the server's core.
    const burn = () => {
      for (const until = performance.now() + burnMs; performance.now() < until; );
    }
    const server = createServer((req, res) => {
      if (req.method === 'GET' && req.url.startsWith(TASK_PATH)) {
        if (burnMs > 0) burn()
        return void res.writeHead(get.status, get.headers).end(get.body)
      }
      if (req.method === 'POST' && req.url === GENERATE_PATH) {
        req
          .on('data', () => {})
          .on('end', () => {
            if (burnMs > 0) burn()
            res.writeHead(post.status, post.headers).end(post.body)
          })
        return
      }
      res.writeHead(404).end()
    })
    return { ...(await listen(server)), source: 'node:http' }
  },
  /** Context: an express 5 route per endpoint, no middleware. */
  async express() {
    const { snapshot, submission } = fixed()
    const app = await expressApp()
    app.get(`${TASK_PATH}:id`, (_req, res) => void res.status(snapshot.status).json(JSON.parse(snapshot.body)))
    app.post(GENERATE_PATH, (req, res) => {
      req.resume()
      req.on('end', () => res.status(submission.status).json(JSON.parse(submission.body)))
    })
    return { ...(await listen(createServer(app))), source: 'express' }
  },
  /** Context: trivial msw handlers behind express and @mswjs/http-middleware. */
  async 'msw-middleware'() {
    const msw = await import('msw')
    const { createMiddleware } = await import('@mswjs/http-middleware')
    const app = await expressApp()
    app.use(createMiddleware(...trivialHandlers(msw, fixed())))
    return { ...(await listen(createServer(app))), source: 'msw + @mswjs/http-middleware' }
  },
  /** Context: trivial msw handlers on node:http through msw's getResponse. */
  async 'msw-getresponse'() {
    const msw = await import('msw')
    return {
      ...(await listen(createServer(getResponseAdapter(msw.getResponse, trivialHandlers(msw, fixed()))))),
      source: 'msw getResponse',
    }
  },
}

if (!(kind in servers)) {
  process.stderr.write(`serve.mjs: unknown server "${kind}"; one of ${Object.keys(servers).join(', ')}\n`)
  process.exit(2)
}
const server = await servers[kind]()

let closing = false
async function exit() {
  if (closing) return
  closing = true
  await server.close()
  process.exit(0) // a normal exit: --cpu-prof writes its profile
}
process.on('SIGTERM', exit).on('SIGINT', exit).on('disconnect', exit) // disconnect: the bench is gone

/** Live heap after full collections when --expose-gc is on (else it includes garbage). */
function heapUsed() {
  globalThis.gc?.()
  globalThis.gc?.()
  return process.memoryUsage().heapUsed
}

const taskCount = () => server.engine.storedTasks

/** A CPU profile of this process over a window the bench chooses (startup left out), through the inspector. */
let session
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  )

/** The garbage collector over a window the bench chooses (v8.GCProfiler: every collection's heap before and after). */
let gcWindow

const ops = {
  memory: () => {
    const live = heapUsed()
    const { rss, heapTotal, external, arrayBuffers } = process.memoryUsage()
    return { rss, heapUsed: live, heapTotal, external, arrayBuffers }
  },
  stats: () => ({ tasks: taskCount(), pendingEvents: server.engine.pendingEvents }),
  /**
   * Submits image tasks with engine.submit (no HTTP) until the store holds `size`;
   * the heap it took and the time per submission.
   */
  async fill({ size, apiKey, body }) {
    const account = server.engine.authenticate({ kind: 'key', key: apiKey })
    const request = JSON.parse(body)
    const before = heapUsed()
    let stored = taskCount()
    const added = size - stored
    const started = performance.now()
    for (; stored < size; stored++) await server.engine.submit(account, 'image', request)
    const ms = performance.now() - started
    return { added, ms, heapBytes: heapUsed() - before, tasks: taskCount() }
  },
  async profileStart({ intervalMicros = 250 }) {
    session = new Session()
    session.connect()
    await post('Profiler.enable')
    await post('Profiler.setSamplingInterval', { interval: intervalMicros })
    await post('Profiler.start')
    return {}
  },
  /** Stops the profile and writes it as a .cpuprofile (the format `node --cpu-prof` writes). */
  async profileStop({ file }) {
    const { profile } = await post('Profiler.stop')
    session.disconnect()
    writeFileSync(file, JSON.stringify(profile))
    return { file }
  },
  /** Sampled allocations, those collected since included (what a request allocates, not what it keeps). */
  async allocStart({ intervalBytes = 1024 }) {
    session = new Session()
    session.connect()
    await post('HeapProfiler.enable')
    await post('HeapProfiler.startSampling', {
      samplingInterval: intervalBytes,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    })
    return {}
  },
  /** Stops sampling and writes a .heapprofile (Chrome DevTools' format). */
  async allocStop({ file }) {
    const { profile } = await post('HeapProfiler.stopSampling')
    session.disconnect()
    writeFileSync(file, JSON.stringify(profile))
    return { file }
  },
  gcStart() {
    gcWindow = { profiler: new v8.GCProfiler(), from: v8.getHeapStatistics().used_heap_size }
    gcWindow.profiler.start()
    return {}
  },
  /**
   * Bytes allocated since gcStart (what each collection found, less what the one before left, plus the
   * growth since the last) and the main thread's time in collections, in ms.
   */
  gcStop() {
    const { statistics } = gcWindow.profiler.stop()
    let allocated = 0
    let left = gcWindow.from
    let pauseMicros = 0
    for (const { cost, beforeGC, afterGC } of statistics) {
      allocated += beforeGC.heapStatistics.usedHeapSize - left
      left = afterGC.heapStatistics.usedHeapSize
      pauseMicros += cost
    }
    allocated += v8.getHeapStatistics().used_heap_size - left
    return { allocatedBytes: allocated, gcMs: pauseMicros / 1000, collections: statistics.length }
  },
  exit,
}

process.on('message', async ({ id, op, args }) => {
  try {
    if (!(op in ops)) throw new Error(`unknown op ${op}`)
    if ((op === 'stats' || op === 'fill') && !server.engine) throw new Error(`${kind} has no engine`)
    process.send?.({ id, result: await ops[op](args ?? {}) })
  } catch (error) {
    process.send?.({ id, error: String(error?.stack ?? error) })
  }
})

process.stdout.write(`${JSON.stringify({ url: server.url, source: server.source, pid: process.pid })}\n`)
