import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Spawning the real `genmock` CLI, as a user runs it, for the CLI tests. */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The built command, as the package's bin points at it: `npm test` builds it first. */
export const BIN = 'dist/cli.cjs'
if (!existsSync(join(ROOT, BIN))) throw new Error(`${BIN} is missing: run \`npm run build\` first (npm test does)`)
/**
 * Generous limit, for a busy machine, for a process to print its URL or for a run() to end; only a
 * guard against hanging, never asserted.
 */
export const LIMIT_MS = 60_000

export interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const children: ChildProcess[] = []

/**
 * Starts `genmock ...args` from the project root, with `env` added to the environment; stop the
 * ones still running with killAll(). A run that has not ended after `limitMs` is killed and its
 * `exited` rejects saying so; without a limit it runs until the test stops it.
 */
export function start(args: string[], env: Record<string, string> = {}, limitMs?: number): Run {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    const timer =
      limitMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill('SIGKILL')
            reject(new Error(`genmock ${args.join(' ')} did not exit in time\nstdout: ${out}\nstderr: ${err}`))
          }, limitMs)
    // 'close', not 'exit': a process can exit before its last output is read from the pipes.
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal })
    })
  })
  exited.catch(() => {})
  return { child, stdout: () => out, stderr: () => err, exited }
}

/** Runs `genmock ...args` to its exit, within LIMIT_MS. */
export async function run(args: string[], env: Record<string, string> = {}) {
  const r = start(args, env, LIMIT_MS)
  const { code, signal } = await r.exited
  return { code, signal, stdout: r.stdout(), stderr: r.stderr() }
}

/** Waits until the banner (or the ready event of --log json) shows the base URL, and returns it. */
export function baseUrl(r: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    const find = () =>
      /base_url\s+(http:\/\/\S+)|^\{"time":"[^"]*","event":"ready","url":"([^"]+)"/m
        .exec(r.stdout())
        ?.slice(1)
        .find(Boolean)
    const timer = setTimeout(
      () => reject(new Error(`no base_url in the banner\nstdout: ${r.stdout()}\nstderr: ${r.stderr()}`)),
      LIMIT_MS,
    )
    const check = () => {
      const url = find()
      if (url) {
        clearTimeout(timer)
        r.child.stdout!.off('data', check)
        resolve(url)
      }
    }
    r.child.stdout!.on('data', check)
    r.exited.then(({ code }) => {
      clearTimeout(timer)
      reject(new Error(`genmock exited (${code}) before printing its URL\nstderr: ${r.stderr()}`))
    }, reject)
    check()
  })
}

/** Kills every process start() began that is still running. */
export function killAll(): void {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
}
