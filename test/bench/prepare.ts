// What the side-by-side benches do to a server before they measure it: a client's burst of polls, many clocks.
import { ALICE, GENERATE_BODY, GENERATE_PATH, headers, TASK_PATH } from './targets.js'

/**
 * A client's burst of `polls` reads of one relay task, `concurrency` at a time, right after
 * submitting it: every read is sooner than the task's pollAfterSeconds, so each one is a
 * poll-too-soon finding that genmock's conformance report keeps. Returns the findings it holds after.
 */
export async function pollBurst(url: string, polls = 1000, concurrency = 50): Promise<number> {
  const submitted = await fetch(url + GENERATE_PATH, {
    method: 'POST',
    headers: { ...headers(ALICE), 'idempotency-key': 'bench-burst-0001' },
    body: JSON.stringify({ provider: 'relay', model: 'base-image-2', prompt: 'a burst', resolution: '2K' }),
  })
  if (submitted.status !== 200)
    throw new Error(`relay submission answered ${submitted.status}: ${await submitted.text()}`)
  const { taskId } = (await submitted.json()) as { taskId: string }
  let left = polls
  const poller = async () => {
    while (left-- > 0) await (await fetch(url + TASK_PATH + taskId, { headers: headers(ALICE) })).arrayBuffer()
  }
  await Promise.all(Array.from({ length: concurrency }, poller))
  const report = (await (await fetch(`${url}/__mock/conformance?rule=poll-too-soon`)).json()) as { findings: unknown[] }
  return report.findings.length
}

/** `count` accounts created through the control API with clocks of their own, each with a pending task. */
export async function ownClockAccounts(url: string, count: number): Promise<number> {
  for (let i = 0; i < count; i++) {
    const created = await fetch(`${url}/__mock/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 100, clock: 'own' }),
    })
    const { apiKey } = (await created.json()) as { apiKey: string }
    const submitted = await fetch(url + GENERATE_PATH, {
      method: 'POST',
      headers: headers(`Bearer ${apiKey}`),
      body: GENERATE_BODY,
    })
    if (submitted.status !== 200) throw new Error(`submission answered ${submitted.status}`)
  }
  return count
}
