// `genmock validate FILE...` (docs/cli.md): scenario files checked as the server would load them.
import { writeError } from './output.js'

/** `genmock validate FILE...`: every problem of every file, then a verdict per file. */
export async function validateFiles(files: string[]): Promise<number> {
  const { formatProblem, loadScenarioFiles } = await import('../files/scenario-files.js')
  const { entries, problems } = loadScenarioFiles(files)
  for (const problem of problems) writeError(`${formatProblem(problem)}\n`)
  const bad = new Set(problems.map((problem) => problem.file))
  for (const file of files) {
    const entry = entries.find((e) => e.origin === file)
    if (!bad.has(file) && entry) process.stdout.write(`ok ${file} (${entry.scenario.name})\n`)
  }
  return problems.length > 0 ? 1 : 0
}
