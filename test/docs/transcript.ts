import { type ChildProcess, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DOCS_ROOT } from './markdown.js'

/**
 * Runs a `console` block of the docs as a terminal would: each `$ ` line a command (a line ending
 * in `\` goes on), the lines under it what it prints, `…` any text (alone on a line: any lines).
 * With `run: genmock OPTIONS`, a genmock server is started first and the block's
 * `127.0.0.1:4600` and `--port 4600` become its address; without, they become a free port.
 */

const CLI = join(DOCS_ROOT, 'dist', 'cli.cjs')

export interface Step {
  command: string
  expected: string[]
}

export function parseTranscript(code: string): Step[] {
  const steps: Step[] = []
  const lines = code.replace(/\n$/, '').split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.startsWith('$ ')) {
      let command = line.slice(2)
      while (command.endsWith('\\') && i + 1 < lines.length) command = `${command}\n${lines[++i]}`
      steps.push({ command, expected: [] })
    } else if (steps.length === 0) throw new Error(`output before the first command: ${line}`)
    else steps.at(-1)!.expected.push(line)
  }
  return steps
}

/** Whether `output` is what `expected` shows, `…` standing for any text. */
export function matches(expected: string[], output: string): boolean {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const pattern = expected
    .map((line) => (line.trim() === '…' ? '(?:.*\\n)*?' : `${line.split('…').map(literal).join('.*?')}\\n`))
    .join('')
  const text = output === '' ? '' : `${output.replace(/\n+$/, '')}\n`
  return new RegExp(`^${pattern}$`).test(text)
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/** A genmock server for a transcript, with its stdout kept for the lines it prints when stopped. */
export interface Served {
  port: number
  stop(signal: NodeJS.Signals): Promise<string>
}

export async function serve(args: string[], cwd: string): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, [CLI, ...args, '--port', '0'], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
  })
  let stdout = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  // 'close', not 'exit': the lines printed when stopped may still be in the pipes at exit.
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /base_url\s+http:\/\/127\.0\.0\.1:(\d+)|"port":(\d+)/.exec(stdout)
      if (found) {
        clearInterval(timer)
        resolve(Number(found[1] ?? found[2]))
      }
    }, 20)
    child.on('exit', (code) => {
      clearInterval(timer)
      reject(new Error(`genmock ${args.join(' ')} exited ${code}:\n${stdout}`))
    })
  })
  return {
    port,
    async stop(signal) {
      child.kill(signal)
      await exited
      return stdout
    },
  }
}

/** Runs the steps in one bash in a fresh folder, `genmock` on the PATH; what each step printed. */
export async function runSteps(steps: Step[], cwd: string): Promise<string[]> {
  const bin = join(cwd, '.bin')
  mkdirSync(bin, { recursive: true })
  writeFileSync(join(bin, 'genmock'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`)
  chmodSync(join(bin, 'genmock'), 0o755)
  const script = ['exec 2>&1', ...steps.flatMap((step, i) => [step.command, `printf '\\036${i}\\n'`]), 'wait'].join(
    '\n',
  )
  const child = spawn('bash', ['--noprofile', '--norc', '-c', script], {
    cwd,
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' },
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the transcript took over 60 s; it printed:\n${output}`))
    }, 60_000)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })
  const printed: string[] = []
  let rest = output
  for (let i = 0; i < steps.length; i++) {
    const mark = `\u001e${i}\n`
    const at = rest.indexOf(mark)
    if (at < 0) throw new Error(`step ${i + 1} (${steps[i]!.command}) never finished; the output:\n${output}`)
    printed.push(rest.slice(0, at).replace(/\r\n/g, '\n'))
    rest = rest.slice(at + mark.length)
  }
  return printed
}

export const scratch = () => mkdtempSync(join(tmpdir(), 'genmock-docs-console-'))
