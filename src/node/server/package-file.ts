// The package's own files that genmock reads at run time (the video sample, loadVideoSample): from the
// installed package, or, inside the standalone executable, from the assets built into it
// (docs/containers-and-ci.md, The standalone executable).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The bytes of `path`, a file of the package such as `fixtures/sample.mp4`. node:sea is reached
 * through getBuiltinModule, not imported: test runners and bundlers that do not know it never see it.
 * @example
 * packageFile('fixtures/sample.mp4') // Uint8Array(…) of the MP4
 */
export function packageFile(path: string): Uint8Array {
  // Optional: a test runner's stand-in for `process` (Jest's) may lack it; the package path then serves.
  const sea = process.getBuiltinModule?.('node:sea')
  if (sea?.isSea()) return new Uint8Array(sea.getAsset(path))
  return new Uint8Array(readFileSync(createRequire(import.meta.url).resolve(`genmock/${path}`)))
}

/**
 * The MP4 every completed video task serves: the package's fixtures/sample.mp4, found through
 * its own export, so it resolves the same from the sources, the ESM build, the CommonJS build, the
 * bundled command and the standalone executable (packageFile).
 * @example
 * createSimulator({ videoSample: loadVideoSample() })
 */
export const loadVideoSample = () => packageFile('fixtures/sample.mp4')
