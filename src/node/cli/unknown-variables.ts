/**
 * The GENMOCK_* variables of the environment that nothing of genmock reads, each with the one it
 * most likely meant (docs/cli.md, Environment variables): a misspelt variable would otherwise be ignored
 * without a word, and genmock would start with its default.
 */
import { envName, KEYS, OPTIONS, type OptionSpec } from './option-table.js'
import { closest } from '../../lib/suggest.js'

/**
 * Read by other parts of genmock: the test kits (GENMOCK_URL), the recipes and the pytest conftest
 * (GENMOCK_BIN, GENMOCK_IMAGE, which the image also sets for `genmock init`).
 */
const ELSEWHERE = ['GENMOCK_URL', 'GENMOCK_BIN', 'GENMOCK_IMAGE']
/** The command line's own options: never read from the environment. */
const COMMAND_LINE_ONLY = KEYS.filter((key) => (OPTIONS[key] as OptionSpec<unknown>).env === false).map(envName)
const READ = KEYS.filter((key) => (OPTIONS[key] as OptionSpec<unknown>).env !== false).map(envName)

export interface UnknownVariable {
  variable: string
  /** The variable genmock reads that it most likely meant. */
  meant?: string
  /** The warning's text. */
  text: string
}

/**
 * Each GENMOCK_* variable set (non-empty) that genmock does not read, in name order.
 * @example
 * unknownVariables({ GENMOCK_PROT: '0' }) // [{ variable: 'GENMOCK_PROT', meant: 'GENMOCK_PORT', text: '…' }]
 */
export function unknownVariables(env: Record<string, string | undefined>): UnknownVariable[] {
  const known = new Set([...READ, ...ELSEWHERE])
  return Object.keys(env)
    .filter((name) => name.startsWith('GENMOCK_') && env[name] !== '' && !known.has(name))
    .sort()
    .map((variable) => {
      if (COMMAND_LINE_ONLY.includes(variable)) {
        const flag = `--${variable.slice('GENMOCK_'.length).toLowerCase().replace(/_/g, '-')}`
        return { variable, text: `${variable} is not read: ${flag} is given on the command line only` }
      }
      const near = closest(
        variable.slice('GENMOCK_'.length),
        READ.map((name) => name.slice('GENMOCK_'.length)),
      )
      const meant = near === undefined ? undefined : `GENMOCK_${near}`
      return {
        variable,
        ...(meant ? { meant } : {}),
        text: `${variable} is not a genmock variable${meant ? ` (did you mean ${meant}?)` : ''}; ignored`,
      }
    })
}
