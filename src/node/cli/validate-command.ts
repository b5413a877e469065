// `genmock validate FILE|DIR|GLOB...` (docs/cli.md): scenario files checked as the server would load them.
import { formatProblem, loadScenarioFiles } from '../files/scenario-files.js'
import { writeError } from './output.js'
import { validateTargets } from './validate-targets.js'

/** `genmock validate FILE|DIR|GLOB...`: every problem of every file, then a verdict per file. */
export function validateFiles(args: string[]): number {
  const { files, empty } = validateTargets(args)
  for (const line of empty) writeError(`${line}\n`)
  const { entries, problems } = loadScenarioFiles(files)
  for (const problem of problems) writeError(`${formatProblem(problem)}\n`)
  const bad = new Set(problems.map((problem) => problem.file))
  for (const file of files) {
    const entry = entries.find((e) => e.origin === file)
    if (!bad.has(file) && entry) process.stdout.write(`ok ${file} (${entry.scenario.name})\n`)
  }
  return problems.length + empty.length > 0 ? 1 : 0
}
