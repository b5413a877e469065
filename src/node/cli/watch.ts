// `--watch`: scenario files reloaded into the running engine when they change, debounced.
import { watch } from 'node:fs'
import type { Engine } from '../../engine/engine.js'
import type { ScenarioEntry } from '../../engine/scenarios/scenarios.js'
import type { Output } from './output.js'
import { formatProblem, loadScenarioFiles, scenarioFilesIn } from '../files/scenario-files.js'

/** Editors write a file in several steps (truncate, write, rename): one reload after the last. */
const DEBOUNCE_MS = 150

/**
 * Loads the entries into the engine, each checked against what is loaded, so a scenario that
 * uses another one new in the set waits for it; throws the first refusal no order avoids.
 */
function loadAll(engine: Engine, entries: ScenarioEntry[]): string[] {
  let pending = entries
  while (pending.length > 0) {
    const refused: { entry: ScenarioEntry; error: unknown }[] = []
    for (const entry of pending) {
      try {
        engine.loadScenario(entry.scenario, entry.origin)
      } catch (error) {
        refused.push({ entry, error })
      }
    }
    if (refused.length === pending.length) throw refused[0]!.error
    pending = refused.map(({ entry }) => entry)
  }
  return entries.map(({ scenario }) => scenario.name)
}

/**
 * `--watch`: reloads the scenario files of `dir` when one changes. Every file is read and checked
 * again, as at start; a set with a problem is refused whole, the last good one staying loaded,
 * and the reasons are told (stderr, or a `scenarios-refused` event). Scenarios whose file is
 * unchanged are left alone; one whose file was deleted stays loaded until genmock restarts.
 * @example
 * const stop = watchScenarios('./my-scenarios', server.engine, output('pretty'))
 */
export function watchScenarios(dir: string, engine: Engine, out: Output): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const reload = () => {
    let problems: string[]
    let changed: string[] = []
    try {
      const loaded = loadScenarioFiles(scenarioFilesIn(dir))
      problems = loaded.problems.map(formatProblem)
      if (problems.length === 0) {
        const fresh = loaded.entries.filter(
          ({ scenario }) => JSON.stringify(engine.scenario(scenario.name)?.scenario) !== JSON.stringify(scenario),
        )
        changed = loadAll(engine, fresh)
      }
    } catch (error) {
      problems = [`--scenarios ${dir}: ${(error as Error).message}`]
    }
    if (problems.length > 0) {
      out.warn(
        'scenarios-refused',
        { dir, problems },
        `the scenarios in ${dir} were not reloaded, the last good ones stay:\n${problems
          .map((p) => `  ${p}\n`)
          .join('')
          .trimEnd()}`,
      )
    } else if (changed.length > 0) {
      out.event(
        'scenarios-reloaded',
        { dir, scenarios: changed },
        `genmock: reloaded ${changed.join(', ')} from ${dir}`,
      )
    }
  }
  const watcher = watch(dir, () => {
    clearTimeout(timer)
    timer = setTimeout(reload, DEBOUNCE_MS)
  })
  watcher.on('error', (error) =>
    out.warn('watch-error', { dir, error: error.message }, `--watch ${dir}: ${error.message}`),
  )
  return () => {
    clearTimeout(timer)
    watcher.close()
  }
}
