import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The Node support table of docs/get-started.md (Node versions) and build/runtime.json, the line
 * the image and the executable ship, as the tests that check them against each other read them.
 */

const ROOT = join(import.meta.dirname, '..', '..')

export interface NodeLine {
  line: number
  status: string
  endOfLife: string
  genmock: string
}

/** The line build/runtime.json names, its Debian suite and the official base image. */
export const RUNTIME = JSON.parse(readFileSync(join(ROOT, 'build', 'runtime.json'), 'utf8')) as {
  nodeLine: number
  debian: string
  base: string
}

/** The rows of the table after `<!-- checked: test/docs/node-support.test.ts -->`. */
export function supportTable(): NodeLine[] {
  const page = readFileSync(join(ROOT, 'docs', 'get-started.md'), 'utf8')
  const at = page.indexOf('<!-- checked: test/docs/node-support.test.ts -->')
  if (at < 0) throw new Error('docs/get-started.md has no Node support table')
  const rows = page
    .slice(at)
    .split('\n')
    .slice(3)
    .filter((line, i, lines) => line.startsWith('|') && lines.slice(0, i).every((l) => l.startsWith('|')))
  return rows.map((row) => {
    const [line, status, endOfLife, genmock] = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    return { line: Number(line), status: status!, endOfLife: endOfLife!, genmock: genmock! }
  })
}

/** The row of a line that is not past its end of life `now`, or an Error saying why not. */
export function liveLine(line: number, now = new Date()): NodeLine {
  const row = supportTable().find((r) => r.line === line)
  if (!row) throw new Error(`Node ${line} is not in the support table of docs/get-started.md`)
  if (Date.parse(row.endOfLife) <= now.getTime())
    throw new Error(`Node ${line} reached its end of life on ${row.endOfLife}`)
  return row
}
