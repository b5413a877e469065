/**
 * V8's compiled code of the package bin's pieces (dist/cli/*.cjs), kept between runs
 * (docs/performance.md, Cold start). CommonJS files under one folder are compiled through
 * `vm.Script` with the code V8 made for them in an earlier run; once the run has answered its
 * first requests, the code of each piece that had none (or whose code V8 refused: another Node, other
 * V8 flags) is written for the next run. Node's own compile cache does this only from Node 22.1; this
 * works on every Node genmock supports, and keeps the functions compiled while serving, not only
 * the files' top level. The cache lives in NODE_COMPILE_CACHE if set, else in the OS temp folder's
 * genmock-compile-cache-UID, a folder per build of the pieces (genmock's version and their digest: V8
 * checks only a source's length, and another build's piece may have the same name and length), Node
 * version and CPU; writing one removes the folders of the same version's other builds. A folder
 * that is not the user's own, that others may write to, or a link, is not used.
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off;
 * NODE_DEBUG=genmock tells on stderr what was used, refused and written.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import Module, { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { debuglog } from 'node:util'
import vm from 'node:vm'

/** What the cache does, on stderr with NODE_DEBUG=genmock. */
const debug = debuglog('genmock')

/** How long after the pieces are loaded their code is written: by then a server has answered its first requests. */
export const WRITE_AFTER_MS = 2_000

interface Compiling {
  _compile(content: string, filename: string, ...rest: unknown[]): unknown
  exports: unknown
}

/**
 * Whether a folder is safe to take code from: a real folder (not a symbolic link to one), the
 * user's own, that no one else may write to (on Windows, where the temp folder is the user's, the
 * mode says nothing of that).
 */
function privateFolder(path: string): boolean {
  const stat = lstatSync(path)
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) return false
  return process.platform === 'win32' || (stat.mode & 0o022) === 0
}

/**
 * The folder for this build of the pieces (`version+digest`), Node and CPU, under a root of the
 * user's own (NODE_COMPILE_CACHE, else genmock-compile-cache-UID in the OS temp folder), both
 * private to the user; undefined when they cannot be used safely.
 */
export function cacheFolder(build: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE === '1') return void debug('kept code off: NODE_DISABLE_COMPILE_CACHE=1')
  const root = env.NODE_COMPILE_CACHE || join(tmpdir(), `genmock-compile-cache-${process.getuid?.() ?? 'user'}`)
  const folder = join(root, `genmock-${build}-${process.version}-${process.arch}`)
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    // A folder someone else owns or may write to, or a link they placed, could hand this process code to run.
    for (const path of [root, folder])
      if (!privateFolder(path)) return void debug('kept code off: %s is not private to this user', path)
    return folder
  } catch (error) {
    return void debug('kept code off: %s', error)
  }
}

/**
 * Compiles every CommonJS file loaded from `pieces` with its kept code, and writes the code of those
 * that had none WRITE_AFTER_MS later. Returns `require` for the pieces.
 */
export function requireWithCodeCache(pieces: string, folder: string | undefined): NodeRequire {
  const require = createRequire(join(pieces, 'index.cjs'))
  if (folder === undefined) return require
  const prototype = Module.prototype as unknown as Compiling
  const compile = prototype._compile
  const unwritten: [string, vm.Script][] = []
  prototype._compile = function (this: Compiling, content: string, filename: string, ...rest: unknown[]) {
    if (dirname(filename) !== pieces) return compile.call(this, content, filename, ...rest)
    const kept = join(folder, `${basename(filename)}.bin`)
    let cachedData: Buffer | undefined
    try {
      cachedData = readFileSync(kept)
    } catch {
      // none yet
    }
    const script = new vm.Script(Module.wrap(content), {
      filename,
      ...(cachedData ? { cachedData } : {}),
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    })
    const name = basename(filename)
    if (cachedData === undefined) debug('%s: no kept code yet', name)
    else debug('%s: %s', name, script.cachedDataRejected ? 'kept code refused' : 'compiled with kept code')
    if (cachedData === undefined || script.cachedDataRejected) unwritten.push([kept, script])
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown
    return wrapper.call(this.exports, this.exports, createRequire(filename), this, filename, pieces)
  }
  setTimeout(() => {
    if (unwritten.length > 0) forgetOtherBuilds(folder)
    writeCodes(unwritten)
  }, WRITE_AFTER_MS).unref()
  return require
}

/** Removes the folders of the same genmock version's other builds, for this Node and CPU. */
function forgetOtherBuilds(folder: string): void {
  const root = dirname(folder)
  const [version] = basename(folder).slice('genmock-'.length).split('+')
  const tail = `-${process.version}-${process.arch}`
  try {
    for (const name of readdirSync(root))
      if (name.startsWith(`genmock-${version}+`) && name.endsWith(tail) && name !== basename(folder))
        rmSync(join(root, name), { recursive: true, force: true })
  } catch (error) {
    debug('kept code of other builds not removed: %s', error)
  }
}

/** Each script's code, written whole or not at all (a temporary file renamed): a run reads either or none. */
function writeCodes(unwritten: [string, vm.Script][]): void {
  let written = 0
  for (const [file, script] of unwritten.splice(0)) {
    const temporary = `${file}.${process.pid}.tmp`
    try {
      writeFileSync(temporary, script.createCachedData(), { mode: 0o600 })
      chmodSync(temporary, 0o600)
      renameSync(temporary, file)
      written++
    } catch (error) {
      // A full disk or a folder gone: nothing half-written is left, and the next run compiles again.
      rmSync(temporary, { force: true })
      debug('kept code of %s not written: %s', basename(file), error)
    }
  }
  debug('kept code written for %d pieces', written)
}
