// `npm run build:binary`: the standalone executable, a Node single executable application
// (docs/containers-and-ci.md, The standalone executable). The one-file command dist/cli.cjs is its
// main script, the video sample its one asset; this Node's binary (stripped of its symbols when
// `strip` is there) carries them, injected with postject. Writes release/genmock-linux-x64 and
// release/genmock-linux-x64.tar.gz (the executable and the licence).
import { spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'postject'

const ROOT = join(import.meta.dirname, '..')
const RELEASE = join(ROOT, 'release')
const NAME = `genmock-${process.platform}-${process.arch}`
/** The fuse Node looks for to know it carries a blob (Node's single executable applications docs). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'
/** The package's files the command reads at run time, by the names src/node/server/package-file.ts asks for. */
const ASSETS = ['fixtures/sample.mp4']

const run = (command, args) => {
  const { status, error } = spawnSync(command, args, { stdio: ['ignore', process.stderr, process.stderr] })
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${error?.message ?? `exit ${status}`}`)
}

const work = mkdtempSync(join(tmpdir(), 'genmock-sea-'))
try {
  const blob = join(work, 'sea.blob')
  const config = {
    main: join(ROOT, 'dist', 'cli.cjs'),
    output: blob,
    disableExperimentalSEAWarning: true,
    // V8's compiled code for the bundle, made now instead of at each start.
    useCodeCache: true,
    assets: Object.fromEntries(ASSETS.map((name) => [name, join(ROOT, name)])),
  }
  writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config))
  run(process.execPath, ['--experimental-sea-config', join(work, 'sea-config.json')])
  mkdirSync(RELEASE, { recursive: true })
  const executable = join(RELEASE, NAME)
  rmSync(executable, { force: true })
  copyFileSync(process.execPath, executable)
  chmodSync(executable, 0o755)
  // Node's symbols are a tenth of its binary; the executable never needs them.
  if (spawnSync('strip', ['--version'], { stdio: 'ignore' }).status === 0) run('strip', [executable])
  await inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: FUSE })
  copyFileSync(join(ROOT, 'LICENSE'), join(work, 'LICENSE'))
  copyFileSync(executable, join(work, NAME))
  run('tar', ['-czf', join(RELEASE, `${NAME}.tar.gz`), '-C', work, NAME, 'LICENSE'])
  const mb = (file) => `${(statSync(file).size / 1e6).toFixed(1)} MB`
  console.log(`release/${NAME} (${mb(executable)}), release/${NAME}.tar.gz (${mb(`${executable}.tar.gz`)})`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
