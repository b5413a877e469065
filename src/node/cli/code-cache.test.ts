import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cacheFolder } from './code-cache.js'

const made: string[] = []
const root = () => {
  const dir = mkdtempSync(join(tmpdir(), 'genmock-code-cache-'))
  made.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('cacheFolder', () => {
  it('is a folder per genmock, Node and CPU under NODE_COMPILE_CACHE, private to the user', () => {
    const base = root()
    const folder = cacheFolder('1.2.3', { NODE_COMPILE_CACHE: base })
    expect(folder).toBe(join(base, `genmock-1.2.3-${process.version}-${process.arch}`))
    expect(statSync(folder!).mode & 0o777).toBe(0o700)
  })

  it('is none with NODE_DISABLE_COMPILE_CACHE=1', () => {
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: root(), NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined()
  })

  it('is none when others may write to it: they could hand genmock code to run', () => {
    const base = root()
    const folder = cacheFolder('1.2.3', { NODE_COMPILE_CACHE: base })!
    chmodSync(folder, 0o777)
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: base })).toBeUndefined()
    chmodSync(folder, 0o720)
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: base })).toBeUndefined()
    chmodSync(folder, 0o700)
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: base })).toBe(folder)
  })

  it('is none when the root others may write to, or the folder is a link: a link to a private folder too', () => {
    const base = root()
    const shared = join(base, 'shared')
    const folder = cacheFolder('1.2.3', { NODE_COMPILE_CACHE: shared })!
    chmodSync(shared, 0o777)
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: shared })).toBeUndefined()
    chmodSync(shared, 0o700)
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: shared })).toBe(folder)
    const linked = join(base, 'linked')
    const target = join(base, 'target')
    mkdirSync(target, { mode: 0o700 })
    mkdirSync(linked, { mode: 0o700 })
    symlinkSync(target, join(linked, basename(folder)))
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: linked })).toBeUndefined()
  })

  it('is none when it cannot be made (a file in the way)', () => {
    const base = root()
    expect(cacheFolder('1.2.3', { NODE_COMPILE_CACHE: join(base, 'missing\0name') })).toBeUndefined()
  })
})
