import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { BIN, ROOT, run } from '../support/cli.js'
import { tmp } from './folder-kit.js'

/**
 * `genmock state check DIR` beside a live genmock that keeps writing the folder (docs/state.md,
 * Check and repair): every run reads a consistent view (never a log of one whole save beside the
 * state.json of another, never a record half written) and says the folder is in use: no false damage.
 */

const RUNS = 25

describe('state check beside a live server', () => {
  it(`reports no damage in ${RUNS} runs while records are appended and whole saves rename files`, {
    timeout: 240_000,
  }, async () => {
    const dir = tmp('genmock-live-')
    // Spawned here, not by start(): it lives as long as the checks take, past the helper's time limit.
    const server = spawn(
      process.execPath,
      [BIN, '--port', '0', '--state', dir, '--state-save', 'request', '--log', 'json'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const exited = new Promise((resolve) => server.on('close', resolve))
    let out = ''
    const url = await new Promise<string>((resolve) =>
      server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk
        const ready = /"event":"ready","url":"([^"]+)"/.exec(out)
        if (ready) resolve(ready[1]!)
      }),
    )
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
      server.kill('SIGTERM')
      await exited
    }
    expect(written, 'answered writes meanwhile').toBeGreaterThan(RUNS)
    for (const verdict of verdicts) {
      expect(verdict).toMatch(/^0 /)
      expect(verdict).not.toMatch(/corrupted|refuses|missing|newer|ends with/)
      expect(verdict).toMatch(/a start loads .* once genmock pid \d+ has let it go \(in use now\)/)
    }
  })
})
