#!/usr/bin/env node
// The `genmock` command. It reads its arguments first: --help, --version and a bad command line
// are answered from the option table and its parser alone; the server (and zod, yaml) is loaded only to run.
import { VERSION } from '../server/version.js'
import { type Command, parseCommand, usageMessage } from './parse-args.js'
import { HELP } from './cli-help.js'

// A reader that went away (`genmock --help | head -1`) ends the output, never with a stack.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})

async function main(argv: string[]): Promise<number> {
  let command: Command
  try {
    command = parseCommand(argv, process.env)
  } catch (error) {
    const message = usageMessage(error)
    if (message === undefined) throw error
    process.stderr.write(`genmock: ${message}\nRun genmock --help for the options.\n`)
    return 2
  }
  if (command.kind === 'help' || command.kind === 'version') {
    process.stdout.write(command.kind === 'help' ? HELP : `${VERSION}\n`)
    return 0
  }
  // Each command loads its own modules, once the command line is known to be good.
  if (command.kind === 'init') return (await import('./init-command.js')).initCommand(command.framework, command.out)
  if (command.kind === 'validate') return (await import('./validate-command.js')).validateFiles(command.files)
  if (command.kind === 'state') return (await import('./state-command.js')).stateCommand(command.action, command.dir)
  if (command.kind === 'mcp') return (await import('./mcp-command.js')).mcpCommand(command.url, command.adminToken)
  if (command.kind === 'calibrate')
    return (await import('./calibrate-command.js')).calibrateCommand(command.file, command.out)
  // A scenario's latency may still be waiting out a request whose connection is gone: exit now.
  process.exit(await (await import('./serve-command.js')).serve(command))
}

// No top-level await: the command is also one CommonJS bundle (build/bundle-cli.ts).
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
