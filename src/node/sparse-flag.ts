/**
 * The command line with `--sparse` given a value when it has none: `--sparse` alone means
 * `--sparse=random`; `--sparse all` (a value that is no option) stays the value of --sparse, so a
 * wrong one is refused naming --sparse. Nothing after `--` is touched.
 * @example
 * sparseArgv(['--sparse', '--port', '0']) // ['--sparse=random', '--port', '0']
 */
export function sparseArgv(argv: readonly string[]): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') return [...out, ...argv.slice(i)]
    if (arg !== '--sparse') {
      out.push(arg)
      continue
    }
    const next = argv[i + 1]
    // The only positional word is the validate command: anything else after --sparse is its value.
    if (next === undefined || next.startsWith('-') || next === 'validate') out.push('--sparse=random')
    else {
      out.push(`--sparse=${next}`)
      i++
    }
  }
  return out
}
