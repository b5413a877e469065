/**
 * A frontend as a developer would write it against the service: it submits an image task and a
 * video task, polls both while moving the simulated clock on, then shows the image and plays the
 * video. Everything it sees is kept on `window.__answers`, in order, for the tests to compare.
 */

export interface AppConfig {
  /** The service's base_url: '' for the page's own origin (the worker door), else the server's URL. */
  baseUrl: string
  /** The bearer key the app sends (a test key: real keys never belong in a page). */
  apiKey: string
  /** Where the control API is: '' or the server's URL. */
  controlBase: string
  /** Simulated seconds per clock step between polls. */
  stepSeconds?: number
}

/** One JSON answer as the app received it: the call, the status and the body text, byte for byte. */
export interface Answer {
  call: string
  status: number
  body: string
}

interface Task {
  taskId: string
  status: 0 | 1 | 2
  outputImageUrls?: string[]
  outputVideoUrl?: string
  errorCode?: string
}

declare global {
  interface Window {
    __answers: Answer[]
    __done: boolean
    __error?: string
  }
}

const MAX_STEPS = 40

/** Shows an error that stopped the page before or during the run, for the tests to report. */
export function fail(error: unknown): void {
  window.__error = String((error as Error)?.stack ?? error)
  window.__done = true
  document.querySelector('#status')!.textContent = `error: ${(error as Error)?.message ?? error}`
}

export async function runApp({ baseUrl, apiKey, controlBase, stepSeconds = 15 }: AppConfig): Promise<void> {
  window.__answers = []
  window.__done = false
  const status = document.querySelector<HTMLElement>('#status')!
  const say = (text: string) => (status.textContent = text)

  /** `key`: the bearer key to send, or false for the control API. */
  async function call<T>(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    key: string | false = apiKey,
  ): Promise<T> {
    const headers: Record<string, string> = {}
    if (key) headers.authorization = `Bearer ${key}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(base + path, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await res.text()
    window.__answers.push({ call: `${method} ${path}`, status: res.status, body: text })
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
    return JSON.parse(text) as T
  }

  try {
    say('submitting')
    let image = await call<Task>(baseUrl, 'POST', '/api/ai/image/generate', {
      model: 'base-image-2',
      prompt: 'a red fox',
      aspectRatio: '16:9',
    })
    let video = await call<Task>(baseUrl, 'POST', '/api/ai/video/generate', {
      model: 'video-d',
      inputMode: 'text_to_video',
      prompt: 'waves',
    })
    for (let step = 0; image.status === 0 || video.status === 0; step++) {
      if (step === MAX_STEPS) throw new Error(`tasks still pending after ${MAX_STEPS} steps`)
      await call(controlBase, 'POST', '/__mock/clock/advance', { seconds: stepSeconds }, false)
      if (image.status === 0) image = await call<Task>(baseUrl, 'GET', `/api/ai/tasks/${image.taskId}`)
      if (video.status === 0) video = await call<Task>(baseUrl, 'GET', `/api/ai/tasks/${video.taskId}`)
      say(`polling: image ${image.status}, video ${video.status}`)
    }
    if (image.status !== 1 || video.status !== 1)
      throw new Error(`a task failed: image ${image.errorCode}, video ${video.errorCode}`)

    say('a world of its own')
    // A test's own account and clock: its task finishes when its clock runs until idle, whatever the server clock does.
    const own = await call<{ id: string; apiKey: string }>(
      controlBase,
      'POST',
      '/__mock/accounts',
      { credits: 100, clock: 'own' },
      false,
    )
    const mine = await call<Task>(
      baseUrl,
      'POST',
      '/api/ai/image/generate',
      { model: 'base-image-2', prompt: 'a fox of its own' },
      own.apiKey,
    )
    await call(controlBase, 'POST', `/__mock/accounts/${own.id}/clock/advance`, { until: 'idle' }, false)
    if ((await call<Task>(baseUrl, 'GET', `/api/ai/tasks/${mine.taskId}`, undefined, own.apiKey)).status !== 1)
      throw new Error('the own-clock task did not finish')

    const img = document.createElement('img')
    img.id = 'image'
    img.alt = 'a red fox'
    img.src = image.outputImageUrls![0]!
    const player = document.createElement('video')
    player.id = 'video'
    player.muted = true
    player.autoplay = true
    player.loop = true
    player.playsInline = true
    player.controls = true
    player.src = video.outputVideoUrl!
    document.querySelector('#output')!.append(img, player)
    say('done')
    window.__done = true
  } catch (error) {
    fail(error)
  }
}
