import { execFile, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { engine, freePort, IMAGE, ROOT, setup } from './engine.js'

/**
 * The CI recipes of docs/containers-and-ci.md, each run as written: a free port in place of 4600 on
 * the host, `registry.example.com/genmock:0.1.0` as the `genmock:latest` built here, and the line
 * marked `# your tests` replaced by a probe (GET /api/ai/models with sk_test_alice at $GENMOCK_URL).
 * What a CI service runs for the YAML recipes (GitHub Actions, GitLab CI, compose) is done here with
 * the same engine: the same image, environment, network alias and commands.
 */

const execFileP = promisify(execFile)
const DOC = readFileSync(join(ROOT, 'docs', 'containers-and-ci.md'), 'utf8')
const PUSHED = 'registry.example.com/genmock:0.1.0'
const PROBE_SH =
  `sh -c 'curl -fsS -H "Authorization: Bearer sk_test_alice" "$GENMOCK_URL/api/ai/models" >/dev/null'` +
  ' && echo probe-ok'
const PROBE_NODE =
  `node -e "fetch(process.env.GENMOCK_URL+'/api/ai/models',{headers:{authorization:'Bearer sk_test_alice'}})` +
  `.then(r=>{if(!r.ok)process.exit(1);console.log('probe-ok')},()=>process.exit(1))"`
/** The probe with a token: the service API as before, the control API with the token and not without it. */
const PROBE_TOKEN =
  `sh -c 'curl -fsS -H "Authorization: Bearer sk_test_alice" "$GENMOCK_URL/api/ai/models" >/dev/null` +
  ` && curl -fsS -H "Authorization: Bearer $GENMOCK_ADMIN_TOKEN" "$GENMOCK_URL/__mock/whoami"` +
  ` && ! curl -fsS "$GENMOCK_URL/__mock/whoami" 2>/dev/null' && echo probe-ok`
/** A one-liner's end, generous and below the test's 60 s: one that never answers fails and is removed. */
const ONE_LINER_LIMIT_MS = 50_000
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** The fenced block after `<!-- test: test/distribution/recipes.test.ts (recipe NAME) -->`. */
function recipe(name: string): string {
  const marker = `<!-- test: test/distribution/recipes.test.ts \\(recipe ${name}\\) -->`
  const match = new RegExp(`${marker}\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(DOC)
  if (!match) throw new Error(`docs/containers-and-ci.md has no recipe ${name}`)
  return match[1]!
}

/** The recipe's shell lines with the probe for `# your tests`. */
const probed = (lines: string, probe = PROBE_SH) => {
  // A YAML parser drops the comment: there the command alone stands for your tests.
  const replaced = lines.replace(/^(.*?)npm test(?: +# your tests)?$/m, `$1${probe}`)
  if (replaced === lines) throw new Error(`no "npm test   # your tests" line in\n${lines}`)
  return replaced
}

async function bash(script: string, options: { cwd?: string; env?: Record<string, string>; timeout?: number } = {}) {
  const env = { ...process.env, ...setup().env, ...options.env }
  const { stdout, stderr } = await execFileP('bash', ['-euo', 'pipefail', '-c', script], { ...options, env })
  return stdout + stderr
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-recipe-'))
  chmodSync(dir, 0o755)
  dirs.push(dir)
  return dir
}

describe('the CI recipes', () => {
  for (const name of ['docker-run', 'podman-run', 'docker-run-token']) {
    it(`${name}: the one-liner starts genmock, the tests reach it, it stops`, async () => {
      const port = await freePort()
      const container = `genmock-recipe-${process.pid}-${port}`
      // On the tests' own dockerd when there is one; else on podman, whose command line is docker's.
      const { engine: found, dockerd } = setup()
      const onDocker = name.startsWith('docker-run') && (found === 'docker' || dockerd !== undefined)
      const shim = found === 'docker' || onDocker ? '' : 'docker() { podman "$@"; }\n'
      const token = name.endsWith('-token')
      const script = probed(recipe(name), token ? PROBE_TOKEN : PROBE_SH)
        .replaceAll('127.0.0.1:4600', `127.0.0.1:${port}`)
        .replace(/--name genmock /, `--name ${container} `)
        .replace(/ stop genmock$/m, ` stop ${container}`)
      const env: Record<string, string> = onDocker && dockerd ? { DOCKER_HOST: dockerd } : {}
      const docker = onDocker && dockerd !== undefined
      // Removed only if the recipe failed: otherwise its own stop and --rm must leave nothing behind.
      const out = await bash(shim + script, { env, cwd: tempDir(), timeout: ONE_LINER_LIMIT_MS }).catch(
        async (error: unknown) => {
          await engine(['rm', '-f', container], { allowFailure: true, docker })
          throw error
        },
      )
      expect(out).toContain('{"ok":true')
      expect(out).toContain('probe-ok')
      if (token) expect(out).toContain('{"caller":"admin"}')
      // --rm: the engine removes it once stopped (docker a moment after `docker stop` returns).
      await expect
        .poll(async () => (await engine(['ps', '-a', '--format', '{{.Names}}'], { docker })).stdout, {
          timeout: 10_000,
        })
        .not.toContain(container)
    })
  }

  it('compose: the app service reaches genmock by its service name', async () => {
    const compose = parse(recipe('compose')) as {
      services: Record<string, { image: string; ports?: string[]; environment?: Record<string, string> }>
    }
    const port = await freePort()
    compose.services.genmock!.ports = compose.services.genmock!.ports!.map((p) => p.replace(':4600:', `:${port}:`))
    // The app is the test's probe, in the image (it has node), with the recipe's environment.
    Object.assign(compose.services.app!, { image: IMAGE, entrypoint: ['sh', '-c', `sleep 2; ${PROBE_NODE}`] })
    const dir = tempDir()
    writeFileSync(join(dir, 'compose.yaml'), JSON.stringify(compose))
    const project = `recipe${process.pid}`
    // docker's compose plugin, else Debian's docker-compose; podman-compose with podman.
    const plugin = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0
    const up = setup().engine === 'podman' ? 'podman-compose' : plugin ? 'docker compose' : 'docker-compose'
    try {
      await bash(`${up} -p ${project} -f compose.yaml up -d`, { cwd: dir })
      const { stdout } = await engine(['wait', `${project}_app_1`])
      expect(stdout.trim()).toBe('0')
      expect((await engine(['logs', `${project}_app_1`])).stdout).toContain('probe-ok')
      expect((await fetch(`http://127.0.0.1:${port}/__mock/health`)).status).toBe(200)
    } finally {
      await bash(`${up} -p ${project} -f compose.yaml down -t 1 || true`, { cwd: dir })
      // podman-compose 1.0 leaves its network behind.
      if (setup().engine === 'podman') await engine(['network', 'rm', `${project}_default`], { allowFailure: true })
    }
  })

  it('github-actions: the service container with its ports and env, then the steps', async () => {
    const workflow = parse(recipe('github-actions')) as {
      jobs: Record<
        string,
        { services: Record<string, Service>; steps: { run?: string; env?: Record<string, string> }[] }
      >
    }
    type Service = { image: string; ports: string[]; env: Record<string, string> }
    const job = Object.values(workflow.jobs)[0]!
    const service = job.services.genmock!
    expect(service.image).toBe(PUSHED)
    const port = await freePort()
    const name = `genmock-recipe-gha-${process.pid}`
    const env = Object.entries(service.env).flatMap(([key, value]) => ['-e', `${key}=${value}`])
    const ports = service.ports.flatMap((p) => ['-p', `127.0.0.1:${String(p).replace(/^4600:/, `${port}:`)}`])
    await engine(['run', '-d', '--name', name, ...env, ...ports, IMAGE])
    try {
      // The runner waits until the image's HEALTHCHECK passes before the steps.
      await expect
        .poll(async () => (await engine(['healthcheck', 'run', name], { allowFailure: true })).code, {
          timeout: 15_000,
        })
        .toBe(0)
      let out = ''
      for (const step of job.steps.filter((s) => s.run !== undefined)) {
        const script = (step.run!.startsWith('npm test') ? probed(step.run!) : step.run!).replaceAll(
          'localhost:4600',
          `localhost:${port}`,
        )
        const stepEnv = Object.fromEntries(
          Object.entries(step.env ?? {}).map(([key, value]) => [key, value.replace(':4600', `:${port}`)]),
        )
        out += await bash(script, { env: stepEnv, cwd: tempDir() })
      }
      expect(out).toContain('{"ok":true')
      expect(out).toContain('probe-ok')
    } finally {
      await engine(['rm', '-f', name], { allowFailure: true })
    }
  })

  it('gitlab-ci: the service by its alias on the job network, the job variables, the script', async () => {
    const jobs = parse(recipe('gitlab-ci')) as Record<
      string,
      {
        image: string
        services: { name: string; alias: string }[]
        variables: Record<string, string>
        script: string[]
      }
    >
    const job = Object.values(jobs)[0]!
    expect(job.services[0]!.name).toBe(PUSHED)
    const network = `genmock-recipe-${process.pid}`
    const variables = Object.entries(job.variables).flatMap(([key, value]) => ['-e', `${key}=${value}`])
    await engine(['network', 'create', network])
    try {
      const service = ['--network', network, '--network-alias', job.services[0]!.alias]
      await engine(['run', '-d', '--name', `${network}-svc`, ...service, ...variables, IMAGE])
      // The job's image is node:26-trixie-slim: the base the image was built on is its equivalent.
      const script = probed(job.script.join('\n'), PROBE_NODE)
      const { stdout } = await engine([
        'run',
        '--rm',
        '--network',
        network,
        ...variables,
        '--entrypoint',
        'bash',
        setup().base,
        '-euo',
        'pipefail',
        '-c',
        script,
      ])
      expect(stdout).toContain('probe-ok')
    } finally {
      await engine(['rm', '-f', `${network}-svc`], { allowFailure: true })
      await engine(['network', 'rm', network], { allowFailure: true })
    }
  })

  it('binary-shell: the executable from its tarball, in the background of a plain shell job', async () => {
    const dir = tempDir()
    copyFileSync(join(ROOT, 'release', 'genmock-linux-x64.tar.gz'), join(dir, 'genmock-linux-x64.tar.gz'))
    const port = await freePort()
    const script = probed(recipe('binary-shell')).replaceAll('4600', String(port))
    const out = await bash(script, { cwd: dir, env: { PATH: '/usr/bin:/bin' } })
    expect(out).toContain('probe-ok')
    const log = readFileSync(join(dir, 'genmock.log'), 'utf8')
    expect(log).toContain('"event":"ready"')
    expect(log).toContain('"event":"stopping","reason":"SIGTERM"')
  })
})
