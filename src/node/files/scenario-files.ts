// Scenario files from disk (JSON and YAML): read, bounded, validated, each problem with file, line and column.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { isCollection, isMap, isSeq, LineCounter, parseDocument, visit, type Document } from 'yaml'
import { LIMITS } from '../../contract/limits.js'
import { scenarioSchema } from '../../contract/scenario.js'
import { bundledScenarios } from '../../engine/scenarios/bundled-scenarios.js'
import { referenceIssues } from '../../engine/scenarios/scenario-references.js'
import type { ScenarioEntry } from '../../engine/scenarios/scenarios.js'
import { toIssues } from '../../engine/validation.js'

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
 * formatProblem({ file: 'mine.yaml', line: 7, column: 13, path: 'rules.0.timeline.0.at', message: 'must be …' })
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

/**
 * Simulator choices (docs/scenarios.md, Limits of scenario files): a scenario file is at most as large as a request
 * body, nests at most as deep as one, and uses each anchor's value at most this many times in all
 * (an alias bomb expands a few lines into billions of values).
 */
export const SCENARIO_FILE_LIMITS = { maxBytes: LIMITS.maxBodyBytes, maxDepth: LIMITS.maxJsonDepth, maxAliasCount: 100 }

/** The first node nested deeper than the limit, walked without recursion (a deep file must not overflow the stack). */
function tooDeep(doc: Document): Ranged {
  const stack: [unknown, number][] = [[doc.contents, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!
    if (!isCollection(node)) continue
    if (depth > SCENARIO_FILE_LIMITS.maxDepth) return node as Ranged
    for (const item of node.items as unknown[]) {
      if (isSeq(node)) stack.push([item, depth + 1])
      else stack.push([(item as { value: unknown }).value, depth + 1])
    }
  }
  return undefined
}

/**
 * The offset of the first `[` or `{` nested past the limit, outside quotes and comments, or -1: a
 * scan before the parser, which takes seconds over a megabyte of brackets before it overflows.
 */
function flowTooDeep(text: string): number {
  let depth = 0
  let quote = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote !== '') {
      if (c === '\\' && quote === '"') i++
      else if (c === quote) quote = ''
    } else if (c === '"' || (c === "'" && /^$|[\s[{,:]/.test(text[i - 1] ?? ''))) quote = c
    else if (c === '#' && /^$|\s/.test(text[i - 1] ?? '')) i = text.indexOf('\n', i) >>> 0
    else if (c === '[' || c === '{') {
      if (++depth > SCENARIO_FILE_LIMITS.maxDepth) return i
    } else if ((c === ']' || c === '}') && depth > 0) depth--
  }
  return -1
}

/** The file's text, or why it is not read: missing, unreadable, or over the size limit. */
function readText(file: string): string | FileProblem {
  try {
    const size = statSync(file).size
    const max = SCENARIO_FILE_LIMITS.maxBytes
    if (size > max) return { file, path: '', message: `is ${size} bytes: a scenario file may have at most ${max}` }
    return readFileSync(file, 'utf8')
  } catch (error) {
    return { file, path: '', message: `cannot be read: ${(error as Error).message}` }
  }
}

/** Reads and checks one file against the scenario schema. YAML and JSON go through one parser, for positions. */
function parseFile(file: string): ParsedFile {
  const text = readText(file)
  if (typeof text !== 'string') return { file, where: () => undefined, problems: [text] }
  const lines = new LineCounter()
  const kind = extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML'
  const at = (node: Ranged) => {
    const position = node?.range ? lines.linePos(node.range[0]) : undefined
    return position ? { line: position.line, column: position.col } : {}
  }
  const refuse = (message: string, node?: Ranged): ParsedFile => ({
    file,
    where: () => undefined,
    problems: [{ file, ...at(node), path: '', message }],
  })
  const nested = `nests deeper than ${SCENARIO_FILE_LIMITS.maxDepth} levels`
  const bracket = flowTooDeep(text)
  if (bracket >= 0) {
    lines.addNewLine(0)
    for (let i = text.indexOf('\n'); i >= 0 && i < bracket; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1)
    return refuse(nested, { range: [bracket, bracket, bracket] })
  }
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false })
  const where = (path: string) => positionOf(doc, lines, path)
  const deep = doc.errors.length === 0 ? tooDeep(doc) : undefined
  if (deep) return refuse(nested, deep)
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((error) => {
      const at = lines.linePos(error.pos[0])
      return {
        file,
        line: at.line,
        column: at.col,
        path: '',
        message: `is not valid ${kind}: ${error.message.split('\n')[0]}`,
      }
    })
    return { file, where, problems }
  }
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: SCENARIO_FILE_LIMITS.maxAliasCount })
  } catch (error) {
    if (!(error instanceof ReferenceError)) throw error
    let alias: Ranged
    visit(doc, {
      Alias: (_, node) => {
        alias = node as Ranged
        return visit.BREAK
      },
    })
    return refuse(
      `uses its aliases too often: at most ${SCENARIO_FILE_LIMITS.maxAliasCount} values may come from aliases (*name)`,
      alias,
    )
  }
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

/**
 * The scenario files of a folder (or the files named), for the test kits' `scenarios` option;
 * throws an Error listing every problem as `genmock validate` prints them.
 * @example
 * const { test } = genmockTest({ scenarios: loadScenarios('scenarios'), world: { scenario: 'starter' } })
 */
export function loadScenarios(dirOrFiles: string | readonly string[]): ScenarioEntry[] {
  const files = typeof dirOrFiles === 'string' ? scenarioFilesIn(dirOrFiles) : dirOrFiles
  const { entries, problems } = loadScenarioFiles(files)
  if (problems.length > 0)
    throw new Error(
      `genmock: the scenario files have problems:\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    )
  return entries
}
