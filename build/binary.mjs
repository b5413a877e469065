// `npm run build:binary`: the standalone executables, Node single executable applications
// (docs/containers-and-ci.md, The standalone executable) on the Node line build/runtime.json names,
// built the way that line documents: `node --build-sea` (Node 25.5 and later), run by this machine's
// architecture's Node of that line. The one-file command dist/cli-standalone.cjs is their main script,
// the video sample their one asset; the base is that line's binary from the npm registry
// (build/registry-node.mjs) for each architecture, stripped of its symbols when a strip that reads
// its format is installed (binutils; aarch64-linux-gnu-strip from binutils-aarch64-linux-gnu).
// Writes release/genmock-linux-x64 and release/genmock-linux-arm64, each with a .tar.gz (the
// executable and the licence). A build that works prints one line per executable: what it wrote.
//   node build/binary.mjs [--arch x64|arm64]   one of them only
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registryNode } from './registry-node.mjs'

const ROOT = join(import.meta.dirname, '..')
const RELEASE = join(ROOT, 'release')
/** The architectures built, by Node's name, with the GNU triplet their binutils are prefixed with. */
const TRIPLETS = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }
/** The package's files the command reads at run time, by the names src/node/server/package-file.ts asks for. */
const ASSETS = ['fixtures/sample.mp4']

/** Runs a command, its output kept: shown only when it fails. */
const run = (command, args) => {
  const { status, error, stdout, stderr } = spawnSync(command, args, { encoding: 'utf8' })
  if (status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${error?.message ?? `exit ${status}`}\n${stdout}${stderr}`)
}

/** A strip that reads `arch`'s binaries: binutils' prefixed one, or the plain one for this machine's own. */
function stripFor(arch) {
  const candidates = [`${TRIPLETS[arch]}-strip`, ...(arch === process.arch ? ['strip'] : [])]
  return candidates.find((strip) => spawnSync(strip, ['--version'], { stdio: 'ignore' }).status === 0)
}

/** Builds release/genmock-linux-ARCH and its .tar.gz in `work`, with `builder` (a Node 25.5 or later). */
function buildExecutable(arch, builder, work) {
  const name = `genmock-linux-${arch}`
  const base = join(work, `node-${arch}`)
  copyFileSync(registryNode(undefined, arch), base)
  chmodSync(base, 0o755)
  // Node's symbols are a fifth of its binary; the executable never needs them.
  const strip = stripFor(arch)
  if (strip) run(strip, [base])
  const executable = join(RELEASE, name)
  rmSync(executable, { force: true })
  const config = {
    main: join(ROOT, 'dist', 'cli-standalone.cjs'),
    output: executable,
    executable: base,
    disableExperimentalSEAWarning: true,
    // V8's compiled code for the bundle, made now instead of at each start; V8 makes it for the
    // architecture it runs on, so only an executable for the builder's own has it.
    useCodeCache: arch === process.arch,
    assets: Object.fromEntries(ASSETS.map((file) => [file, join(ROOT, file)])),
  }
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config))
  run(builder, ['--build-sea', join(work, 'sea-config.json')])
  const folder = join(work, arch)
  mkdirSync(folder)
  copyFileSync(join(ROOT, 'LICENSE'), join(folder, 'LICENSE'))
  copyFileSync(executable, join(folder, name))
  run('tar', ['-czf', join(RELEASE, `${name}.tar.gz`), '-C', folder, name, 'LICENSE'])
  const mb = (file) => `${(statSync(file).size / 1e6).toFixed(1)} MB`
  console.log(`release/${name} (${mb(executable)}), release/${name}.tar.gz (${mb(`${executable}.tar.gz`)})`)
}

/** The architectures asked for: all, or the one of `--arch ARCH`. */
function archesAsked(args) {
  if (args.length === 0) return Object.keys(TRIPLETS)
  if (args.length === 2 && args[0] === '--arch' && args[1] in TRIPLETS) return [args[1]]
  console.error(`usage: node build/binary.mjs [--arch ${Object.keys(TRIPLETS).join('|')}]`)
  process.exit(2)
}

const arches = archesAsked(process.argv.slice(2))
const work = mkdtempSync(join(tmpdir(), 'genmock-sea-'))
try {
  mkdirSync(RELEASE, { recursive: true })
  const builder = registryNode(undefined, process.arch)
  for (const arch of arches) buildExecutable(arch, builder, work)
} finally {
  rmSync(work, { recursive: true, force: true })
}
