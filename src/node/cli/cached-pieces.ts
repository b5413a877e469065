/**
 * run-command.ts as the package's bin loads it: dist/cli/run-command.cjs and the pieces it requires,
 * each compiled with the code V8 kept for it in an earlier run (code-cache.ts; docs/performance.md,
 * Cold start). build/bundle-cli.ts puts this module where bin.ts imports run-command.ts; the one-file
 * command (the image, the executable) has run-command.ts inlined instead.
 */
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { HEAP_FLAGS } from '../server/heap-flags.js'
import { VERSION } from '../server/version.js'
import { cacheFolder, requireWithCodeCache } from './code-cache.js'
import type * as Commands from './run-command.js'

/** The digest of this build's pieces, written in by build/bundle-cli.ts. */
declare const GENMOCK_PIECES_DIGEST: string

/** The pieces' runCommand, loaded through V8's kept code. */
export const runCommand: typeof Commands.runCommand = (command) => {
  // The flags a server sets (lean-heap.ts), set before a piece is compiled, so that the code kept
  // once it serves is accepted by the next run.
  setFlagsFromString(HEAP_FLAGS)
  const pieces = fileURLToPath(new URL('./cli', import.meta.url))
  const load = requireWithCodeCache(pieces, cacheFolder(`${VERSION}+${GENMOCK_PIECES_DIGEST}`))
  return (load('./run-command.cjs') as typeof Commands).runCommand(command)
}
