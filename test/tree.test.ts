import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The house rules Biome cannot check (docs/how-it-is-built.md, Developing): lines of at most 120 characters,
 * comments and strings included; no source file over 400 lines; comments cite the README, never a
 * document the repository does not hold.
 */
const ROOT = join(import.meta.dirname, '..')
const MAX_LINE = 120
const MAX_SOURCE_LINES = 400
const CODE = /\.(ts|mts|cts|mjs|cjs|js|jsonc)$/
// Generated from the OpenAPI documents by openapi-typescript: their lines are the generator's.
const GENERATED = /^test\/openapi\/[^/]+\.d\.ts$/

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\n')
  .filter((file) => CODE.test(file) && !GENERATED.test(file))
const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n')

describe('the tree', () => {
  it('has no line over 120 characters', () => {
    const long = files.flatMap((file) =>
      lines(file).flatMap((line, i) => (line.length > MAX_LINE ? [`${file}:${i + 1} (${line.length})`] : [])),
    )
    expect(long).toEqual([])
  })

  it('has no file in src/ over 400 lines', () => {
    const big = files
      .filter((file) => file.startsWith('src/'))
      .flatMap((file) => {
        const count = lines(file).length - 1
        return count > MAX_SOURCE_LINES ? [`${file} (${count})`] : []
      })
    expect(big).toEqual([])
  })

  it('cites no document outside the repository', () => {
    // This file names the word it looks for.
    const cites = files
      .filter((file) => file !== 'test/tree.test.ts')
      .flatMap((file) => lines(file).flatMap((line, i) => (/PRODUCT\b/.test(line) ? [`${file}:${i + 1}`] : [])))
    expect(cites).toEqual([])
  })
})
