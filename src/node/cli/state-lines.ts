// What the CLI says about the --state DIR: the banner's line at start, the line when it stops.
import type { Output } from './output.js'
import type { StateKeeper } from '../state/state-keeper.js'

/**
 * The banner's state line and the ready event's fields.
 * @example
 * stateLine(keeper).text // 'state/ (12 tasks loaded); saved within a second of each change'
 */
export function stateLine(keeper: StateKeeper) {
  const { from, tasks, recovered, fromIgnored } = keeper.loaded
  const found =
    from === 'dir'
      ? `${tasks} task${tasks === 1 ? '' : 's'} loaded${recovered ? ', after an unclean stop' : ''}` +
        `${fromIgnored ? '; --state-from not used: the folder holds a state' : ''}`
      : from === 'file'
        ? `new, from --state-from (${tasks} tasks)`
        : 'new'
  const when = {
    scheduled: 'saved within a second of each change',
    request: 'each change saved before its answer',
    shutdown: 'saved when genmock stops',
    manual: 'saved on POST /__mock/state/save',
  }[keeper.strategy]
  return {
    text: `${keeper.dir} (${found}); ${when}`,
    fields: { dir: keeper.dir, strategy: keeper.strategy, from, tasks, recovered },
  }
}

/** The warning at start when the log's torn last write was dropped (docs/state.md, Damage and crashes). */
export function tornLine(keeper: StateKeeper, out: Output): void {
  const torn = keeper.loaded.torn
  if (torn === undefined) return
  out.warn(
    'state-torn',
    { ...torn },
    `warning: ${torn.file}: a torn last write (${torn.bytes} bytes from byte ${torn.offset}, never acknowledged) ` +
      `was dropped; the original is kept as ${torn.copy}`,
  )
}

/** The line when genmock stops: whether its last changes were saved. The exit code: 1 when a save failed. */
export function savedLine(keeper: StateKeeper, out: Output): number {
  const { lastSavedAt, unsaved } = keeper.status()
  if (keeper.failure !== undefined) {
    out.warn(
      'state-unsaved',
      { dir: keeper.dir, lastSavedAt, reason: keeper.failure },
      `the state could not be saved to ${keeper.dir} (${keeper.failure}); ` + `last saved ${lastSavedAt ?? 'never'}`,
    )
    return 1
  }
  if (keeper.strategy !== 'manual' || !unsaved) {
    out.event('state', { dir: keeper.dir, saved: true }, `genmock: state saved to ${keeper.dir}`)
    return 0
  }
  out.warn(
    'state-unsaved',
    { dir: keeper.dir, lastSavedAt },
    `--state-save manual: the changes since ${lastSavedAt ?? 'start'} were not saved to ${keeper.dir}`,
  )
  return 0
}
