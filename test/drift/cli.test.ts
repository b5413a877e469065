import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { baseUrl, run, start } from '../support/cli.js'
import { clientSession } from './session.js'
import { STAND_IN_KEY, startStandIn } from './stand-in.js'

const dir = mkdtempSync(join(tmpdir(), 'genmock-cli-drift-'))
const har = join(dir, 'session.har')
const standIn = await startStandIn()
afterAll(() => standIn.close())

describe('genmock --proxy, calibrate and --calibration', () => {
  test('records, prints the drift on stopping, calibrates, and starts calibrated', async () => {
    const proxy = start(['--port', '0', '--proxy', standIn.url, '--record', har])
    const url = await baseUrl(proxy)
    while (!proxy.stdout().includes('/__mock/drift')) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(proxy.stdout()).toContain(`proxy      the service's routes go to ${standIn.url}: use its keys; recording`)
    await clientSession(url, { key: STAND_IN_KEY, poorKey: 'sk_live_poor' })
    proxy.child.kill('SIGINT')
    expect((await proxy.exited).code).toBe(0)
    expect(proxy.stdout()).toMatch(/drift: \d+ findings over \d+ proxied exchanges \(success-status \d+, extra-field/)

    const out = join(dir, 'calibration')
    const calibrated = await run(['calibrate', har, '--out', out])
    expect(calibrated.code).toBe(0)
    expect(calibrated.stdout).toContain(`genmock --calibration ${out}`)
    for (const name of ['prices.json', 'calibrated.json', 'values.json', 'report.md'])
      expect(existsSync(join(out, name))).toBe(true)

    const again = start(['--port', '0', '--calibration', out])
    await baseUrl(again)
    expect(again.stdout()).toMatch(/scenario\s+calibrated/)
    again.child.kill('SIGINT')
    expect((await again.exited).code).toBe(0)
  })
})

describe('bad recordings get a clear answer', () => {
  const calibrateText = async (text: string) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.har`)
    writeFileSync(file, text)
    return { file, ...(await run(['calibrate', file, '--out', join(dir, 'never')])) }
  }

  test('a recording cut short by a crash calibrates from its complete entries', async () => {
    const text = readFileSync(har, 'utf8')
    const cut = await calibrateText(text.slice(0, text.lastIndexOf('\n{') + 40))
    expect(cut.code).toBe(0)
    expect(cut.stderr).toMatch(/is cut short: calibrating from its \d+ complete entries/)
  })

  test('empty, foreign, malformed and non-JSON files exit 1 naming the problem', async () => {
    const empty = await calibrateText('{"log":{"version":"1.2","creator":{"name":"x","version":"1"},"entries":[]}}')
    expect([empty.code, empty.stderr]).toEqual([
      1,
      `genmock calibrate: ${empty.file} has no entries: there is nothing to calibrate from\n`,
    ])
    const entry = {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 1,
      request: { method: 'GET', url: 'https://shop.example.test/cart', headers: [] },
      response: { status: 200, headers: [], content: { mimeType: 'text/html', text: '<p>' } },
    }
    const foreign = await calibrateText(JSON.stringify({ log: { entries: [entry, entry] } }))
    expect(foreign.code).toBe(1)
    expect(foreign.stderr).toContain('none of its 2 entries calls the service (/api/ai/…)')
    const malformed = await calibrateText(
      JSON.stringify({
        log: {
          entries: [entry, { ...entry, request: { method: 'GET', url: 'https://x.test/api/ai/models' }, response: {} }],
        },
      }),
    )
    expect(malformed.code).toBe(1)
    expect(malformed.stderr).toContain(
      'entry 2 (GET https://x.test/api/ai/models) is not a HAR 1.2 entry: response.status',
    )
    const notJson = await calibrateText('<html>')
    expect(notJson.code).toBe(1)
    expect(notJson.stderr).toContain('is not JSON')
    const notHar = await calibrateText('{"entries":[]}')
    expect(notHar.stderr).toContain('is not a HAR file: it has no log.entries list')
    expect(`${empty.stderr}${foreign.stderr}${malformed.stderr}${notJson.stderr}${notHar.stderr}`).not.toMatch(
      /\n\s+at /,
    )
  })

  test('usage mistakes exit 2', async () => {
    for (const [args, message] of [
      [['--record', 'x.har'], '--record goes with --proxy URL'],
      [['--proxy', 'ftp://example.test'], '--proxy must be an http or https URL'],
      [['calibrate', har], 'calibrate needs one recording and a directory'],
      [['--calibration', join(dir, 'missing')], 'cannot read prices.json: ENOENT'],
    ] as const) {
      const result = await run([...args])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(message)
    }
    const record = join(dir, 'no-such-dir', 's.har')
    const unwritable = await run(['--port', '0', '--proxy', 'http://127.0.0.1:9', '--record', record])
    expect([unwritable.code, unwritable.stderr]).toEqual([
      2,
      `genmock: --record ${record}: cannot be written (ENOENT)\n`,
    ])
  })
})
