import { execFile, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { answered, engine, freePort, ROOT, setup } from './engine.js'
import { type Answer, type Call, runClient } from './sandbox-client.js'

/**
 * docs/sandbox.md, With compose, step by step: the compose file and the start steps run as written
 * (a free host port for 4600, podman-compose or docker's compose for `docker compose`), then the
 * admin and three teams as containers of the image on the compose network, each a `node` script
 * calling http://genmock:4600 with its credential. One compose up for every check: health open and
 * the compose health check passing, the teams made, each team's key on its own world only, refusals
 * naming the admin token, the account label of the metrics, a restart after its process is killed
 * with the state kept, and the admin's reset revoking the keys. Everything made is removed after. A client
 * whose network DNS loses the service's name reaches it at its address (sandbox-client.ts), with a warning.
 */

const execFileP = promisify(execFile)
const PAGE = readFileSync(join(ROOT, 'docs', 'sandbox.md'), 'utf8')
const TEAMS = ['checkout', 'search', 'ads'] as const
/** A generous limit for the start steps on a busy machine (the image answers within seconds): the wait loop's end. */
const START_LIMIT_MS = 120_000

/** The fenced block after `<!-- test: test/distribution/sandbox-compose.test.ts (NAME) -->`. */
function block(name: string): string {
  const marker = `<!-- test: test/distribution/sandbox-compose.test.ts \\(${name}\\) -->`
  const match = new RegExp(`${marker}\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\``).exec(PAGE)
  if (!match) throw new Error(`docs/sandbox.md has no block ${name}`)
  return match[1]!
}

/** The compose command: podman-compose with podman; docker's plugin, else docker-compose, with docker. */
function composeCommand(): string {
  if (setup().engine === 'podman') return 'podman-compose'
  return spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0
    ? 'docker compose'
    : 'docker-compose'
}

interface Sandbox {
  project: string
  dir: string
  url: string
  network: string
  container: string
  /** Runs `calls` in a new container of the image on the compose network, with `credential`. */
  client(name: string, credential: string | undefined, calls: Call[]): Promise<Answer[]>
}

async function bash(script: string, cwd: string) {
  const env = { ...process.env, ...setup().env }
  const { stdout, stderr } = await execFileP('bash', ['-euo', 'pipefail', '-c', script], {
    cwd,
    env,
    timeout: START_LIMIT_MS,
  })
  return stdout + stderr
}

/** The compose file and the start steps of the page, as written but for the host port and the compose command. */
async function start(project: string, dir: string, port: number): Promise<string> {
  const compose = block('compose')
  // The name the clients call it by (http://genmock:4600), whether the network's DNS answers it or not.
  expect(compose).toMatch(/^services:\n {2}genmock:\n/)
  expect(compose).toContain('"4600:4600"')
  writeFileSync(join(dir, 'compose.yaml'), compose.replace('"4600:4600"', `"127.0.0.1:${port}:4600"`))
  const steps = block('start')
  expect(steps).toContain('docker compose up -d')
  const up = `${composeCommand()} -p ${project} -f compose.yaml`
  return bash(steps.replace('docker compose', up).replaceAll('127.0.0.1:4600', `127.0.0.1:${port}`), dir)
}

/** The compose project's containers, by the label docker compose and podman-compose both give them. */
async function projectContainers(project: string): Promise<string[]> {
  const filter = `label=com.docker.compose.project=${project}`
  const { stdout } = await engine(['ps', '-a', '--filter', filter, '--format', '{{.Names}}'], { allowFailure: true })
  return stdout.split('\n').filter(Boolean)
}

/** Starts the sandbox, runs `body` with it, and removes every container, network and volume it made. */
async function withSandbox(body: (sandbox: Sandbox) => Promise<void>) {
  const project = `sandbox${process.pid}`
  const dir = mkdtempSync(join(tmpdir(), 'genmock-sandbox-'))
  chmodSync(dir, 0o755)
  const port = await freePort()
  const up = `${composeCommand()} -p ${project} -f compose.yaml`
  try {
    await start(project, dir, port).catch(async (error: Error) => {
      const logs = await Promise.all(
        (await projectContainers(project)).map((name) => engine(['logs', name], { allowFailure: true })),
      )
      const text = logs.map(({ stdout, stderr }) => stdout + stderr).join('\n')
      throw new Error(`the start steps failed (${error.message.split('\n')[0]}); genmock's logs:\n${text.slice(-3000)}`)
    })
    const [container] = await projectContainers(project)
    const base = { project, dir, url: `http://127.0.0.1:${port}`, network: `${project}_default`, container: container! }
    await body({
      ...base,
      client: (name, credential, calls) =>
        runClient(`${project}-${name}`, base.network, base.container, credential, calls),
    })
  } finally {
    for (const name of ['admin', ...TEAMS]) await engine(['rm', '-f', `${project}-${name}`], { allowFailure: true })
    await bash(`${up} down -v -t 1 || true`, dir).catch(() => '')
    // What the down leaves: a container the restart policy was starting again, podman-compose 1.0's network.
    for (const name of await projectContainers(project)) await engine(['rm', '-f', name], { allowFailure: true })
    await engine(['volume', 'rm', `${project}_genmock-state`], { allowFailure: true })
    await engine(['network', 'rm', `${project}_default`], { allowFailure: true })
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The container's health check passes: run by hand on podman (its timers need systemd), read on docker. */
async function healthy(container: string) {
  if (setup().engine === 'podman') {
    const { stdout } = await engine(['inspect', '--format', '{{json .Config.Healthcheck.Test}}', container])
    expect(stdout).toContain('/__mock/health')
    expect((await engine(['healthcheck', 'run', container], { allowFailure: true })).code).toBe(0)
    return
  }
  await expect
    .poll(async () => (await engine(['inspect', '--format', '{{.State.Health.Status}}', container])).stdout.trim(), {
      timeout: 60_000,
    })
    .toBe('healthy')
}

/** The genmock process in the container, as the host sees it, and how often the engine restarted it. */
async function processOf(container: string) {
  const { stdout } = await engine([
    'inspect',
    '--format',
    '{{.State.Status}} {{.State.Pid}} {{.RestartCount}}',
    container,
  ])
  const [status, pid, restarts] = stdout.trim().split(' ')
  return { status, pid: Number(pid), restarts: Number(restarts) }
}

type Team = { name: string; id: string; key: string }

/** What a team does with its key, on its own world and on another team's. */
function teamCalls(team: Team, other: Team): Call[] {
  return [
    { path: '/__mock/whoami' },
    {
      method: 'POST',
      path: '/api/ai/image/generate',
      body: { model: 'base-image-2', prompt: `a fox for ${team.name}` },
    },
    { method: 'POST', path: `/__mock/accounts/${team.id}/clock/advance`, body: { until: 'idle' } },
    { path: '/__mock/tasks' },
    { path: '/__mock/requests' },
    { path: '/__mock/conformance' },
    { method: 'POST', path: '/__mock/reset', body: {} },
    { path: `/__mock/accounts/${other.id}` },
    { path: `/__mock/tasks?account=${other.id}` },
    { method: 'POST', path: '/__mock/accounts', body: { name: 'mine too' } },
  ]
}

function checkTeam(team: Team, answers: Answer[]) {
  const [whoami, submit, advance, tasks, requests, conformance, reset, other, othersTasks, create] = answers
  expect(whoami).toMatchObject({ status: 200, body: { caller: 'account', accountId: team.id, name: team.name } })
  expect(submit!.status).toBe(200)
  expect(advance).toMatchObject({ status: 200, body: { idle: true } })
  expect(tasks!.status).toBe(200)
  expect(tasks!.body.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([submit!.body.taskId])
  expect(tasks!.body.tasks[0]).toMatchObject({ accountId: team.id, status: 1 })
  expect(requests!.status).toBe(200)
  expect(requests!.body.requests.length).toBeGreaterThan(0)
  expect(new Set(requests!.body.requests.map((entry: { accountId: string }) => entry.accountId))).toEqual(
    new Set([team.id]),
  )
  expect(conformance!.status).toBe(200)
  for (const refused of [reset, create]) {
    expect(refused!.status).toBe(403)
    expect(refused!.body.message).toContain('needs the admin token')
  }
  expect(other!.status).toBe(403)
  expect(othersTasks!.status).toBe(403)
}

/** The admin makes the teams, one account each with a clock of its own; their keys all differ. */
async function makeTeams(sandbox: Sandbox, token: string): Promise<Team[]> {
  const calls = TEAMS.map((name) => ({
    method: 'POST',
    path: '/__mock/accounts',
    body: { name, credits: 100_000, clock: 'own' },
  }))
  const made = await sandbox.client('admin', token, calls)
  const teams = made.map((answer, i) => {
    expect(answer.status).toBe(201)
    return { name: TEAMS[i]!, id: answer.body.id, key: answer.body.apiKey }
  })
  expect(new Set(teams.map((team) => team.key)).size).toBe(3)
  return teams
}

/** The metrics are the admin's, and count each team's requests under its name. */
async function checkMetrics(sandbox: Sandbox, token: string, teams: Team[]) {
  const [[metrics], [refused]] = await Promise.all([
    sandbox.client('admin', token, [{ path: '/__mock/metrics' }]),
    sandbox.client(teams[0]!.name, teams[0]!.key, [{ path: '/__mock/metrics' }]),
  ])
  for (const team of TEAMS)
    expect(metrics!.body).toMatch(
      new RegExp(`genmock_account_requests_total\\{account="${team}",status="200"\\} [1-9]`),
    )
  expect(refused!.status).toBe(403)
}

/**
 * Its process killed (from the host, where the engine's processes are), genmock is started again in
 * the same container on the same volume: a team's key and task are still there.
 */
async function checkRestart(sandbox: Sandbox, team: Team, taskId: string) {
  const before = await processOf(sandbox.container)
  process.kill(before.pid, 'SIGKILL')
  await expect
    .poll(() => processOf(sandbox.container), { timeout: 60_000, interval: 250 })
    .toMatchObject({ status: 'running', restarts: before.restarts + 1 })
  expect((await answered(`${sandbox.url}/__mock/health`, {}, 60_000)).status).toBe(200)
  const [whoami, tasks] = await sandbox.client(team.name, team.key, [
    { path: '/__mock/whoami' },
    { path: '/__mock/tasks' },
  ])
  expect(whoami).toMatchObject({ status: 200, body: { accountId: team.id } })
  expect(tasks!.body.tasks.map((task: { taskId: string }) => task.taskId)).toEqual([taskId])
}

/** The admin's reset revokes every team's key, and names them; the next account gets a new key. */
async function checkReset(sandbox: Sandbox, token: string, teams: Team[]) {
  const [reset, again] = await sandbox.client('admin', token, [
    { method: 'POST', path: '/__mock/reset', body: {} },
    { method: 'POST', path: '/__mock/accounts', body: { name: TEAMS[0] } },
  ])
  expect(reset!.status).toBe(200)
  expect(reset!.body.revokedKeys.map((revoked: { name: string }) => revoked.name).sort()).toEqual([...TEAMS].sort())
  expect(again!.status).toBe(201)
  expect(teams.map((team) => team.key)).not.toContain(again!.body.apiKey)
  const refused = await Promise.all(
    teams.map((team) => sandbox.client(team.name, team.key, [{ path: '/__mock/whoami' }])),
  )
  expect(refused.map(([whoami]) => whoami!.status)).toEqual([401, 401, 401])
}

describe('the shared sandbox of docs/sandbox.md, with compose', () => {
  it('the admin and three teams as containers: each team on its own world, the admin on the whole', async () => {
    await withSandbox(async (sandbox) => {
      // Health and the dashboard's page answer anyone, and the compose file's health check passes.
      expect(await (await fetch(`${sandbox.url}/__mock/health`)).json()).toMatchObject({ ok: true })
      expect((await fetch(`${sandbox.url}/__mock/`)).status).toBe(200)
      await healthy(sandbox.container)
      const token = readFileSync(join(sandbox.dir, 'genmock-token'), 'utf8').trim()
      expect(token).toMatch(/^[0-9a-f]{48}$/)
      // Without a credential, making an account is refused, saying what it needs.
      const anonymous = await fetch(`${sandbox.url}/__mock/accounts`, { method: 'POST', body: '{}' })
      expect(anonymous.status).toBe(401)
      expect((await anonymous.json()).message).toContain('the admin token')
      const teams = await makeTeams(sandbox, token)
      // Each team in its own container, at once, each reaching the next team's account too.
      const ran = await Promise.all(
        teams.map((team, i) => sandbox.client(team.name, team.key, teamCalls(team, teams[(i + 1) % 3]!))),
      )
      for (const [i, team] of teams.entries()) checkTeam(team, ran[i]!)
      await checkMetrics(sandbox, token, teams)
      await checkRestart(sandbox, teams[1]!, ran[1]![1]!.body.taskId)
      await checkReset(sandbox, token, teams)
    })
  }, 420_000)
})
