import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { cleanEnv, INSTALL_MS, projects, RUN_MS } from './support.js'

/**
 * Stopping `npx genmock` as a test harness does: SIGTERM to npx's process (pytest's
 * Popen.terminate, a CI step's kill), and SIGINT to its process group (Ctrl+C in a terminal).
 * npx passes a signal only to the `sh -c` it started genmock with: on SIGTERM the shell dies, and
 * genmock must not stay behind holding the port.
 */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(true))
  })

const cases = [
  { signal: 'SIGTERM', to: 'npx' },
  { signal: 'SIGINT', to: 'group' },
  { signal: 'SIGTERM', to: 'group' },
] as const

describe('npx genmock, from the installed tarball', () => {
  for (const { signal, to } of cases) {
    it(
      `${signal} to ${to === 'npx' ? 'npx alone' : "npx's process group"} stops genmock too: ` +
        'no process left, the port free',
      async () => {
        const dir = await projects.msw2()
        const npx = spawn('npx', ['genmock', '--port', '0', '--log', 'json'], {
          cwd: dir,
          env: cleanEnv(),
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true, // a process group of its own, as a terminal gives a command
        })
        let out = ''
        npx.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
        const exited = new Promise((resolve) => npx.once('exit', resolve))
        const ready = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ready event: ${out}`)), RUN_MS)
          npx.stdout.on('data', () => {
            if (!out.includes('\n')) return
            clearTimeout(timer)
            resolve(JSON.parse(out.split('\n')[0]!) as { pid: number; port: number })
          })
        })
        expect(ready.pid).not.toBe(npx.pid)
        process.kill(to === 'npx' ? npx.pid! : -npx.pid!, signal)
        const deadline = Date.now() + 10_000
        while (alive(ready.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
        const left = alive(ready.pid)
        if (left) process.kill(-npx.pid!, 'SIGKILL')
        expect(left).toBe(false)
        await exited
        expect(await refused(ready.port)).toBe(true)
        expect(out).toContain('"event":"conformance"') // it stopped gracefully
      },
      INSTALL_MS + RUN_MS,
    )
  }
})
