// The last step of `npm run build`, after tsup:
// 1. dist/.types, tsc's declarations that tsup bundled into dist/*.d.ts, goes.
// 2. One copy of the shared type declarations instead of two. tsup writes each shared
// declaration chunk twice, as X.d.ts for the ES module entries and X.d.cts for the CommonJS ones,
// the same text but for the extension in its imports. An ES module may import a CommonJS
// declaration file (a CommonJS one may not import an ES module one), so the .d.ts entries are
// pointed at X.d.cts and X.d.ts is removed: every entry, import or require, then sees the very
// same declared classes, and the tarball carries the declarations once.
// 3. The same for each entry: its .d.ts re-exports its .d.cts.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = join(import.meta.dirname, '..', 'dist')
rmSync(join(dist, '.types'), { recursive: true, force: true })

const ENTRIES = new Set(['index', 'node', 'browser', 'vitest', 'jest', 'playwright', 'testcontainers'])
const files = readdirSync(dist)
// Chunk names carry a hash that may differ by format for the same text: pair them by name and text.
const plain = (text) => text.replace(/\.d-[\w-]+\.c?js'/g, ".d'").replaceAll(".js'", ".cjs'")
const chunkName = (file) => file.replace(/\.d-[\w-]+\.d\.c?ts$/, '')
const esmChunks = files.filter((f) => f.endsWith('.d.ts') && !ENTRIES.has(f.slice(0, -'.d.ts'.length)))
/** Each shared chunk as [its .d.ts base, its .d.cts base]. */
const shared = files
  .filter((file) => file.endsWith('.d.cts') && !ENTRIES.has(file.slice(0, -'.d.cts'.length)))
  .map((file) => {
    const cjs = readFileSync(join(dist, file), 'utf8')
    const esm = esmChunks.find(
      (f) => chunkName(f) === chunkName(file) && plain(readFileSync(join(dist, f), 'utf8')) === plain(cjs),
    )
    if (!esm) console.warn(`build: ${file} has no ES module twin of the same text; both formats kept`)
    return esm ? [esm.slice(0, -'.d.ts'.length), file.slice(0, -'.d.cts'.length)] : undefined
  })
  .filter((pair) => pair !== undefined)
for (const file of files.filter((f) => f.endsWith('.d.ts'))) {
  const path = join(dist, file)
  let text = readFileSync(path, 'utf8')
  for (const [esm, cjs] of shared) text = text.replaceAll(`'./${esm}.js'`, `'./${cjs}.cjs'`)
  writeFileSync(path, text)
}
for (const [esm] of shared) rmSync(join(dist, `${esm}.d.ts`))
// The entries' .d.ts are by now the same text as their .d.cts.
const reexported = [...ENTRIES].filter((entry) => {
  const esm = join(dist, `${entry}.d.ts`)
  const text = readFileSync(esm, 'utf8')
  // msw's types differ by format: an ES module consumer needs its own msw's, so those entries stay;
  // and Vitest is ES modules only, so its entry's declarations must not be CommonJS ones.
  if (text !== readFileSync(join(dist, `${entry}.d.cts`), 'utf8') || /from '(msw|vitest)/.test(text)) return false
  writeFileSync(esm, `export * from './${entry}.cjs';\n`)
  return true
})
// An entry without CommonJS code (the Vitest kit's) needs no CommonJS declarations either.
for (const entry of ENTRIES)
  if (!existsSync(join(dist, `${entry}.cjs`))) rmSync(join(dist, `${entry}.d.cts`), { force: true })
console.log(
  `build: ${shared.length} shared declaration chunk(s) kept once, as .d.cts; ` +
    `${reexported.length} entry declaration(s) re-exported`,
)
