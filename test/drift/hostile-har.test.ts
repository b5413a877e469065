import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CalibrationError, calibrateFile } from '../../src/node/files/calibration-files.js'
import { run } from '../support/cli.js'

/**
 * `genmock calibrate` on hostile recordings (docs/limits-and-security.md): names that are
 * `__proto__` or `constructor`, text that is HTML or Markdown, entries of every wrong shape. It
 * writes a report that shows that text literally, or exits 1 with one line naming the entry:
 * never a stack trace, never a polluted prototype.
 */

const dir = mkdtempSync(join(tmpdir(), 'genmock-hostile-har-'))
let n = 0
const harFile = (entries: unknown[]) => {
  const file = join(dir, `r${++n}.har`)
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }))
  return file
}

const pair = (name: string, value: string) => ({ name, value })
function exchange(method: string, path: string, sent: unknown, status: number, answer: unknown, at = 0) {
  return {
    startedDateTime: new Date(Date.UTC(2026, 0, 1, 0, 0, at)).toISOString(),
    request: {
      method,
      url: `https://api.example.test${path}`,
      headers: [pair('content-type', 'application/json'), pair('__proto__', 'x'), pair('constructor', 'y')],
      ...(sent === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(sent) } }),
    },
    response: {
      status,
      headers: [pair('content-type', 'application/json')],
      content: { mimeType: 'application/json', text: typeof answer === 'string' ? answer : JSON.stringify(answer) },
    },
  }
}

const hostileTask = (id: string, model: string) => [
  exchange('POST', '/api/ai/image/generate', { model, prompt: 'a' }, 200, { taskId: id, status: 0, creditsUsed: 4 }),
  exchange(
    'GET',
    `/api/ai/tasks/${id}`,
    undefined,
    200,
    {
      taskId: id,
      id,
      type: 'image',
      status: 2,
      model,
      errorCode: '<script>alert(1)</script>',
      relayStatus: '# Owned\n- [link](javascript:alert(1))',
      creditsUsed: 4,
    },
    30,
  ),
]

const oneLine = (error: unknown) => {
  expect(error).toBeInstanceOf(CalibrationError)
  const message = (error as Error).message
  expect(message).not.toContain('\n')
  expect(message).not.toMatch(/\bat \S+ \(/)
  return message
}

describe('genmock calibrate and hostile recordings', () => {
  it('models __proto__ and constructor, HTML and Markdown in values: a report that shows them as text', () => {
    const file = harFile([
      ...hostileTask('t1', '__proto__'),
      ...hostileTask('t2', 'constructor'),
      ...hostileTask('t3', 'prototype'),
    ])
    let report = ''
    try {
      report = calibrateFile(file, () => {}).output.report
    } catch (error) {
      oneLine(error) // refusing is fine too, in one line
      return
    }
    expect(report).not.toContain('<script>')
    expect(report).toContain('&lt;script&gt;')
    expect(report).not.toMatch(/^# Owned/m)
    expect(report).not.toMatch(/^- \[link\]/m)
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
  })

  it('entries of every wrong shape: one line naming the entry, or a report; never a stack', () => {
    const base = exchange('POST', '/api/ai/image/generate', { model: 'base-image-2', prompt: 'a' }, 200, {
      taskId: 'x',
    })
    const variants: unknown[] = [
      { ...base, request: { ...base.request, url: 'not a url' } },
      { ...base, response: { ...base.response, status: 'x' } },
      { ...base, request: { ...base.request, postData: { text: '{"__proto__":{"polluted":1},"constructor":{}}' } } },
      { ...base, response: { ...base.response, content: { text: '{"__proto__":{"polluted":1}}' } } },
      { ...base, response: { ...base.response, content: { text: '<html>' } } },
      { ...base, response: { ...base.response, content: { text: 'e30=', encoding: 'base64' } } },
      { ...base, request: { ...base.request, method: '__proto__' } },
      { ...base, request: { ...base.request, headers: 'x' } },
      null,
      42,
      [],
    ]
    for (const [i, variant] of variants.entries()) {
      try {
        calibrateFile(harFile([variant]), () => {})
      } catch (error) {
        const message = oneLine(error)
        if (i < 2 || i >= 7) expect(message).toMatch(/entry 1\b/)
      }
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    }
  })

  it('the command exits 1 with one line on stderr naming the entry', async () => {
    const file = harFile([exchange('POST', '/api/ai/image/generate', {}, 200, {}), { request: 'x' }])
    const { code, stderr } = await run(['calibrate', file, '--out', join(dir, 'out')])
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain('entry 2')
    expect(readFileSync(file, 'utf8')).toContain('"x"')
  })
})
