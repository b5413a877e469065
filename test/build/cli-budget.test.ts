// The bundle-size budget of the `genmock` command, file by file (docs/performance.md, Cold start):
// what --help and --version read (the launcher), what a plain `genmock` reads before its first answer,
// what each lazy piece adds on top of that when a run asks for it, and the standalone command. A
// file over its budget fails with the inputs that weigh most in it: what grew it.
import type { Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { cliMeta, inputName, largestInputs, staticClosure } from './cli-meta.js'

const kB = 1024
/** What loading each lazy entry may add to a plain run, by its source; the rest get DEFAULT_LAZY. */
const LAZY_BUDGETS: [RegExp, number, string][] = [
  [/^tldts$/, 160 * kB, 'the Public Suffix List, for --allowed-hosts .suffix'],
  [/^src\/node\/(?:files\/scenario-files|cli\/validate-command|cli\/watch)\.ts$/, 135 * kB, 'yaml, for scenario files'],
  [/^src\/node\/metrics\/prometheus-page\.ts$/, 75 * kB, 'prom-client and the OpenTelemetry API it requires'],
  [
    /^src\/mcp\/mcp-endpoint\.ts$/,
    72 * kB,
    "the MCP tools, made from both OpenAPI documents' generators (the SDK stays outside)",
  ],
]
const DEFAULT_LAZY = 40 * kB
const LAUNCHER = 24 * kB
const PLAIN_RUN = 360 * kB
/** With the OpenTelemetry SDK and the MCP SDK (and its ajv) inlined, as the image and the executable carry them. */
const STANDALONE = 1400 * kB

/** Why `bytes` of `what` are over `budget`: the ten inputs that weigh most. */
const over = (what: string, bytes: number, budget: number, inputs: { name: string; bytes: number }[]) =>
  `${what}: ${bytes} bytes, budget ${budget}; largest inputs: ` +
  inputs
    .slice(0, 10)
    .map(({ name, bytes: size }) => `${name} ${size}`)
    .join(', ')

/** The one file a one-file build wrote, and its bytes. */
function onlyOutput(meta: Metafile): [string, number] {
  const outputs = Object.entries(meta.outputs)
  expect(outputs).toHaveLength(1)
  return [outputs[0]![0], outputs[0]![1].bytes]
}

describe('the size of the genmock command, file by file', () => {
  const { launcher, pieces, standalone } = cliMeta()
  const entries = Object.entries(pieces.outputs).flatMap(([output, { entryPoint }]) =>
    entryPoint === undefined ? [] : [{ output, source: inputName(entryPoint) }],
  )
  const entry = (source: string) => entries.find((e) => e.source === source)!.output
  const bytesOf = (outputs: Iterable<string>) => [...outputs].reduce((sum, o) => sum + pieces.outputs[o]!.bytes, 0)
  const plain = staticClosure(pieces, [
    entry('src/node/cli/run-command.ts'),
    entry('src/node/cli/serve-command.ts'),
    entry('src/node/server/lean-heap.ts'),
  ])

  it('the launcher, all that --help and --version read', () => {
    const [file, bytes] = onlyOutput(launcher)
    expect(file).toBe('dist/cli.cjs')
    expect(bytes, over(file, bytes, LAUNCHER, largestInputs(launcher, [file]))).toBeLessThanOrEqual(LAUNCHER)
  })

  it('what a plain genmock reads before its first answer', () => {
    const bytes = bytesOf(plain)
    expect(bytes, over('a plain run', bytes, PLAIN_RUN, largestInputs(pieces, plain))).toBeLessThanOrEqual(PLAIN_RUN)
  })

  it('what each lazy piece adds when a run asks for it', () => {
    expect(entries.length).toBeGreaterThan(10)
    for (const { output, source } of entries) {
      const added = [...staticClosure(pieces, [output])].filter((o) => !plain.has(o))
      const [, budget, why] = LAZY_BUDGETS.find(([pattern]) => pattern.test(source)) ?? [/./, DEFAULT_LAZY, 'lazy']
      const bytes = bytesOf(added)
      expect(bytes, over(`${source} (${why})`, bytes, budget, largestInputs(pieces, added))).toBeLessThanOrEqual(budget)
    }
  })

  it('the standalone command, one file for the image and the executable', () => {
    const [file, bytes] = onlyOutput(standalone)
    expect(bytes, over(file, bytes, STANDALONE, largestInputs(standalone, [file]))).toBeLessThanOrEqual(STANDALONE)
  })
})
