// What one row of the command line's option table (option-table.ts) says: its --help text, its reader, its variable.
import type { ServerOptions } from '../server/server.js'

/**
 * Reads one option's text: undefined when neither the command line nor the environment gives it;
 * `from` names where it came from (`--port` or `GENMOCK_PORT`), for the messages.
 */
type Parse<T> = (text: string | undefined, from: string) => T

export interface OptionSpec<T> {
  /** The value's placeholder in --help ('N'); none for a flag. */
  arg?: string
  /** The value of the option given alone (`--sparse` is `--sparse=random`); it takes no next word then. */
  bare?: string
  short?: string
  /** --help's text, line by line. */
  help: string | string[]
  parse: Parse<T>
  /** false: never read from the environment (--help, --version). */
  env?: false
  /** The startServer option the value is, as it is; none for what is read further (the clock, files, the proxy). */
  server?: keyof ServerOptions
}
/** A row of the table, typed by what its `parse` gives. */
export const option = <T>(spec: OptionSpec<T>) => spec
