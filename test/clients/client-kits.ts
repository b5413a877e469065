import { spawn } from 'node:child_process'
import {
  chmodSync,
  symlinkSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { connect, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The Python, Go and Java kits' tests' shared pieces (docs/test-kit-languages.md): the page's
 * blocks by name, a folder with a kit's sources copied in and `./genmock-linux-x64` beside them
 * (the real executable in test:dist, a script running dist/cli.cjs in `npm test`), commands run to
 * their end, and whether anything still answers on a port.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const PAGE_NAME = 'test-kit-languages.md'
const PAGE = readFileSync(join(ROOT, 'docs', PAGE_NAME), 'utf8')
/** Generous limit for a toolchain's whole run on a busy machine; a guard against hanging, never asserted. */
export const TOOLCHAIN_MS = 240_000

/**
 * The page's code block whose marker names `test` and, given, `(label)`; else the one in
 * `language` whose first line is the comment `name`.
 */
export function docBlock(test: string, label?: string): string {
  const marker = `<!-- test: test/clients/${test}${label ? ` (${label})` : ''} -->\n`
  const at = PAGE.indexOf(marker)
  if (at < 0) throw new Error(`docs/${PAGE_NAME} has no block marked ${marker.trim()}`)
  const open = PAGE.indexOf('\n', at + marker.length) + 1
  return PAGE.slice(open, PAGE.indexOf('```', open))
}

/** The file name a block's first line gives: `# test_image.py`, `// image_test.go`. */
export const blockName = (block: string) => block.split('\n')[0]!.replace(/^(#|\/\/) /, '')

const folders: string[] = []

/**
 * A new folder holding clients/`kit` (as a user's checkout has it) and ./genmock-linux-x64: a link
 * to `bin` when given (the standalone executable), else a script that runs dist/cli.cjs with this Node.
 */
export function kitFolder(kit: 'python' | 'go' | 'java', bin?: string): string {
  const dir = mkdtempSync(join(tmpdir(), `genmock-kit-${kit}-`))
  folders.push(dir)
  cpSync(join(ROOT, 'clients', kit), join(dir, 'clients', kit), {
    recursive: true,
    filter: (path) => !['build', '__pycache__'].includes(basename(path)) && !path.endsWith('.egg-info'),
  })
  const genmock = join(dir, 'genmock-linux-x64')
  if (bin) symlinkSync(bin, genmock)
  else {
    writeFileSync(genmock, `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'dist', 'cli.cjs')}' "$@"\n`)
    chmodSync(genmock, 0o755)
  }
  return dir
}

/** Removes the folders kitFolder made. */
export function removeFolders(): void {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
}

/**
 * A folder of links to `commands` only (found in /usr/bin or /bin), for a PATH without Node.
 */
export function pathOf(dir: string, commands: string[]): string {
  const bin = join(dir, 'path')
  mkdirSync(bin, { recursive: true })
  for (const command of commands) {
    const found = ['/usr/bin', '/bin'].map((d) => join(d, command)).find((f) => existsSync(f))
    if (!found) throw new Error(`no ${command} in /usr/bin or /bin`)
    writeFileSync(join(bin, command), `#!/bin/sh\nexec ${found} "$@"\n`)
    chmodSync(join(bin, command), 0o755)
  }
  return bin
}

export interface Ran {
  code: number | null
  output: string
}

/** Runs `script` with bash -eu in `cwd` with exactly `env` (plus HOME), to its end; stdout and stderr together. */
export function bash(script: string, cwd: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-eu', '-c', script], {
      cwd,
      env: { HOME: process.env.HOME ?? '/root', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOLCHAIN_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Whether something accepts connections on `port`. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

/** Whether `command` runs here (a toolchain installed). */
export function has(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore' })
    child.on('error', () => resolve(false))
    child.on('close', (code) => resolve(code === 0))
  })
}
