// genmock.lock, the process that keeps a --state DIR (docs/state.md, The lock): taken with an
// exclusive create, never through a link; a lock of a process that is gone (or a zombie, or whose
// pid now names another program started later) is taken over; one of another machine is waited
// for until it is stale (a replacement container after a kill); any other is refused in words.
import { closeSync, constants, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join, resolve } from 'node:path'
import { reasonOf, type StateWarn, toStderr } from './save-failures.js'
import { StateDirError, unwritable } from './state-error.js'
import { readText, sleepSync } from './state-fs.js'

export const LOCK_FILE = 'genmock.lock'
/** How often the lock says its process is alive, and how long another machine's lock counts without it. */
export const LOCK_BEAT_MS = 5_000
export const LOCK_STALE_MS = 3 * LOCK_BEAT_MS

/** The lock files this process holds: its own pid in a lock is not enough to tell (see takeLock). */
const HELD = new Set<string>()

/** Removes a held lock; the words of why it could not be, else undefined. Never throws: it runs at close and exit. */
function removed(held: string): string | undefined {
  try {
    rmSync(held, { force: true })
    return undefined
  } catch (error) {
    return `${held}: the lock could not be removed (${reasonOf(error)}); if no genmock uses its folder, delete it`
  }
}

/**
 * At exit, the locks this process still holds are removed (a server never closed, a process.exit): one
 * listener while any lock is held, however many folders one process keeps. One that cannot be removed
 * leaves the others removed and says so in a line on stderr, which is written at once here (a warning
 * would come after the exit); the next start takes it over, as its process is gone.
 */
function releaseAtExit(): void {
  for (const held of HELD) {
    const left = removed(held)
    if (left !== undefined) process.stderr.write(`genmock: ${left}\n`)
  }
  HELD.clear()
}

function hold(held: string): void {
  if (HELD.size === 0) process.on('exit', releaseAtExit)
  HELD.add(held)
}

function letGo(held: string, warn: StateWarn): void {
  if (!HELD.delete(held)) return
  if (HELD.size === 0) process.off('exit', releaseAtExit)
  const left = removed(held)
  if (left !== undefined) warn('state-lock-left', { file: held }, left)
}

interface LockOwner {
  pid: number
  host: string
  since: string
  /** When the process started, in clock ticks after boot (/proc/PID/stat): a pid used again differs. */
  started?: number
}

/** A process as /proc tells of it (Linux): its state letter, start time and command; undefined elsewhere. */
function processInfo(pid: number): { state: string; started: number; command: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
    return { state: fields[0]!, started: Number(fields[19]), command }
  } catch {
    return undefined
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The command of a process looks like genmock: the package's bin, the bundle, or a single executable of that name. */
const looksLikeGenmock = (command: string) => /genmock|cli\.c?js/.test(command)

const inUse = (owner: LockOwner) =>
  `the folder is in use by genmock pid ${owner.pid} on ${owner.host} since ${owner.since}; one genmock per --state DIR`

/** What a lock on this machine means: taken over ('gone'), or a refusal's words. */
function judgeLocal(owner: LockOwner, file: string): 'gone' | string {
  // In a container genmock is often pid 1 on every start: its own pid is a previous run's.
  if (owner.pid === process.pid || !exists(owner.pid)) return 'gone'
  const info = processInfo(owner.pid)
  if (info === undefined) return inUse(owner)
  if (info.state === 'Z') return 'gone'
  // The process that wrote the lock (genmock, or a program running it through genmock/node), or a later one.
  if (owner.started !== undefined) return owner.started === info.started ? inUse(owner) : 'gone'
  if (!looksLikeGenmock(info.command))
    return (
      `names pid ${owner.pid}, a live process that is not genmock (${info.command.slice(0, 60)}); ` +
      `if no genmock uses this folder, delete ${file}`
    )
  return inUse(owner)
}

/** Another machine's lock, still counting: its owner and how long ago it last said it was alive. */
type Fresh = { owner: LockOwner; touchedMs: number }

/**
 * Why a lock there now is not taken over (a refusal's words, or another machine's lock that still
 * counts), or undefined when it may be.
 */
export function lockRefusal(file: string, staleMs = LOCK_STALE_MS): string | Fresh | undefined {
  const text = readText(file)
  if (text === undefined) return undefined
  let owner: Partial<LockOwner> | undefined
  try {
    owner = JSON.parse(text) as Partial<LockOwner>
  } catch {}
  const touchedMs = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0)
  const old = touchedMs >= staleMs
  if (typeof owner?.pid !== 'number' || typeof owner.host !== 'string') {
    // An empty lock is what a crash between its making and its writing leaves.
    if (text.trim() === '' && old) return undefined
    return (
      `is not a genmock lock (it holds ${JSON.stringify(text.slice(0, 40))}); ` +
      `if no genmock uses this folder, delete ${file}`
    )
  }
  if (owner.host !== hostname()) return old ? undefined : { owner: owner as LockOwner, touchedMs }
  const local = judgeLocal(owner as LockOwner, file)
  return local === 'gone' ? undefined : local
}

/** Makes the lock file only if there is none (exclusive create, no link followed); false if there is one. */
function create(file: string, me: LockOwner): boolean {
  let fd: number
  try {
    fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw unwritable(file, (error as NodeJS.ErrnoException).code)
  }
  try {
    // Not fsynced: a lock is about processes, and a machine that crashed runs none of them.
    writeSync(fd, JSON.stringify(me))
  } finally {
    closeSync(fd)
  }
  return true
}

/** What takeLock is told: where its warning goes, and how long another machine's lock counts (tests shorten it). */
export interface LockOptions {
  warn?: StateWarn | undefined
  lockStaleMs?: number | undefined
}

/**
 * Why the lock is not taken over, as refusal words, or undefined when it may be. Another machine's
 * lock is waited for, saying so once, until it is stale: its holder (a container killed, say) has not
 * touched it for `staleMs`. One touched all along is of a live holder: refused after that long.
 */
function judge(file: string, { warn, lockStaleMs: staleMs = LOCK_STALE_MS }: LockOptions): string | undefined {
  const deadline = Date.now() + staleMs + Math.min(LOCK_BEAT_MS, staleMs)
  for (let said = false; ; said = true) {
    const why = lockRefusal(file, staleMs)
    if (why === undefined || typeof why === 'string') return why
    if (Date.now() >= deadline) return inUse(why.owner)
    const { owner, touchedMs } = why
    if (!said)
      (warn ?? toStderr)(
        'state-lock-wait',
        { file, pid: owner.pid, host: owner.host, waitMs: staleMs - touchedMs },
        `${file}: held by genmock pid ${owner.pid} on ${owner.host} (another machine), which last said it was ` +
          `alive ${Math.round(touchedMs / 1000)} s ago; ` +
          `waiting until it has been silent ${staleMs / 1000} s to take it over`,
      )
    sleepSync(Math.max(10, Math.min(staleMs - touchedMs, staleMs / 10, 250)))
  }
}

/**
 * Takes the folder's lock, or refuses when another genmock holds it: one on this machine whose
 * process is alive. Another machine's lock (a container sharing the volume) is waited for until it
 * is stale (see judge). A lock left by a process that is gone is taken over: `stale` says so (the
 * last run did not stop cleanly). A lock still held when the process exits is removed then. `release`
 * never throws: a lock it cannot remove (its path made a folder, say) is told to `warn`.
 * @example
 * const lock = takeLock(dir); … lock.release()
 */
export function takeLock(dir: string, options: LockOptions = {}): { stale: boolean; beat(): void; release(): void } {
  const file = join(dir, LOCK_FILE)
  const held = resolve(file)
  if (HELD.has(held))
    throw new StateDirError(
      `${file}: the folder is in use by another server of this process; one genmock per --state DIR`,
    )
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() }
  const started = processInfo(process.pid)?.started
  if (started !== undefined) me.started = started
  let stale = false
  // Twice at most: a lock taken over is removed, then made anew unless another process made it first.
  for (let attempt = 0; !create(file, me); attempt++) {
    const why = judge(file, options)
    if (why !== undefined || attempt > 0)
      throw new StateDirError(`${file}: ${why ?? 'taken by another genmock meanwhile; one genmock per --state DIR'}`)
    stale = true
    try {
      rmSync(file, { force: true })
    } catch (error) {
      throw unwritable(file, (error as NodeJS.ErrnoException).code, 'cannot be taken over')
    }
  }
  hold(held)
  return {
    stale,
    beat: () => {
      const now = new Date()
      try {
        utimesSync(file, now, now)
      } catch {}
    },
    release: () => letGo(held, options.warn ?? toStderr),
  }
}
