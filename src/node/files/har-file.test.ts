import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { toHar } from '../../reports/har.js'
import { HarFile } from './har-file.js'

const entry = (prompt: string) =>
  toHar(
    [
      {
        seq: 1,
        at: '2026-01-01T00:00:00.000Z',
        method: 'POST',
        path: '/api/ai/image/generate',
        query: '',
        status: 200,
        durationMs: 1,
        headers: {},
        requestBody: { type: 'application/json', size: 10, text: JSON.stringify({ prompt }) },
      },
    ],
    'https://api.example.test',
  ).log.entries[0]!

test('the recording is a valid HAR after every entry, multi-byte text included', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'genmock-har-')), 'session.har')
  const har = new HarFile(file, 'https://api.example.test')
  expect(JSON.parse(readFileSync(file, 'utf8')).log.entries).toEqual([])
  const prompts = ['a fox', 'un renard été 🦊', 'third']
  for (const [i, prompt] of prompts.entries()) {
    har.append(entry(prompt))
    const entries = JSON.parse(readFileSync(file, 'utf8')).log.entries
    expect(
      entries.map((e: { request: { postData: { text: string } } }) => JSON.parse(e.request.postData.text).prompt),
    ).toEqual(prompts.slice(0, i + 1))
  }
  har.close()
  expect(JSON.parse(readFileSync(file, 'utf8')).log.creator.name).toBe('genmock')
})
