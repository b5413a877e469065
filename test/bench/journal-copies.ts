// `npm run bench:journal`: what the journal pins of large bodies (docs/limits-and-security.md). The
// `genmock` command of this checkout (dist/cli.cjs, or JOURNAL_CLI) takes JOURNAL_BODIES (1,000)
// submissions of 1 MB with 100,000 unknown keys each, JOURNAL_CONCURRENCY (4) at a time: each is
// a 400 the journal keeps, with its body's first 64 kB. Its RSS is read from /proc before and after;
// the run fails (exit 1) past JOURNAL_RSS_MB (250) after them, or on any answer but 400.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { ALICE, GENERATE_PATH, headers, ROOT, rssOf } from './targets.js'

const CLI = process.env.JOURNAL_CLI ?? join(ROOT, 'dist/cli.cjs')
const BODIES = Number(process.env.JOURNAL_BODIES ?? 1000)
const CONCURRENCY = Number(process.env.JOURNAL_CONCURRENCY ?? 4)
const RSS_MB = Number(process.env.JOURNAL_RSS_MB ?? 250)
const MB = 1024 * 1024
const say = (line: string) => process.stdout.write(`${line}\n`)

/** About 1 MB of JSON: a valid image request and 100,000 unknown keys. */
function wideBody(): string {
  const fields = Array.from({ length: 100_000 }, (_, i) => `"k${i.toString(36)}":0`)
  const text = `{"model":"base-image-2","prompt":"a fox",${fields.join(',')}}`
  return text
}

const child = spawn(process.execPath, [CLI, '--port', '0', '--log', 'json'], { stdio: ['ignore', 'pipe', 'inherit'] })
const url = await new Promise<string>((done, fail) => {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.includes('"event":"ready"')) done((JSON.parse(line) as { url: string }).url)
  })
  child.once('exit', (code) => fail(new Error(`genmock exited with ${code}`)))
})
const body = wideBody()
const before = rssOf(child.pid!) / MB
let sent = 0
let wrong = 0
const worker = async () => {
  while (sent < BODIES) {
    sent++
    const res = await fetch(url + GENERATE_PATH, { method: 'POST', headers: headers(ALICE), body })
    await res.arrayBuffer()
    if (res.status !== 400) wrong++
  }
}
const started = performance.now()
await Promise.all(Array.from({ length: CONCURRENCY }, worker))
const after = rssOf(child.pid!) / MB
child.kill()
const seconds = ((performance.now() - started) / 1000).toFixed(1)
say(`${BODIES} bodies of ${(body.length / MB).toFixed(2)} MB (100,000 unknown keys) in ${seconds} s`)
say(`genmock RSS: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (limit ${RSS_MB} MB)`)
say(`answers other than 400: ${wrong}`)
process.exitCode = after > RSS_MB || wrong > 0 ? 1 : 0
