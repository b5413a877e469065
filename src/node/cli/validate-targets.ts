// What `genmock validate` checks for each argument (docs/cli.md, genmock validate): a file as named,
// a folder's scenario files, and a glob's matches for the shells and images that pass `*.yaml` on
// unexpanded (an exec-form container command, Windows' cmd).
import { readdirSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { globMatcher } from '../../lib/glob.js'
import { scenarioFilesIn } from '../files/scenario-files.js'

/** The files named, and one line for each argument that names none. */
export interface ValidateTargets {
  files: string[]
  empty: string[]
}

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** The files in `dir` whose name matches `pattern` (`*` any run, `?` one character), in name order. */
function globFiles(dir: string, pattern: string): string[] {
  const matches = globMatcher(pattern, { single: true })
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && matches(entry.name))
      .map((entry) => (dir === '.' ? entry.name : join(dir, entry.name)))
      .sort()
  } catch {
    return []
  }
}

/**
 * Each argument as the files it names: a folder's *.yaml, *.yml and *.json; a last path segment
 * with `*` or `?` as a glob; anything else as a file, which the loader reports when it is missing.
 * @example
 * validateTargets(['scenarios/', 'more/*.yaml', 'one.json'])
 * // { files: ['scenarios/a.yaml', 'more/b.yaml', 'one.json'], empty: [] }
 */
export function validateTargets(args: readonly string[]): ValidateTargets {
  const files: string[] = []
  const empty: string[] = []
  for (const arg of args) {
    const name = basename(arg)
    const found = isFolder(arg) ? scenarioFilesIn(arg) : /[*?]/.test(name) ? globFiles(dirname(arg), name) : [arg]
    if (found.length > 0) files.push(...found.filter((file) => !files.includes(file)))
    else
      empty.push(
        isFolder(arg) ? `${arg}: no scenario file (*.yaml, *.yml, *.json) in this folder` : `${arg}: no file matches`,
      )
  }
  return { files, empty }
}
