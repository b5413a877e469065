import { readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { isMap, isSeq, LineCounter, parseDocument, type Document } from 'yaml'
import { scenarioSchema } from '../contract/scenario.js'
import { bundledScenarios } from '../engine/scenarios/bundled-scenarios.js'
import { referenceIssues, type ScenarioEntry } from '../engine/scenarios/scenarios.js'
import { toIssues } from '../engine/validation.js'

/** Something wrong in a scenario file: where (file, line, column, path inside it) and what. */
export interface FileProblem {
  file: string
  line?: number
  column?: number
  /** Dotted path inside the file ('rules.0.timeline.1.at'); '' for the whole file. */
  path: string
  message: string
}

const EXTENSIONS = new Set(['.yaml', '.yml', '.json'])

/**
 * One problem as a person reads it: `file:line:column: path: message`.
 * @example
 * formatProblem({ file: 'scenarios/mine.yaml', line: 7, column: 13, path: 'rules.0.timeline.0.at', message: 'must be …' })
 */
export function formatProblem({ file, line, column, path, message }: FileProblem): string {
  const where = line === undefined ? file : `${file}:${line}:${column}`
  return `${where}: ${path === '' ? '' : `${path}: `}${message}`
}

/**
 * The scenario files of a directory: *.yaml, *.yml and *.json, in name order.
 * @example
 * scenarioFilesIn('./my-scenarios') // ['my-scenarios/slow.yaml', …]
 */
export function scenarioFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => join(dir, entry.name))
    .sort()
}

type Ranged = { range?: [number, number, number] | null } | null | undefined

/**
 * Where a person should look for the value at `path`: the value itself when it starts on its
 * key's line, else the key (a block value starts on a later line, where the key is not written).
 * A path that does not exist points at its nearest ancestor.
 */
function positionOf(doc: Document, lines: LineCounter, path: string): { line: number; column: number } | undefined {
  const lineOf = (node: Ranged) => (node?.range ? lines.linePos(node.range[0]).line : undefined)
  let container: unknown = doc.contents
  let shown = doc.contents as Ranged
  for (const segment of path === '' ? [] : path.split('.')) {
    if (isSeq(container)) {
      container = container.get(Number(segment), true)
      if (!container) break
      shown = container as Ranged
    } else if (isMap(container)) {
      const pair = container.items.find((p) => String((p.key as { value?: unknown } | null)?.value) === segment)
      if (!pair) break
      const [key, value] = [pair.key as Ranged, pair.value as Ranged]
      shown = value?.range && lineOf(value) === lineOf(key) ? value : key
      container = value
    } else break
  }
  if (!shown?.range) return undefined
  const { line, col } = lines.linePos(shown.range[0])
  return { line, column: col }
}

interface ParsedFile {
  file: string
  entry?: ScenarioEntry
  where: (path: string) => { line: number; column: number } | undefined
  problems: FileProblem[]
}

/** Reads and checks one file against the scenario schema. YAML and JSON go through one parser, for positions. */
function parseFile(file: string): ParsedFile {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    return {
      file,
      where: () => undefined,
      problems: [{ file, path: '', message: `cannot be read: ${(error as Error).message}` }],
    }
  }
  const lines = new LineCounter()
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false })
  const where = (path: string) => positionOf(doc, lines, path)
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((error) => {
      const at = lines.linePos(error.pos[0])
      return {
        file,
        line: at.line,
        column: at.col,
        path: '',
        message: `is not valid ${extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML'}: ${error.message.split('\n')[0]}`,
      }
    })
    return { file, where, problems }
  }
  const value: unknown = doc.toJS()
  const result = scenarioSchema.safeParse(value)
  if (!result.success) {
    const problems = toIssues(result.error, value, scenarioSchema).map((issue) => ({
      file,
      ...where(issue.path),
      path: issue.path,
      message: issue.message,
    }))
    return { file, where, problems }
  }
  return { file, where, entry: { scenario: result.data, origin: file }, problems: [] }
}

/**
 * Reads scenario files and checks them together with the bundled scenarios: each against the
 * schema, then every `use` and account scenario across the set. A file's scenario replaces a
 * bundled one of the same name; two files may not define the same name.
 * @example
 * const { entries, problems } = loadScenarioFiles(scenarioFilesIn('./my-scenarios'))
 * if (problems.length > 0) console.error(problems.map(formatProblem).join('\n'))
 */
export function loadScenarioFiles(files: readonly string[]): { entries: ScenarioEntry[]; problems: FileProblem[] } {
  const parsed = files.map(parseFile)
  const problems = parsed.flatMap((file) => file.problems)
  const byName = new Map<string, ParsedFile>()
  for (const file of parsed) {
    if (!file.entry) continue
    const name = file.entry.scenario.name
    const earlier = byName.get(name)
    if (earlier)
      problems.push({
        file: file.file,
        ...file.where('name'),
        path: 'name',
        message: `"${name}" is already defined in ${earlier.file}`,
      })
    else byName.set(name, file)
  }
  const entries = [...byName.values()].map((file) => file.entry!)
  const all = new Map([...bundledScenarios, ...entries].map((entry) => [entry.scenario.name, entry]))
  for (const issue of referenceIssues([...all.values()].map((entry) => entry.scenario))) {
    const file = byName.get(issue.scenario)
    // Bundled scenarios only reference each other; an issue there means a file replaced one they need.
    if (file) problems.push({ file: file.file, ...file.where(issue.path), path: issue.path, message: issue.message })
    else problems.push({ file: `bundled scenario "${issue.scenario}"`, path: issue.path, message: issue.message })
  }
  return { entries, problems }
}
