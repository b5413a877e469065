import { spawn } from 'node:child_process'
import { readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { StateDirError, takeLock } from '../../src/node/state/state-dir.js'
import { keep, keptFolder, tmp } from './folder-kit.js'

/**
 * No writes through links, and a lock that says what it is (docs/state.md, The lock):
 * a state file that is a link is refused and what it points at is left alone; the lock is made
 * with an exclusive create; a lock of a process that is gone, a zombie, or a pid used again is
 * taken over; a garbled lock, and one of a live process that is not genmock, are refused in words.
 */

const children: { kill(): void }[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

/** A file of the user's, outside the folder, that a link in the folder points at. */
function usersFile(): string {
  const file = join(tmp(), 'precious.txt')
  writeFileSync(file, 'mine')
  return file
}

function refusal(action: () => unknown): string {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(StateDirError)
    return (error as Error).message
  }
  throw new Error('not refused')
}

/** A process that is not genmock, with its pid; killed after the test. */
async function sleeper(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' })
  children.push(child)
  await new Promise((resolve) => child.once('spawn', resolve))
  return child.pid!
}

/**
 * The pid of a process that has exited and that its parent (a `sleep`) never waits for: a zombie. It
 * exits once the shell that started it has become that `sleep`, which a shell that reaps its finished
 * jobs between commands would otherwise beat.
 */
async function zombie(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.push(child)
  const pid = Number(await new Promise<string>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(`${d}`))))
  for (let i = 0; i < 200 && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); i++)
    await new Promise((resolve) => setTimeout(resolve, 20))
  return pid
}

const lockOf = (pid: number, extra: object = {}) =>
  JSON.stringify({ pid, host: hostname(), since: '2026-11-29T00:00:00.000Z', ...extra })

describe('state files are never written through a link', () => {
  it('a state.json.tmp link: the start is refused, the file it points at untouched', () => {
    const target = usersFile()
    const dir = tmp()
    symlinkSync(target, join(dir, 'state.json.tmp'))
    expect(refusal(() => keep(dir))).toMatch(/state\.json\.tmp: is a symbolic link; genmock writes only its own/)
    expect(readFileSync(target, 'utf8')).toBe('mine')
  })

  it('a state.json or changes.log link is refused, never read or appended through', async () => {
    const { dir } = await keptFolder(1)
    const target = usersFile()
    const log = join(dir, 'changes.log')
    writeFileSync(target, readFileSync(log))
    const { rmSync } = await import('node:fs')
    rmSync(log)
    symlinkSync(target, log)
    expect(refusal(() => keep(dir))).toMatch(/changes\.log: is a symbolic link/)
  })

  it('a genmock.lock link is refused in words, the file it points at untouched', () => {
    const target = usersFile()
    const dir = tmp()
    symlinkSync(target, join(dir, 'genmock.lock'))
    expect(refusal(() => takeLock(dir))).toMatch(/genmock\.lock: is a symbolic link/)
    expect(readFileSync(target, 'utf8')).toBe('mine')
  })
})

describe('the lock', () => {
  it('garbled: refused in words, saying how to clear it', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'genmock.lock'), 'zzz')
    expect(refusal(() => takeLock(dir))).toMatch(
      /genmock\.lock: is not a genmock lock \(it holds "zzz"\); if no genmock uses this folder, delete .*\.lock$/,
    )
  })

  it('empty and old (a crash between its making and its writing): taken over', () => {
    const dir = tmp()
    writeFileSync(join(dir, 'genmock.lock'), '')
    const then = new Date(Date.now() - 60_000)
    utimesSync(join(dir, 'genmock.lock'), then, then)
    const lock = takeLock(dir)
    expect(lock.stale).toBe(true)
    expect(JSON.parse(readFileSync(join(dir, 'genmock.lock'), 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it('of a zombie process: taken over', async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'genmock.lock'), lockOf(await zombie()))
    const lock = takeLock(dir)
    expect(lock.stale).toBe(true)
    lock.release()
  })

  it('of a live process that is not genmock: refused, saying how to clear it', async () => {
    const dir = tmp()
    const pid = await sleeper()
    writeFileSync(join(dir, 'genmock.lock'), lockOf(pid))
    expect(refusal(() => takeLock(dir))).toMatch(
      new RegExp(
        `names pid ${pid}, a live process that is not genmock \\(sleep 30\\); ` +
          'if no genmock uses this folder, delete .*genmock\\.lock$',
      ),
    )
  })

  it('written by a live process, whatever its command (genmock/node in a script): in use', async () => {
    const dir = tmp()
    const pid = await sleeper()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const started = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19])
    writeFileSync(join(dir, 'genmock.lock'), lockOf(pid, { started }))
    expect(refusal(() => takeLock(dir))).toMatch(
      new RegExp(`in use by genmock pid ${pid} .*; one genmock per --state DIR$`),
    )
  })

  it('whose pid now names a process started later: taken over', async () => {
    const dir = tmp()
    writeFileSync(join(dir, 'genmock.lock'), lockOf(await sleeper(), { started: 1 }))
    const lock = takeLock(dir)
    expect(lock.stale).toBe(true)
    lock.release()
  })

  it('held by this process: a second taker is refused; released, it is free', () => {
    const dir = tmp()
    const lock = takeLock(dir)
    expect(refusal(() => takeLock(dir))).toMatch(/in use by another server of this process/)
    lock.release()
    takeLock(dir).release()
  })
})
