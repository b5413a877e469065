// Where a server's state starts (docs/state.md): with --state DIR, the keeper of that folder; with
// --state-from FILE, the snapshot taken up when no folder holds a state (no --state, or a new folder).
// The one place a server's state options are turned into a keeper and a snapshot is taken up.
import type { Simulation } from '../../simulator.js'
import type { StateOptions } from './keeper-options.js'
import { startFromSnapshot } from './snapshot-file.js'
import { StateKeeper } from './state-keeper.js'

/**
 * Starts the state of `simulation` as `options` say: the keeper of `options.dir` (which takes up
 * `options.from` when the folder holds no state yet), or undefined without a folder, `options.from`
 * taken up then. Refuses with a StateDirError naming the file.
 * @example
 * const keeper = startState(simulation, { dir: '.genmock', from: 'fixture.json' }, VERSION)
 */
export function startState(
  { engine, drift }: Simulation,
  options: StateOptions,
  version: string,
): StateKeeper | undefined {
  const { dir, from } = options
  const takeUp = () => {
    if (from !== undefined) startFromSnapshot(engine, drift, from)
  }
  if (dir === undefined) {
    takeUp()
    return undefined
  }
  return new StateKeeper(engine, drift, { ...options, dir }, version, takeUp)
}
