// `npm run build:binary`: the standalone executable, a Node single executable application
// (docs/containers-and-ci.md, The standalone executable) on the Node line build/runtime.json names,
// built the way that line documents: `node --build-sea` (Node 25.5 and later). The one-file command
// dist/cli.cjs is its main script, the video sample its one asset; the base is that line's binary
// from the npm registry (build/registry-node.mjs), stripped of its symbols first. Writes
// release/genmock-linux-x64 and release/genmock-linux-x64.tar.gz (the executable and the licence).
// A build that works prints one line: what it wrote.
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { registryNode } from './registry-node.mjs'

const ROOT = join(import.meta.dirname, '..')
const RELEASE = join(ROOT, 'release')
const NAME = 'genmock-linux-x64'
/** The package's files the command reads at run time, by the names src/node/server/package-file.ts asks for. */
const ASSETS = ['fixtures/sample.mp4']

/** Runs a command, its output kept: shown only when it fails. */
const run = (command, args) => {
  const { status, error, stdout, stderr } = spawnSync(command, args, { encoding: 'utf8' })
  if (status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${error?.message ?? `exit ${status}`}\n${stdout}${stderr}`)
}

const work = mkdtempSync(join(tmpdir(), 'genmock-sea-'))
try {
  const node = registryNode()
  const base = join(work, 'node')
  copyFileSync(node, base)
  chmodSync(base, 0o755)
  // Node's symbols are a tenth of its binary; the executable never needs them.
  if (spawnSync('strip', ['--version'], { stdio: 'ignore' }).status === 0) run('strip', [base])
  mkdirSync(RELEASE, { recursive: true })
  const executable = join(RELEASE, NAME)
  rmSync(executable, { force: true })
  const config = {
    main: join(ROOT, 'dist', 'cli-standalone.cjs'),
    output: executable,
    executable: base,
    disableExperimentalSEAWarning: true,
    // V8's compiled code for the bundle, made now instead of at each start.
    useCodeCache: true,
    assets: Object.fromEntries(ASSETS.map((name) => [name, join(ROOT, name)])),
  }
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config))
  run(node, ['--build-sea', join(work, 'sea-config.json')])
  copyFileSync(join(ROOT, 'LICENSE'), join(work, 'LICENSE'))
  copyFileSync(executable, join(work, NAME))
  run('tar', ['-czf', join(RELEASE, `${NAME}.tar.gz`), '-C', work, NAME, 'LICENSE'])
  const mb = (file) => `${(statSync(file).size / 1e6).toFixed(1)} MB`
  console.log(`release/${NAME} (${mb(executable)}), release/${NAME}.tar.gz (${mb(`${executable}.tar.gz`)})`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
