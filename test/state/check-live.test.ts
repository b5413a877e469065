import { afterEach, describe, expect, it } from 'vitest'
import { baseUrl, killAll, run, start } from '../support/cli.js'
import { tmp } from './folder-kit.js'

/**
 * `genmock state check DIR` beside a live genmock that keeps writing the folder (docs/state.md,
 * Check and repair): every run reads a consistent view (never a log of one whole save beside the
 * state.json of another, never a record half written) and says the folder is in use: no false damage.
 */

/** Checks beside the writer: each reads the folder at another moment of its appends and renames. */
const RUNS = 12

afterEach(killAll)

describe('state check beside a live server', () => {
  it(`reports no damage in ${RUNS} runs while records are appended and whole saves rename files`, {
    timeout: 240_000,
  }, async () => {
    const dir = tmp('genmock-live-')
    const server = start(['--port', '0', '--state', dir, '--state-save', 'request', '--log', 'json'])
    const url = await baseUrl(server)
    let writing = true
    const headers = { authorization: 'Bearer sk_test_alice', 'content-type': 'application/json' }
    let written = 0
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        // A reset makes the next save a whole one: state.json and changes.log renamed in place.
        const answer =
          i % 10 === 9
            ? fetch(`${url}/__mock/reset`, { method: 'POST' })
            : fetch(`${url}/api/ai/image/generate`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ model: 'base-image-2', prompt: `a fox ${i}` }),
              })
        // A connection the server closed as it was reused (undici's keep-alive race) is not the point here.
        if ((await answer.catch(() => undefined))?.ok) written++
      }
    })()
    const verdicts: string[] = []
    try {
      for (let i = 0; i < RUNS; i++) {
        const { code, stdout, stderr } = await run(['state', 'check', dir])
        verdicts.push(`${code} ${stdout}${stderr}`)
      }
    } finally {
      writing = false
      await writer
      server.child.kill('SIGTERM')
      await server.exited
    }
    expect(written, 'answered writes meanwhile').toBeGreaterThan(RUNS)
    for (const verdict of verdicts) {
      expect(verdict).toMatch(/^0 /)
      expect(verdict).not.toMatch(/corrupted|refuses|missing|newer|ends with/)
      expect(verdict).toMatch(/a start loads .* once genmock pid \d+ has let it go \(in use now\)/)
    }
  })
})
