import type { Door } from './doors.js'

export const KEYS = {
  alice: 'sk_test_alice',
  bob: 'sk_test_bob',
  low: 'sk_test_low',
  revoked: 'sk_test_revoked',
  expired: 'sk_test_expired',
  iplocked: 'sk_test_iplocked',
} as const

export const auth = (key: string = KEYS.alice) => ({ authorization: `Bearer ${key}` })

/** A JSON request as a client sends it; `headers` add to (or override) Authorization and Content-Type. */
export function post(door: Door, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return door.fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export const submitImage = (door: Door, body: unknown, headers?: Record<string, string>) =>
  post(door, '/api/ai/image/generate', body, headers)
export const submitVideo = (door: Door, body: unknown, headers?: Record<string, string>) =>
  post(door, '/api/ai/video/generate', body, headers)

export const getTask = (door: Door, id: string, key: string = KEYS.alice) =>
  door.fetch(`/api/ai/tasks/${encodeURIComponent(id)}`, { headers: auth(key) })

export async function advance(door: Door, seconds: number): Promise<void> {
  const res = await post(door, '/__mock/clock/advance', { seconds })
  if (res.status !== 200) throw new Error(`advance failed: ${res.status} ${await res.text()}`)
}

export async function balance(door: Door, accountId = 'acct_alice'): Promise<number> {
  const res = await door.fetch(`/__mock/accounts/${accountId}`)
  return ((await res.json()) as { credits: number }).credits
}

/** The paths of an Invalid request's issues, for compact assertions. */
export async function issuePaths(res: Response): Promise<string[]> {
  const body = (await res.json()) as { error: string; details: { issues: { path: string }[] } }
  if (body.error !== 'Invalid request') throw new Error(`expected Invalid request, got ${JSON.stringify(body)}`)
  return body.details.issues.map((issue) => issue.path)
}

export const IMAGE = { model: 'base-image-2', prompt: 'a red fox in the snow' } as const
export const VIDEO_T2V = { model: 'video-d', inputMode: 'text_to_video', prompt: 'waves at dusk' } as const
export const RELAY = { provider: 'relay', model: 'base-image-2', prompt: 'a lighthouse', resolution: '2K' } as const
export const REF = 'https://example.com/ref.png'

/** The bundled scenarios issue 3 names, sorted: the oracle the scenarios/ directory is checked against. */
export const BUNDLED_SCENARIOS = [
  'content-policy',
  'default',
  'drop-after-commit',
  'flaky',
  'insufficient-credits',
  'relay-expiry',
  'slow-video',
  'submission-lost',
  'submission-uncertain',
  'upstream-a-grace',
  'upstream-failure',
]
