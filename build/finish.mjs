// The last step of `npm run build`, after tsup:
// 1. dist/.types, tsc's declarations that tsup bundled into dist/*.d.ts, goes.
// 2. One copy of the shared type declarations instead of two. tsup writes each shared
// declaration chunk twice, as X.d.ts for the ES module entries and X.d.cts for the CommonJS ones,
// the same text but for the extension in its imports. An ES module may import a CommonJS
// declaration file (a CommonJS one may not import an ES module one), so the .d.ts entries are
// pointed at X.d.cts and X.d.ts is removed: every entry, import or require, then sees the very
// same declared classes, and the tarball carries the declarations once.
// 3. The same for each entry: its .d.ts re-exports its .d.cts.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = join(import.meta.dirname, '..', 'dist')
rmSync(join(dist, '.types'), { recursive: true, force: true })

const ENTRIES = new Set(['index', 'node', 'browser'])
const files = readdirSync(dist)
const shared = files
  .filter((file) => file.endsWith('.d.cts') && !ENTRIES.has(file.slice(0, -'.d.cts'.length)))
  .map((file) => file.slice(0, -'.d.cts'.length))
  .filter((base) => {
    const esm = join(dist, `${base}.d.ts`)
    const cjs = join(dist, `${base}.d.cts`)
    const same =
      files.includes(`${base}.d.ts`) &&
      readFileSync(esm, 'utf8').replaceAll(".js'", ".cjs'") === readFileSync(cjs, 'utf8')
    if (!same) console.warn(`build: ${base}.d.ts and ${base}.d.cts differ; both kept`)
    return same
  })
for (const file of files.filter((f) => f.endsWith('.d.ts'))) {
  const path = join(dist, file)
  let text = readFileSync(path, 'utf8')
  for (const base of shared) text = text.replaceAll(`from './${base}.js'`, `from './${base}.cjs'`)
  writeFileSync(path, text)
}
for (const base of shared) rmSync(join(dist, `${base}.d.ts`))
// The entries' .d.ts are by now the same text as their .d.cts.
const reexported = [...ENTRIES].filter((entry) => {
  const esm = join(dist, `${entry}.d.ts`)
  const text = readFileSync(esm, 'utf8')
  // msw's types differ by format: an ES module consumer needs its own msw's, so those entries stay.
  if (text !== readFileSync(join(dist, `${entry}.d.cts`), 'utf8') || /from 'msw/.test(text)) return false
  writeFileSync(esm, `export * from './${entry}.cjs';\n`)
  return true
})
console.log(
  `build: ${shared.length} shared declaration chunk(s) kept once, as .d.cts; ` +
    `${reexported.length} entry declaration(s) re-exported`,
)
