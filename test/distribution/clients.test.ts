import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT, startContainer } from './engine.js'

/**
 * docs/containers-and-ci.md, Clients in Python, Go and Java: each block run as written by its
 * language's toolchain against a fresh genmock:latest (GENMOCK_SPEED=60), its five lines checked,
 * and genmock's conformance findings empty afterwards. A missing toolchain skips its test.
 */

const execFileP = promisify(execFile)
const PAGE = readFileSync(join(ROOT, 'docs', 'containers-and-ci.md'), 'utf8')
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function block(name: string, language: string): string {
  const marker = `<!-- test: test/distribution/clients.test.ts (${name}) -->\n\`\`\`${language}\n`
  const at = PAGE.indexOf(marker)
  if (at < 0) throw new Error(`docs/containers-and-ci.md has no ${name} client`)
  return PAGE.slice(at + marker.length, PAGE.indexOf('```', at + marker.length))
}

const CLIENTS = [
  { name: 'python', language: 'python', file: 'genmock_client.py', run: ['/usr/bin/python3', 'genmock_client.py'] },
  { name: 'go', language: 'go', file: 'genmock_client.go', run: ['go', 'run', 'genmock_client.go'] },
  { name: 'java', language: 'java', file: 'GenmockClient.java', run: ['java', 'GenmockClient.java'] },
]

const EXPECTED = [
  /^image tsk_\w+ status 1, 4 credits$/,
  /^video tsk_\w+ status 1, 80 credits$/,
  /^402 Insufficient credits, 3 required$/,
  /^relay retry: same task true, replayed true$/,
  /^relay tsk_\w+ status 1$/,
]

describe('the clients in three languages, against the image', () => {
  for (const client of CLIENTS) {
    it(`${client.name}: both tasks end, the 402, the relay retry answered by the same task, no findings`, async ({
      skip,
    }) => {
      const [command, ...args] = client.run
      const found = await execFileP('sh', ['-c', `command -v ${command}`]).then(
        () => true,
        () => false,
      )
      if (!found) skip(`${command} is not installed`)
      const dir = mkdtempSync(join(tmpdir(), 'genmock-client-'))
      dirs.push(dir)
      writeFileSync(join(dir, client.file), block(client.name, client.language))
      const genmock = await startContainer(['-e', 'GENMOCK_SPEED=60'])
      try {
        const { stdout } = await execFileP(command!, args, {
          cwd: dir,
          env: { ...process.env, GENMOCK_URL: genmock.url },
          timeout: 170_000,
        })
        const lines = stdout.trim().split('\n')
        expect(lines).toHaveLength(EXPECTED.length)
        for (const [i, line] of lines.entries()) expect(line).toMatch(EXPECTED[i]!)
        const conformance = (await (await fetch(`${genmock.url}/__mock/conformance`)).json()) as { findings: unknown[] }
        expect(conformance.findings).toEqual([])
      } finally {
        await genmock.remove()
      }
    }, 180_000)
  }
})
