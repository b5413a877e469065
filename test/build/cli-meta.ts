// What each file of the built `genmock` command holds: esbuild's metafiles, written by
// build/bundle-cli.ts to dist/cli-meta.json (not in the package), read by the checks of test/build.
import { readFileSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import type { Metafile } from 'esbuild'
import { ROOT } from '../support/cli.js'

/** The metafiles of the launcher (dist/cli.cjs), its pieces (dist/cli/) and the standalone command. */
export interface CliMeta {
  launcher: Metafile
  pieces: Metafile
  standalone: Metafile
}

export const cliMeta = (): CliMeta => JSON.parse(readFileSync(join(ROOT, 'dist', 'cli-meta.json'), 'utf8')) as CliMeta

/** The package (`tldts`, `@opentelemetry/api`) or the source file (`src/node/state/state-keeper.ts`) of an input. */
export function inputName(input: string): string {
  const path = input.replace(/^genmock-lazy:/, '')
  const file = isAbsolute(path) ? relative(ROOT, path) : path
  return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? file
}

/** The inputs of `outputs` with their bytes in them, largest first. */
export function largestInputs(meta: Metafile, outputs: Iterable<string>): { name: string; bytes: number }[] {
  const bytes = new Map<string, number>()
  for (const output of outputs)
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[output]!.inputs))
      bytes.set(inputName(input), (bytes.get(inputName(input)) ?? 0) + bytesInOutput)
  return [...bytes].map(([name, size]) => ({ name, bytes: size })).sort((a, b) => b.bytes - a.bytes)
}

/** `outputs` and every output they import statically: what loading them reads and compiles. */
export function staticClosure(meta: Metafile, outputs: Iterable<string>): Set<string> {
  const seen = new Set<string>()
  const visit = (output: string) => {
    if (seen.has(output)) return
    seen.add(output)
    for (const { path, kind, external } of meta.outputs[output]!.imports)
      if (kind === 'import-statement' && !external) visit(path)
  }
  for (const output of outputs) visit(output)
  return seen
}
