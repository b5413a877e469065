import { afterEach, describe, expect, it } from 'vitest'
import { baseUrl, killAll, LIMIT_MS, run, start } from '../support/cli.js'

/**
 * `--require-coverage` (docs/conformance-and-coverage.md, Outcome coverage): the exit code CI reads, and the summary
 * line.
 */

afterEach(() => killAll())

const headers = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }

describe('genmock --require-coverage', () => {
  it(
    'exits 1 naming the unmet outcomes, 0 once they are met; the coverage line counts what was met',
    async () => {
      const r = start(['--port', '0', '--clock', 'manual', '--require-coverage', 'image-completed,unauthorized'])
      const url = await baseUrl(r)
      const submitted = await fetch(`${url}/api/ai/image/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'base-image-2', prompt: 'a fox' }),
      })
      const { taskId } = (await submitted.json()) as { taskId: string }
      await fetch(`${url}/__mock/clock/advance`, { method: 'POST', headers, body: '{"seconds":60}' })
      expect((await fetch(`${url}/api/ai/tasks/${taskId}`, { headers })).status).toBe(200)
      r.child.kill('SIGTERM')
      expect((await r.exited).code).toBe(1)
      expect(r.stdout()).toMatch(/^coverage: 1 of \d+ outcomes met \(image-completed 1\)$/m)
      expect(r.stderr()).toContain('--require-coverage: not met: unauthorized')

      const met = start(['--port', '0', '--require-coverage', 'unauthorized'])
      const metUrl = await baseUrl(met)
      expect((await fetch(`${metUrl}/api/ai/models`)).status).toBe(401)
      met.child.kill('SIGTERM')
      expect((await met.exited).code).toBe(0)
      expect(met.stderr()).not.toContain('not met')
    },
    3 * LIMIT_MS,
  )

  it(
    'all: every outcome; without the flag an unmet outcome does not change the exit code',
    async () => {
      const all = start(['--port', '0', '--require-coverage', 'all'])
      await baseUrl(all)
      all.child.kill('SIGTERM')
      expect((await all.exited).code).toBe(1)
      expect(all.stderr()).toMatch(/not met: image-completed, video-completed, .*connection-dropped/)
      const plain = start(['--port', '0'])
      await baseUrl(plain)
      plain.child.kill('SIGTERM')
      expect((await plain.exited).code).toBe(0)
      expect(plain.stdout()).toMatch(/^coverage: 0 of \d+ outcomes met$/m)
    },
    3 * LIMIT_MS,
  )

  it('a misspelled outcome exits 2 at once, naming it and the outcome it likely meant', async () => {
    const { code, stderr } = await run(['--require-coverage', 'image-completed,image-complete'])
    expect(code).toBe(2)
    expect(stderr).toContain('--require-coverage: no outcome "image-complete" (did you mean image-completed?)')
    expect(stderr).not.toContain('"image-completed"')
  })
})
