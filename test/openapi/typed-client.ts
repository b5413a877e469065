import createClient from 'openapi-fetch'
import type { paths as controlPaths } from './control.js'
import type { paths } from './service.js'

/**
 * A client typed only by the documents: openapi-typescript (default options) generated
 * service.d.ts and control.d.ts from /openapi.json and /__mock/openapi.json, and openapi-fetch
 * sends the requests. It runs a full image, relay and video flow, omitting every field genmock
 * defaults. `tsc -p .` compiles it (the `@ts-expect-error` lines prove what the types refuse) and
 * test/http/openapi-client.test.ts runs it through each door.
 */

type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R } ? R : never
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never

/**
 * The error body of one status, typed by the document for that status (openapi-fetch types
 * `error` as the union of every error status; each status has a body of its own).
 * @example
 * errorAt<'/api/ai/image/generate', 'post', 402>(result, 402)?.required
 */
export function errorAt<P extends keyof paths, M extends keyof paths[P], S extends keyof Responses<P, M> & number>(
  result: { error?: unknown; response: Response },
  status: S,
): JsonBody<Responses<P, M>[S]> | undefined {
  return result.response.status === status ? (result.error as JsonBody<Responses<P, M>[S]>) : undefined
}

export interface FlowResult {
  image: { taskId: string; creditsUsed: number; outputs: number }
  relay: { taskId: string; relayStatus: string | undefined; polls: number; replayed: boolean }
  video: { taskId: string; outputVideoUrl: string | undefined }
  errors: { required: number | undefined; notFound: string | undefined; invalid: string[] }
}

const fail = (what: string, result: { error?: unknown; response: Response }): never => {
  throw new Error(`${what}: ${result.response.status} ${JSON.stringify(result.error)}`)
}

/**
 * The flow a client of the service goes through, with the control API's typed client moving the clock.
 * @example
 * await fullFlow({ baseUrl: 'http://127.0.0.1:4600', apiKey: 'sk_test_alice', lowKey: 'sk_test_low' })
 */
export async function fullFlow({
  baseUrl,
  apiKey,
  lowKey,
}: {
  baseUrl: string
  apiKey: string
  lowKey: string
}): Promise<FlowResult> {
  const service = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${apiKey}` } })
  const control = createClient<controlPaths>({ baseUrl })
  const advance = async (seconds: number) => {
    const { data, error } = await control.POST('/__mock/clock/advance', { body: { seconds } })
    if (error) throw new Error(`advance: ${error.error}`)
    return data.now
  }
  const read = async (id: string) => {
    const result = await service.GET('/api/ai/tasks/{id}', { params: { path: { id } } })
    return result.data ?? fail('read', result)
  }

  // Standard image: numOutputs (default 1) and every other optional field omitted.
  const submitted = await service.POST('/api/ai/image/generate', {
    body: { model: 'base-image-2', prompt: 'a red fox in the snow' },
  })
  const image = submitted.data ?? fail('image', submitted)
  await advance(12)
  const done = await read(image.taskId)
  const status: 0 | 1 | 2 = done.status
  if (status !== 1) throw new Error(`image not done: ${status}`)

  // Relay: watermark and numOutputs omitted; the Idempotency-Key is a typed header parameter.
  const relayBody = { provider: 'relay', model: 'base-image-pro', prompt: 'a lighthouse', resolution: '4K' } as const
  const key = { header: { 'Idempotency-Key': 'typed-client-relay-0001' } }
  const relaySubmitted = await service.POST('/api/ai/image/generate', { body: relayBody, params: key })
  const relay = relaySubmitted.data ?? fail('relay', relaySubmitted)
  const retried = await service.POST('/api/ai/image/generate', { body: relayBody, params: key })
  const replayed =
    retried.response.headers.get('Idempotent-Replayed') === 'true' && retried.data?.taskId === relay.taskId
  let polls = 0
  let snapshot = await (async () => {
    await advance(relay.pollAfterSeconds ?? 5)
    polls += 1
    return read(relay.taskId)
  })()
  while (snapshot.status === 0 && polls < 10) {
    await advance(snapshot.pollAfterSeconds ?? 5)
    polls += 1
    snapshot = await read(relay.taskId)
  }

  // Video: duration (default: the model's first) and aspectRatio omitted.
  const videoSubmitted = await service.POST('/api/ai/video/generate', {
    body: { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' },
  })
  const video = videoSubmitted.data ?? fail('video', videoSubmitted)
  await advance(120)
  const videoDone = await read(video.taskId)

  // Errors, each typed by its status.
  const poor = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${lowKey}` } })
  const refused = await poor.POST('/api/ai/image/generate', {
    body: { model: 'base-image-2', prompt: 'x', numOutputs: 10 },
  })
  const required: number | undefined = errorAt<'/api/ai/image/generate', 'post', 402>(refused, 402)?.required
  const missing = await service.GET('/api/ai/tasks/{id}', { params: { path: { id: 'tsk_none' } } })
  const notFound: 'Task not found' | undefined = errorAt<'/api/ai/tasks/{id}', 'get', 404>(missing, 404)?.error
  const bad = await service.POST('/api/ai/video/generate', {
    body: { model: 'video-d', inputMode: 'text_to_video', prompt: 'x', duration: 8 },
    params: { header: { 'Idempotency-Key': 'short' } },
  })
  const invalid = errorAt<'/api/ai/video/generate', 'post', 400>(bad, 400)
  const issues =
    invalid && 'details' in invalid ? invalid.details.issues.map((issue) => `${issue.in}:${issue.path}`) : []

  return {
    image: { taskId: image.taskId, creditsUsed: image.creditsUsed, outputs: done.outputImageUrls?.length ?? 0 },
    relay: { taskId: relay.taskId, relayStatus: snapshot.relayStatus, polls, replayed },
    video: { taskId: video.taskId, outputVideoUrl: videoDone.outputVideoUrl },
    errors: { required, notFound, invalid: issues },
  }
}

/** What the generated types refuse: each line below must fail to compile (tsc fails on an unused @ts-expect-error). */
export async function refusedAtCompileTime(baseUrl: string): Promise<void> {
  const service = createClient<paths>({ baseUrl })
  await service.POST('/api/ai/image/generate', {
    // @ts-expect-error vendor-a/base-image takes no negativePrompt
    body: { model: 'vendor-a/base-image', prompt: 'x', negativePrompt: 'blur' },
  })
  // @ts-expect-error a model the interface does not name
  await service.POST('/api/ai/image/generate', { body: { model: 'base-image-3', prompt: 'x' } })
  // @ts-expect-error the relay shape needs a resolution
  await service.POST('/api/ai/image/generate', { body: { provider: 'relay', model: 'base-image-2', prompt: 'x' } })
  await service.POST('/api/ai/image/generate', {
    // @ts-expect-error vendor-a/base-image has no application pricing, so no relay shape
    body: { provider: 'relay', model: 'vendor-a/base-image', prompt: 'x', resolution: '1K' },
  })
  await service.POST('/api/ai/video/generate', {
    // @ts-expect-error text_to_video takes no inputImageUrls
    body: { model: 'video-d', inputMode: 'text_to_video', prompt: 'x', inputImageUrls: ['https://example.com/a.png'] },
  })
  await service.POST('/api/ai/video/generate', {
    // @ts-expect-error video-a/v2-1-standard is image_to_video only
    body: { model: 'video-a/v2-1-standard', inputMode: 'text_to_video', prompt: 'x' },
  })
  const result = await service.POST('/api/ai/image/generate', { body: { model: 'base-image-2', prompt: 'x' } })
  // @ts-expect-error 401's body has no `required`: only 402's does
  void errorAt<'/api/ai/image/generate', 'post', 401>(result, 401)?.required
  // @ts-expect-error the submit endpoints never answer 404
  void errorAt<'/api/ai/image/generate', 'post', 404>(result, 404)
  // @ts-expect-error status is 0, 1 or 2
  const status: 3 = (await service.GET('/api/ai/tasks/{id}', { params: { path: { id: 'x' } } })).data!.status
  void status
}
