import { copyFileSync, existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import { Drift } from '../../src/drift/drift-state.js'
import { Engine } from '../../src/engine/engine.js'
import { SERVICE_ROUTES } from '../../src/handlers/route-table.js'
import { StateDirError } from '../../src/node/state/state-dir.js'
import { StateKeeper } from '../../src/node/state/state-keeper.js'
import { START } from './mixed-load.js'

/** In-process --state DIR folders for the damage and fault tests: made, copied as a crash leaves them, read back. */

export const options = () => ({ seed: 7, clock: { mode: 'manual' as const, start: START, wallNow: () => START } })
const IMAGE = { model: 'base-image-2', prompt: 'a fox' }

export const tmp = (name = 'genmock-folder-') => mkdtempSync(join(tmpdir(), name))

/** A keeper on `dir` for a fresh engine (refuses as a start would: a StateDirError). */
export function keep(dir: string, save: 'manual' | 'request' = 'manual') {
  const engine = new Engine(options())
  const keeper = new StateKeeper(engine, new Drift(SERVICE_ROUTES), { dir, save }, 'test')
  return { engine, keeper }
}

/** Submits one image task as Alice; its id. */
export async function submit(engine: Engine): Promise<string> {
  const alice = engine.authenticate({ kind: 'key', key: 'sk_test_alice' })
  return (await engine.submit(alice, 'image', IMAGE)).response.taskId
}

/** The ids of the tasks an engine holds. */
export function taskIds(engine: Engine): string[] {
  const { records } = engine.save().tasks
  const at = records.columns.indexOf('id')
  return records.rows.map((row) => row[at] as string).sort()
}

/**
 * A folder holding `tasks` tasks, each saved by a line of its own, closed cleanly (`manual`: no save at close):
 * its ids sorted, and in the order they were saved (line 1 the opening, line i+1 task i).
 */
export async function keptFolder(tasks: number): Promise<{ dir: string; ids: string[]; saved: string[] }> {
  const dir = tmp()
  const { engine, keeper } = keep(dir)
  const saved: string[] = []
  for (let i = 0; i < tasks; i++) {
    saved.push(await submit(engine))
    await keeper.save()
  }
  await keeper.close()
  return { dir, ids: [...saved].sort(), saved }
}

/** A start on the folder: the ids it loads, or the message of its refusal (a StateDirError). */
export function startOn(dir: string): string[] | string {
  try {
    const { engine, keeper } = keep(dir)
    const ids = taskIds(engine)
    void keeper.close()
    return ids
  } catch (error) {
    expect(error).toBeInstanceOf(StateDirError)
    return (error as Error).message
  }
}

/** The folder's files as a crash leaves them, in a folder of their own (no lock: its process is gone). */
export function crashCopy(dir: string): string {
  const copy = tmp('genmock-crash-')
  for (const name of ['state.json', 'changes.log', 'state.json.tmp', 'changes.log.tmp'])
    if (existsSync(join(dir, name))) copyFileSync(join(dir, name), join(copy, name))
  return copy
}
