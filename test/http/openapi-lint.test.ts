import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openServerDoor, type Door } from '../support/doors.js'

/**
 * redocly lint and spectral lint (oas ruleset) on the two documents exactly as the server serves
 * them: no error, no warning. Both run offline: the configs in test/openapi/ extend only built-in
 * rulesets, and telemetry and update checks are off.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const bin = (path: string) => join(root, 'node_modules', path)
const OFFLINE = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
  CI: 'true',
}

function run(script: string, args: string[]): Promise<{ code: number; stdout: string; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin(script), ...args],
      { cwd: root, env: OFFLINE, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number((error as { code?: number }).code ?? 1) : 0,
          stdout,
          out: `${stdout}\n${stderr}`,
        })
      },
    )
  })
}

describe('the OpenAPI documents pass redocly and spectral', () => {
  let door: Door
  let dir: string
  const files: string[] = []

  beforeAll(async () => {
    door = await openServerDoor()
    dir = mkdtempSync(join(tmpdir(), 'genmock-openapi-'))
    for (const [name, path] of [
      ['service.json', '/openapi.json'],
      ['control.json', '/__mock/openapi.json'],
    ] as const) {
      const res = await door.fetch(path)
      expect(res.status).toBe(200)
      const file = join(dir, name)
      writeFileSync(file, await res.text())
      files.push(file)
    }
  })
  afterAll(async () => {
    await door.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('redocly lint (recommended) and spectral lint (spectral:oas) report nothing at all', async () => {
    const [redocly, spectral] = await Promise.all([
      run('@redocly/cli/bin/cli.js', ['lint', '--config', 'test/openapi/redocly.yaml', '--format', 'json', ...files]),
      run('@stoplight/spectral-cli/dist/index.js', [
        'lint',
        '--ruleset',
        'test/openapi/spectral.yaml',
        '--fail-severity',
        'hint',
        '--format',
        'json',
        ...files,
      ]),
    ])
    // One JSON report per file, one after the other.
    const reports = JSON.parse(`[${redocly.stdout.trim().replace(/\}\s*\{\s*"totals"/g, '},{"totals"')}]`) as {
      totals: Record<string, number>
      problems: unknown[]
    }[]
    expect(reports).toHaveLength(files.length)
    for (const report of reports) {
      expect(report.problems, redocly.out).toEqual([])
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    }
    expect(redocly.code, redocly.out).toBe(0)
    const results = JSON.parse(spectral.stdout.slice(0, spectral.stdout.lastIndexOf(']') + 1)) as unknown[]
    expect(results, spectral.out).toEqual([])
    expect(spectral.code, spectral.out).toBe(0)
  }, 60_000)
})
