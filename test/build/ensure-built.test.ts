import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT } from '../support/cli.js'

/**
 * build/ensure-built.mjs, which `npm start`, `npm test` and `npm pack` run first
 * (docs/get-started.md): a stale dist/ is built with one line said, the build's own output shown only when it
 * fails. Run on a copy whose dist/ is missing, with a stand-in for npm that prints as much as the
 * bundler does.
 */

const home = mkdtempSync(join(tmpdir(), 'genmock-ensure-built-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))

/** A project with the script and a package.json naming a dist/ file that is missing; npm prints 150 lines. */
function ensureBuilt(exit: number) {
  const dir = join(home, `exit-${exit}`)
  mkdirSync(join(dir, 'build'), { recursive: true })
  copyFileSync(join(ROOT, 'build', 'ensure-built.mjs'), join(dir, 'build', 'ensure-built.mjs'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ exports: { '.': './dist/index.js' } }))
  const npm = join(dir, 'npm-cli.js')
  writeFileSync(
    npm,
    `for (let i = 1; i <= 150; i++) console.log('bundler line ' + i + ' of ' + process.argv.slice(2).join(' '))
console.error('a warning of the bundler')
process.exit(${exit})
`,
  )
  const r = spawnSync(process.execPath, [join(dir, 'build', 'ensure-built.mjs')], {
    cwd: dir,
    env: { ...process.env, npm_execpath: npm },
    encoding: 'utf8',
  })
  return { code: r.status, stdout: r.stdout, stderr: r.stderr }
}

describe('build/ensure-built.mjs', () => {
  it('a missing dist/ (a fresh clone) is built saying one line, on stderr; the build’s output is not shown', () => {
    const { code, stdout, stderr } = ensureBuilt(0)
    expect(stdout).toBe('')
    expect(stderr).toBe('build: no dist/ yet (a fresh clone); building dist/ (about half a minute)…\n')
    expect(code).toBe(0)
  })

  it('a failing build shows all it printed, and its exit code passes on', () => {
    const { code, stdout, stderr } = ensureBuilt(3)
    expect(stdout).toBe('')
    expect(stderr).toContain('bundler line 1 of run build\n')
    expect(stderr).toContain('bundler line 150 of run build\n')
    expect(stderr).toContain('a warning of the bundler\n')
    expect(stderr.endsWith('build: failed\n')).toBe(true)
    expect(code).toBe(3)
  })
})
