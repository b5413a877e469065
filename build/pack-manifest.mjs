// The package.json that `npm pack` and `npm publish` put in the tarball, without what only this
// repository uses: its scripts (npm 11 flags a packed lifecycle script as an install script),
// devDependencies, overrides and allowScripts. `prepack` runs `strip`, `postpack` runs `restore`. The original
// stays hard-linked beside it, so no reader ever finds package.json missing or half written, and
// it comes back with its own modification time (the build's staleness check reads it).
import { existsSync, linkSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const PKG = join(ROOT, 'package.json')
const KEPT = join(ROOT, '.package.json.dev')
const DEVELOPMENT = ['scripts', 'devDependencies', 'overrides', 'allowScripts']

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, PKG)
}

function strip() {
  restore() // a pack that died before postpack left the original aside
  linkSync(PKG, KEPT)
  const pkg = JSON.parse(readFileSync(KEPT, 'utf8'))
  for (const field of DEVELOPMENT) delete pkg[field]
  writeFileSync(`${PKG}.tmp`, `${JSON.stringify(pkg, null, 2)}\n`)
  renameSync(`${PKG}.tmp`, PKG)
}

const mode = process.argv[2]
if (mode === 'strip') strip()
else if (mode === 'restore') restore()
else throw new Error(`usage: node build/pack-manifest.mjs strip|restore, not ${mode}`)
