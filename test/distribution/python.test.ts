import { execFile } from 'node:child_process'
import { chmodSync, copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT, setup } from './engine.js'

/**
 * docs/test-kit.md, Python, no Node: the two recipes run as written with Debian's pytest, in an
 * empty folder with a PATH of /usr/bin and /bin only: the executable's (its `init` prints the
 * commands the recipe runs next), and the image's, whose pytest plugin starts genmock in a container.
 * Each folder holds clients/python, installed offline in a venv as the recipes do.
 */

const execFileP = promisify(execFile)
const PAGE = readFileSync(join(ROOT, 'docs', 'test-kit.md'), 'utf8')
const hasPytest = async () =>
  execFileP('/usr/bin/python3', ['-c', 'import pytest']).then(
    () => true,
    () => false,
  )
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function recipe(name: string): string {
  const marker = `<!-- test: test/distribution/python.test.ts (${name}) -->\n\`\`\`sh\n`
  const at = PAGE.indexOf(marker)
  if (at < 0) throw new Error(`docs/test-kit.md has no recipe ${name}`)
  return PAGE.slice(at + marker.length, PAGE.indexOf('```', at + marker.length))
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-python-'))
  chmodSync(dir, 0o755)
  cpSync(join(ROOT, 'clients', 'python'), join(dir, 'clients', 'python'), {
    recursive: true,
    filter: (path) => !/(^|\/)(build|__pycache__|[^/]*\.egg-info)$/.test(path),
  })
  dirs.push(dir)
  return dir
}

async function bash(script: string, cwd: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileP('bash', ['-euo', 'pipefail', '-c', script], {
      cwd,
      env: { PATH: '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', ...env },
    })
    return stdout + stderr
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string }
    throw new Error(`the recipe failed:\n${stdout}${stderr}`)
  }
}

describe('Python, no Node', () => {
  it('the executable: init prints the commands the recipe runs, and pytest passes', async ({ skip }) => {
    if (!(await hasPytest())) skip('Debian python3-pytest is not installed')
    const dir = tempDir()
    copyFileSync(join(ROOT, 'release', 'genmock-linux-x64.tar.gz'), join(dir, 'genmock-linux-x64.tar.gz'))
    const script = recipe('executable')
    const out = await bash(script, dir, {})
    const next = script.trim().split('\n').slice(-2)
    expect(out).toContain(`next:\n  ${next[0]}\n  ${next[1]}\n`)
    expect(out).toContain('ok scenarios/starter.yaml (starter)')
    expect(out).toMatch(/3 passed/)
  }, 120_000)

  it('the image: init and validate in containers, the pytest plugin starts the image, pytest passes', async ({
    skip,
  }) => {
    if (!(await hasPytest())) skip('Debian python3-pytest is not installed')
    const { engine, env, dockerd } = setup()
    const dir = tempDir()
    // docker itself when the tests run a dockerd; else podman, whose command line is docker's.
    const onDocker = engine === 'docker' || dockerd !== undefined
    const shim = onDocker ? '' : 'docker() { podman "$@"; }\n'
    // The plugin starts the image with the first engine that has it, podman here too: its configuration comes along.
    const engineEnv: Record<string, string> = onDocker
      ? { ...env, PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', ...(dockerd ? { DOCKER_HOST: dockerd } : {}) }
      : env
    const script = recipe('image')
    const out = await bash(shim + script, dir, engineEnv)
    const next = script.trim().split('\n').slice(-2)
    expect(out).toContain(`next:\n  ${next[0]}\n  ${next[1]}\n`)
    expect(out).toContain('ok scenarios/starter.yaml (starter)')
    expect(out).toMatch(/3 passed/)
    const left = await execFileP(onDocker ? 'docker' : 'podman', ['ps', '-a', '--format', '{{.Names}}'], {
      env: { ...process.env, ...engineEnv },
    })
    expect(left.stdout).not.toContain('genmock-pytest-')
  }, 180_000)
})
