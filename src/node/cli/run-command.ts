/**
 * The `genmock` command once its command line is read and good (bin.ts answers --help, --version
 * and a bad command line alone): each command loads its own modules. The package's bin loads this
 * module only then (build/bundle-cli.ts), so --help and --version compile none of it.
 */
import type { Command } from './parse-args.js'

/** Runs a command that is neither --help nor --version, to its exit code. */
export async function runCommand(command: Exclude<Command, { kind: 'help' | 'version' }>): Promise<number> {
  if (command.kind === 'init') return (await import('./init-command.js')).initCommand(command.framework, command.out)
  if (command.kind === 'validate') return (await import('./validate-command.js')).validateFiles(command.files)
  if (command.kind === 'state') return (await import('./state-command.js')).stateCommand(command.action, command.dir)
  if (command.kind === 'mcp') return (await import('./mcp-command.js')).mcpCommand(command.url, command.adminToken)
  if (command.kind === 'calibrate')
    return (await import('./calibrate-command.js')).calibrateCommand(command.file, command.out)
  // A scenario's latency may still be waiting out a request whose connection is gone: exit now.
  process.exit(await (await import('./serve-command.js')).serve(command))
}
