import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { liveLine, RUNTIME, supportTable } from '../support/node-support.js'

/**
 * The Node support table (docs/get-started.md, Node versions) against the calendar and the build:
 * a line past its end of life is marked so, the line the image and the executable ship is not one,
 * and the Containerfile's default base is build/runtime.json's. The built image's and
 * executable's own Node: test/distribution/node-line.test.ts.
 */

const ROOT = join(import.meta.dirname, '..', '..')

describe('the Node support table', () => {
  it('marks every line past its end of life as such, and only those', () => {
    const rows = supportTable()
    expect(rows.map((row) => row.line)).toEqual([26, 24, 22, 20])
    for (const row of rows) {
      const over = Date.parse(row.endOfLife) <= Date.now()
      expect({ line: row.line, endOfLife: over }).toEqual({ line: row.line, endOfLife: row.status === 'End of life' })
      if (over) expect(row.genmock).toContain('not supported')
    }
  })

  it("the shipped line (build/runtime.json) is live, says it ships, and is the Containerfile's default base", () => {
    const row = liveLine(RUNTIME.nodeLine)
    expect(row.status).toMatch(/LTS/)
    expect(row.genmock).toContain('the image and the executable ship it')
    expect(RUNTIME.base).toBe(`docker.io/library/node:${RUNTIME.nodeLine}-${RUNTIME.debian}-slim`)
    const containerfile = readFileSync(join(ROOT, 'build', 'Containerfile'), 'utf8')
    expect(containerfile).toContain(`ARG BASE=${RUNTIME.base}\n`)
  })

  it('is the newest LTS line: no live LTS line in the table is newer', () => {
    const lts = supportTable().filter((row) => /LTS/.test(row.status) && Date.parse(row.endOfLife) > Date.now())
    expect(Math.max(...lts.map((row) => row.line))).toBe(RUNTIME.nodeLine)
  })

  it("package.json's engines starts at a line in the table", () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
    const lowest = Number(/^>=(\d+)\./.exec(engines.node)?.[1])
    expect(supportTable().map((row) => row.line)).toContain(lowest)
  })
})
