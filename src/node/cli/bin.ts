#!/usr/bin/env node
// The `genmock` command. It reads its arguments first: --help, --version and a bad command line
// are answered from the option table and its parser alone; the rest (run-command.ts: the server,
// zod, yaml) is loaded only to run. In the package's bin this file is the launcher, dist/cli.cjs,
// and run-command.ts and what it loads are files of their own, compiled with the code V8 kept for
// them in an earlier run (build/bundle-cli.ts, cached-pieces.ts; docs/performance.md, Cold start).
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
  return (await import('./run-command.js')).runCommand(command)
}

// No top-level await: the command is also one CommonJS bundle (build/bundle-cli.ts).
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
