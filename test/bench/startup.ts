// Startup as a user meets it: the project packed with `npm pack`, the tarball installed with msw into
// a fresh project under the OS temp folder, and its `node_modules/.bin/genmock` spawned again and
// again. Also the repository's own `npm start`. Spawned processes get every core (the bench itself
// keeps to one while it generates load).
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { median } from './load.js'
import { allCores, ALICE, GENERATE_BODY, GENERATE_PATH, headers, ROOT, rssOf } from './targets.js'

const say = (line = '') => process.stdout.write(`${line}\n`)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) failed with ${result.status}:\n${result.stderr}${result.stdout}`,
    )
  return result.stdout
}

export interface Package {
  tarball: string
  tarballBytes: number
  files: number
  /** The fresh project the tarball was installed into. */
  app: string
  bin: string
  /** node_modules of that project: packages and bytes on disk (msw included). */
  installedPackages: number
  installedBytes: number
  installSeconds: number
  /** The install was already there for this very tarball (same contents). */
  reused: boolean
}

/**
 * `npm pack`, then `npm install` of the tarball and of the msw version this repository uses into a
 * new project; an install of the same tarball from an earlier run is reused. A dist/ newer than
 * every source file is packed as it is; else `npm pack` runs the `prepare` script, which builds.
 */
export function packAndInstall(): Package & { built: boolean } {
  const packDir = mkdtempSync(join(os.tmpdir(), 'genmock-bench-pack-'))
  try {
    const built = !existsSync(join(ROOT, 'dist')) || staleBuild() !== undefined
    run('npm', ['pack', '--silent', ...(built ? [] : ['--ignore-scripts']), '--pack-destination', packDir], ROOT)
    const name = readdirSync(packDir).find((file) => file.endsWith('.tgz'))
    if (!name) throw new Error('npm pack wrote no tarball')
    const packed = join(packDir, name)
    const bytes = readFileSync(packed)
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12)
    const files = run('tar', ['-tzf', packed], packDir)
      .split('\n')
      .filter((line) => line && !line.endsWith('/')).length
    const app = join(os.tmpdir(), `genmock-bench-app-${hash}`)
    const bin = join(app, 'node_modules', '.bin', 'genmock')
    const reused = existsSync(bin)
    let installSeconds = NaN
    if (!reused) {
      for (const old of readdirSync(os.tmpdir()).filter((dir) => dir.startsWith('genmock-bench-app-')))
        rmSync(join(os.tmpdir(), old), { recursive: true, force: true })
      mkdirSync(app)
      const tarball = join(app, name)
      writeFileSync(tarball, bytes)
      writeFileSync(
        join(app, 'package.json'),
        `${JSON.stringify({ name: 'genmock-bench-app', private: true, type: 'module' }, null, 2)}\n`,
      )
      const msw = (JSON.parse(readFileSync(join(ROOT, 'node_modules/msw/package.json'), 'utf8')) as { version: string })
        .version
      const started = performance.now()
      run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `./${name}`, `msw@${msw}`],
        app,
      )
      installSeconds = (performance.now() - started) / 1000
    }
    const lock = JSON.parse(readFileSync(join(app, 'node_modules/.package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>
    }
    const installedPackages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/')).length
    const installedBytes = Number(run('du', ['-sb', 'node_modules'], app).split('\t')[0]) || NaN
    return {
      tarball: name,
      tarballBytes: bytes.byteLength,
      files,
      app,
      bin,
      installedPackages,
      installedBytes,
      installSeconds,
      reused,
      built,
    }
  } finally {
    rmSync(packDir, { recursive: true, force: true })
  }
}

/** Milliseconds from spawn to exit, and what it printed. */
async function timedRun(command: string, args: string[], cwd: string): Promise<{ ms: number; out: string }> {
  const [cmd, argv] = allCores(command, args)
  const started = performance.now()
  const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const [code] = (await once(child, 'exit')) as [number | null]
  const ms = performance.now() - started
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}: ${out}`)
  return { ms, out }
}

export interface ColdStart {
  /** Spawn → the first POST /api/ai/image/generate answered. */
  ms: number
  /** VmRSS of the server process 1 s after that answer; NaN when the spawned process is not the server (npm start). */
  idleRss: number
}

/**
 * Spawns a server command, reads `base_url` from its banner, sends one POST as soon as it is there,
 * notes the time, waits a second and reads the process's RSS, then ends it (its whole process group).
 */
async function coldStart(command: string, args: string[], cwd: string, serverIsChild: boolean): Promise<ColdStart> {
  const [cmd, argv] = allCores(command, args)
  const started = performance.now()
  const child = spawn(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let out = ''
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /base_url\s+(\S+)/.exec(out)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) =>
        reject(new Error(`${command} ${args.join(' ')} exited with ${code} before serving:\n${out}`)),
      )
    })
    const res = await fetch(url + GENERATE_PATH, { method: 'POST', headers: headers(ALICE), body: GENERATE_BODY })
    await res.arrayBuffer()
    const ms = performance.now() - started
    if (!res.ok) throw new Error(`first POST answered ${res.status}`)
    await sleep(1000)
    return { ms, idleRss: serverIsChild ? rssOf(child.pid!) : NaN }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit')
      try {
        process.kill(-child.pid!, 'SIGTERM') // the group: npm start's shell and node too
      } catch {
        child.kill('SIGTERM')
      }
      await exited
    }
  }
}

export interface StartupFigures {
  package: Omit<Package, 'app' | 'bin'>
  bin: string
  versionMs: number[]
  coldStartMs: number[]
  idleRssBytes: number[]
  npxVersionMs: number[]
  /** Only with BENCH_NPM_START=1: `npm start` builds first. */
  npmStartMs: number[]
  median: { versionMs: number; coldStartMs: number; idleRssMB: number; npxVersionMs: number; npmStartMs: number }
}

const MB = 1024 * 1024
const ms = (values: number[]) => values.map((value) => Math.round(value)).join(', ')

export async function startupSection(runs: number): Promise<StartupFigures> {
  say('\nStartup of the installed package   (npm pack → npm install into a fresh project; every core)')
  const pkg = packAndInstall()
  const { app, bin, ...packFigures } = pkg
  say(
    `  ${pkg.tarball} (${pkg.built ? 'built by npm pack' : 'the current dist/'}): ` +
      `${(pkg.tarballBytes / 1024).toFixed(0)} kB, ${pkg.files} files; ` +
      `installed with msw: ${pkg.installedPackages} packages, ${(pkg.installedBytes / MB).toFixed(1)} MB` +
      (pkg.reused
        ? ' (install reused: same tarball as an earlier run)'
        : `, npm install took ${pkg.installSeconds.toFixed(1)} s`),
  )
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
  const versionMs: number[] = []
  for (let i = 0; i < runs; i++) {
    const { ms: took, out } = await timedRun(bin, ['--version'], app)
    if (!out.includes(version)) throw new Error(`genmock --version printed "${out.trim()}", not ${version}`)
    versionMs.push(took)
  }
  // The banner tells the URL (--log silent prints none); the one request's log line comes after the time taken.
  const serverArgs = ['--port', '0', '--clock', 'manual']
  const cold: ColdStart[] = []
  for (let i = 0; i < runs; i++) cold.push(await coldStart(bin, serverArgs, app, true))
  const npxVersionMs: number[] = []
  for (let i = 0; i < 3; i++) {
    const { ms: took, out } = await timedRun('npx', ['--no', '--', 'genmock', '--version'], app)
    if (!out.includes(version)) throw new Error(`npx genmock --version printed "${out.trim()}", not ${version}`)
    npxVersionMs.push(took)
  }
  const npmStartMs: number[] = []
  if (process.env.BENCH_NPM_START === '1')
    npmStartMs.push((await coldStart('npm', ['start', '--silent', '--', ...serverArgs], ROOT, false)).ms)

  const figures: StartupFigures = {
    package: packFigures,
    bin: bin.slice(app.length + 1),
    versionMs,
    coldStartMs: cold.map((run) => run.ms),
    idleRssBytes: cold.map((run) => run.idleRss),
    npxVersionMs,
    npmStartMs,
    median: {
      versionMs: median(versionMs),
      coldStartMs: median(cold.map((run) => run.ms)),
      idleRssMB: median(cold.map((run) => run.idleRss)) / MB,
      npxVersionMs: median(npxVersionMs),
      npmStartMs: median(npmStartMs),
    },
  }
  const m = figures.median
  say(`  genmock --version                        median ${Math.round(m.versionMs)} ms of ${runs} (${ms(versionMs)})`)
  say(
    '  spawn → first answered POST              ' +
      `median ${Math.round(m.coldStartMs)} ms of ${runs} (${ms(figures.coldStartMs)})`,
  )
  say(
    '  RSS of that server 1 s after             ' +
      `median ${m.idleRssMB.toFixed(0)} MB (${figures.idleRssBytes.map((b) => (b / MB).toFixed(0)).join(', ')})`,
  )
  say(`  context: npx genmock --version           median ${Math.round(m.npxVersionMs)} ms of 3 (${ms(npxVersionMs)})`)
  if (npmStartMs.length > 0)
    say(`  context: npm start in the repository (builds first) → first answered POST: ${Math.round(m.npmStartMs)} ms`)
  else
    say(
      '  (npm start in the repository builds dist/ first, ' +
        'so it is not timed by default: BENCH_NPM_START=1 times it once)',
    )
  return figures
}

/** When the build is older than the newest source file, its figures are not today's. */
export function staleBuild(): string | undefined {
  const dist = join(ROOT, 'dist')
  if (!existsSync(dist)) return undefined
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const path = join(dir, entry.name)
      return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
    }, 0)
  const built = newest(dist)
  const edited = newest(join(ROOT, 'src'))
  return edited > built
    ? `dist/ is older than src/ (by ${Math.round((edited - built) / 1000)} s): ` +
        "run `npm run build` for today's figures"
    : undefined
}
