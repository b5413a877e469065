#!/usr/bin/env node
// The `genmock` command. It reads its arguments first: --help, --version and a bad command line
// are answered from cli-args alone; the server (and zod, yaml) is loaded only to run.
import { HELP, parseCommand, usageMessage, VERSION, type Command } from './cli-args.js'

async function main(argv: string[]): Promise<number> {
  let command: Command
  try {
    command = parseCommand(argv)
  } catch (error) {
    process.stderr.write(`genmock: ${usageMessage(error) ?? String(error)}\nRun genmock --help for the options.\n`)
    return 2
  }
  if (command.kind === 'help' || command.kind === 'version') {
    process.stdout.write(command.kind === 'help' ? HELP : `${VERSION}\n`)
    return 0
  }
  const cli = await import('./cli.js')
  if (command.kind === 'calibrate') return cli.calibrateCommand(command.file, command.out)
  return command.kind === 'validate' ? cli.validateFiles(command.files) : cli.serve(command)
}

process.exitCode = await main(process.argv.slice(2))
