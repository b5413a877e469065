#!/usr/bin/env node
// The `genmock` command. It reads its arguments first: --help, --version and a bad command line
// are answered from the option table and its parser alone; the rest (run-command.ts: the server,
// zod, yaml) is loaded only to run. In the package's bin this file is the launcher, dist/cli.cjs,
// and run-command.ts and what it loads are files of their own (build/bundle-cli.ts); before loading
// them it turns on Node's compile cache where Node has one (22.1 and later; docs/performance.md).
import * as nodeModule from 'node:module'
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
  // V8's compiled code kept between runs, in Node's folder for it (NODE_COMPILE_CACHE, else the OS
  // temp folder's node-compile-cache); NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node 20 has none.
  const { enableCompileCache } = nodeModule as { enableCompileCache?: () => unknown }
  enableCompileCache?.()
  return (await import('./run-command.js')).runCommand(command)
}

// No top-level await: the command is also one CommonJS bundle (build/bundle-cli.ts).
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
})
