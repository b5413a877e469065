/**
 * A relay client written the way the interface asks (the example the conformance README points
 * at): it persists the Idempotency-Key before the first request, retries a failed or dropped
 * submission with the same key and body, waits pollAfterSeconds (and at least 5 s) between polls,
 * stops at a terminal status, and fetches relay media with its own key.
 */

export interface RelayClientOptions {
  baseUrl: string
  apiKey: string
  /** Where the key is persisted before the first request (a database, in a real app). */
  keys: Map<string, string>
  /** Waits `seconds`: a real sleep, or a test moving genmock's clock. */
  sleep: (seconds: number) => Promise<void>
  /** Headers added to the submission (a test picks a scenario with them). */
  headers?: Record<string, string>
}

interface Task {
  taskId: string
  status: number
  pollAfterSeconds?: number
  outputImageUrls?: string[]
}

export async function generateRelayImage(
  job: string,
  prompt: string,
  options: RelayClientOptions,
): Promise<{ task: Task; image: ArrayBuffer }> {
  const { baseUrl, apiKey, keys, sleep } = options
  const authorization = `Bearer ${apiKey}`
  if (!keys.has(job)) keys.set(job, `job-${job}-${crypto.randomUUID()}`)
  const init = {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/json',
      'idempotency-key': keys.get(job)!,
      ...options.headers,
    },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt, resolution: '2K' }),
  }
  let task: Task | undefined
  for (let attempt = 0; !task; attempt++) {
    const res = await fetch(`${baseUrl}/api/ai/image/generate`, init).catch(() => undefined)
    if (res?.ok) task = (await res.json()) as Task
    else if (res && res.status < 500) throw new Error(`submission refused: ${res.status} ${await res.text()}`)
    else if (attempt === 5) throw new Error('the service stayed unreachable')
    else await sleep(1) // the same key and body: a retry, never a second job
  }
  while (task.status === 0) {
    await sleep(Math.max(task.pollAfterSeconds ?? 5, 5))
    task = (await (
      await fetch(`${baseUrl}/api/ai/tasks/${encodeURIComponent(task.taskId)}`, { headers: { authorization } })
    ).json()) as Task
  }
  if (task.status !== 1) throw new Error(`task failed: ${JSON.stringify(task)}`)
  const media = await fetch(task.outputImageUrls![0]!, { headers: { authorization } })
  return { task, image: await media.arrayBuffer() }
}
