import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for the real service, written apart from genmock's engine: it follows the interface,
 * and departs from genmock's defaults on purpose, once each (DEPARTURES). Tasks move on reads: the
 * first read of a task answers pending, the next one terminal (a relay task passes "processing").
 */
export const DEPARTURES = [
  // Submissions succeed with 202 (genmock: 200).
  { kind: 'success-status', place: 'POST /api/ai/image/generate', calibrates: true },
  { kind: 'success-status', place: 'POST /api/ai/video/generate', calibrates: true },
  // Submission answers carry queuePosition, a field genmock never sends.
  { kind: 'extra-field', place: 'submission.queuePosition', calibrates: false },
  // video-d costs 60 (genmock's simulator price: 80).
  { kind: 'price', place: 'video-d 8', calibrates: true },
  // negativePrompt is accepted on base-image-pro (genmock refuses it there).
  { kind: 'validation-looser', place: 'image negativePrompt', calibrates: false },
  // Video prompts are capped at 1000 characters (genmock: 5000).
  { kind: 'validation-stricter', place: 'video prompt', calibrates: false },
  // A failed general-image-2 task says PROVIDER_TIMEOUT, and relay tasks pass "processing".
  { kind: 'unknown-error-code', place: 'PROVIDER_TIMEOUT', calibrates: true },
  { kind: 'unknown-relay-status', place: 'processing', calibrates: true },
] as const

export const STAND_IN_KEY = 'sk_live_standin_0123456789'

const PRICES: Record<string, number> = {
  'vendor-a/base-image': 3,
  'general-image-2': 5,
  'video-d': 60,
  'video-d_fast': 40,
}
const TIERS: Record<string, Record<string, number>> = {
  'base-image-2': { '1K': 4, '2K': 6, '4K': 8 },
  'base-image-pro': { '2K': 12, '4K': 20 },
}
const RELAY: Record<string, Record<string, number>> = { 'base-image-2': { '1K': 5, '2K': 7, '4K': 10 } }

interface Task {
  id: string
  type: 'image' | 'video'
  model: string
  prompt: string
  credits: number
  relay: boolean
  fail: boolean
  outputs: number
  reads: number
  created: string
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'set-cookie': 'sid=secret-session; Path=/' }).end(text)
}
const invalid = (res: ServerResponse, path: string, message: string) =>
  send(res, 400, { error: 'Invalid request', details: { issues: [{ in: 'body', path, message }] } })

async function json(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>
}

function imagePrice(body: Record<string, unknown>, res: ServerResponse): number | undefined {
  const model = String(body.model)
  const n = typeof body.numOutputs === 'number' ? body.numOutputs : 1
  if (n < 1 || n > 10) return void invalid(res, 'numOutputs', 'must be 1 to 10')
  if (body.provider === 'relay') return RELAY[model]![String(body.resolution)]! * n
  if (TIERS[model]) return TIERS[model][model === 'base-image-pro' ? '2K' : '1K']! * n
  return model === 'vendor-a/base-image' ? PRICES[model]! : PRICES[model]! * n
}

/** Starts the stand-in on a free port; `url` is its base_url. */
export async function startStandIn(): Promise<{ url: string; close(): Promise<void> }> {
  const tasks = new Map<string, Task>()
  let next = 0
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    if (url.pathname.startsWith('/files/')) return res.writeHead(200, { 'content-type': 'image/png' }).end('PNG')
    if (req.headers.authorization !== `Bearer ${STAND_IN_KEY}` && req.headers.authorization !== 'Bearer sk_live_poor')
      // A careless service that echoes a key in a body: genmock must not keep it anywhere.
      return send(res, 401, { error: 'Unauthorized', hint: `send Authorization: Bearer ${STAND_IN_KEY}` })
    if (req.method === 'POST' && /^\/api\/ai\/(image|video)\/generate$/.test(url.pathname)) {
      const body = await json(req)
      const type: Task['type'] = url.pathname.includes('image') ? 'image' : 'video'
      const prompt = String(body.prompt ?? '')
      if (type === 'video' && prompt.length > 1000) return invalid(res, 'prompt', 'must be at most 1000 characters')
      const credits = type === 'video' ? PRICES[String(body.model)]! : imagePrice(body, res)
      if (credits === undefined) return
      if (req.headers.authorization === 'Bearer sk_live_poor')
        return send(res, 402, { error: 'Insufficient credits', required: credits })
      const relay = body.provider === 'relay'
      const id = `job-${++next}`
      const outputs = typeof body.numOutputs === 'number' ? body.numOutputs : 1
      const created = new Date().toISOString()
      const task = { id, type, model: String(body.model), prompt, credits, relay, outputs, reads: 0, created }
      tasks.set(id, { ...task, fail: prompt.includes('fail') })
      return send(res, 202, { ...fields(tasks.get(id)!, 0, url.origin), queuePosition: 0 })
    }
    const task = tasks.get(decodeURIComponent(url.pathname.slice('/api/ai/tasks/'.length)))
    if (req.method !== 'GET' || !url.pathname.startsWith('/api/ai/tasks/') || !task)
      return send(res, 404, { error: 'Task not found' })
    task.reads += 1
    send(res, 200, snapshot(task, `http://${req.headers.host}`))
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function fields(task: Task, status: number, _origin: string) {
  const relayStatus = status === 0 ? (task.reads === 0 ? 'queued' : 'processing') : 'succeeded'
  return {
    taskId: task.id,
    status,
    creditsUsed: task.credits,
    creditRefunded: status === 2,
    providerTaskId: `p-${task.id}`,
    requestId: `r-${task.id}`,
    httpRequestId: `h-${task.id}`,
    submissionUncertain: false,
    effectiveWatermark: false,
    demo: false,
    ...(task.relay
      ? { upstreamHttpStatus: 200, relayStatus, pollAfterSeconds: 5, expiresAt: '2099-01-01T00:00:00.000Z' }
      : {}),
  }
}

function snapshot(task: Task, origin: string) {
  const terminal = task.reads >= (task.relay ? 3 : 2)
  const status = !terminal ? 0 : task.fail ? 2 : 1
  return {
    ...fields(task, status, origin),
    id: task.id,
    type: task.type,
    model: task.model,
    prompt: task.prompt,
    createdAt: task.created,
    updatedAt: new Date().toISOString(),
    ...(status === 2 ? { errorCode: 'PROVIDER_TIMEOUT', errorMessage: 'The provider timed out' } : {}),
    ...(status === 1 && task.type === 'image'
      ? { outputImageUrls: Array.from({ length: task.outputs }, (_, i) => `${origin}/files/${task.id}-${i}.png`) }
      : {}),
    ...(status === 1 && task.type === 'video' ? { outputVideoUrl: `${origin}/files/${task.id}.mp4` } : {}),
  }
}
