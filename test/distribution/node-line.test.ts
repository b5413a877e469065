import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { liveLine, RUNTIME } from '../support/node-support.js'
import { engine, IMAGE, setup } from './engine.js'

/**
 * A scanner's question, asked of what is shipped: is the Node inside the image and the executable
 * on a line that is not past its end of life (docs/get-started.md, Node versions)?
 */

describe('the Node that is shipped', () => {
  it("the image's node is build/runtime.json's line, live in the support table", async () => {
    const { stdout } = await engine(['run', '--rm', '--entrypoint', 'node', IMAGE, '--version'])
    const line = Number(/^v(\d+)\./.exec(stdout.trim())?.[1])
    expect(line).toBe(RUNTIME.nodeLine)
    expect(liveLine(line).status).toMatch(/LTS/)
  })

  it("the executable carries that line's Node: that Node's version string is inside it", () => {
    const bytes = readFileSync(setup().binary)
    const registry = execFileSync(process.execPath, ['build/registry-node.mjs'], { encoding: 'utf8' }).trim()
    const version = execFileSync(registry, ['--version'], { encoding: 'utf8' }).trim()
    expect(version.startsWith(`v${RUNTIME.nodeLine}.`)).toBe(true)
    // process.version, a C string in Node's binary.
    expect(bytes.includes(`${version}\0`)).toBe(true)
    expect(bytes.includes(`${process.version}\0`)).toBe(process.version === version)
    expect(liveLine(RUNTIME.nodeLine).status).toMatch(/LTS/)
  })
})
