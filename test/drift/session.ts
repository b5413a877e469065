/**
 * One client session through a proxy: every service route, success and error, with the bodies on
 * which the stand-in departs from genmock. `between` runs between reads (a genmock upstream on a
 * manual clock advances there).
 */
export async function clientSession(
  base: string,
  keys: { key: string; poorKey: string },
  between: () => Promise<void> = async () => {},
): Promise<void> {
  const { key, poorKey } = keys
  const auth = { authorization: `Bearer ${key}`, cookie: 'session=s3cr3t-cookie' }
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  const read = async (id: string, times: number) => {
    let last: Record<string, unknown> = {}
    for (let i = 0; i < times; i++) {
      await between()
      last = (await (await fetch(`${base}/api/ai/tasks/${encodeURIComponent(id)}`, { headers: auth })).json()) as never
    }
    return last
  }
  const submit = async (path: string, body: unknown, headers?: Record<string, string>) => {
    const response = await post(path, body, headers)
    const json = (await response.json()) as { taskId?: string }
    return { status: response.status, taskId: json.taskId }
  }

  const image = await submit('/api/ai/image/generate', { model: 'base-image-2', prompt: 'a fox', numOutputs: 2 })
  const done = await read(image.taskId!, 2)
  const failing = await submit('/api/ai/image/generate', { model: 'general-image-2', prompt: 'please fail' })
  await read(failing.taskId!, 2)
  const relay = await submit(
    '/api/ai/image/generate',
    { provider: 'relay', model: 'base-image-2', prompt: 'a relay fox', resolution: '1K' },
    { 'idempotency-key': 'key-relay-000001' },
  )
  await read(relay.taskId!, 3)
  const video = await submit('/api/ai/video/generate', {
    model: 'video-d',
    inputMode: 'text_to_video',
    prompt: 'waves',
  })
  await read(video.taskId!, 2)
  await submit('/api/ai/image/generate', { model: 'base-image-pro', prompt: 'a fox', negativePrompt: 'blur' })
  await submit('/api/ai/video/generate', { model: 'video-d', inputMode: 'text_to_video', prompt: 'w'.repeat(1500) })
  await submit('/api/ai/image/generate', { model: 'base-image-2', prompt: 'a fox', numOutputs: 11 })
  await post(
    '/api/ai/image/generate',
    { model: 'vendor-a/base-image', prompt: 'a fox' },
    {
      authorization: `Bearer ${poorKey}`,
    },
  )
  await fetch(`${base}/api/ai/models`, { headers: auth })
  await fetch(`${base}/api/ai/tasks/no-such-task`, { headers: auth })
  await fetch(`${base}/api/ai/tasks/no-such-task`)
  const urls = done.outputImageUrls as string[] | undefined
  if (urls?.[0]) await fetch(urls[0].replace(/^https?:\/\/[^/]+/, base), { headers: auth })
}
