import { spawn } from 'node:child_process'
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { cleanEnv, INSTALL_MS, projects, RUN_MS } from './support.js'

/**
 * Stopping `npx genmock` as a test harness does (pytest's Popen.terminate, a CI step's kill):
 * the signal goes to npx, which passes it to the `sh -c` it started genmock with; the shell dies
 * and genmock must not stay behind holding the port.
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

describe('npx genmock, from the installed tarball', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${signal} to npx stops genmock too: no process left, the port free`,
      async () => {
        const dir = await projects.msw2()
        const npx = spawn('npx', ['genmock', '--port', '0', '--log', 'json'], {
          cwd: dir,
          env: cleanEnv(),
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let out = ''
        npx.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
        const exited = new Promise((resolve) => npx.once('exit', resolve))
        const ready = await new Promise<{ pid: number; port: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ready event: ${out}`)), RUN_MS)
          npx.stdout.on('data', () => {
            const line = out.split('\n')[0]!
            if (out.includes('\n')) {
              clearTimeout(timer)
              resolve(JSON.parse(line) as { pid: number; port: number })
            }
          })
        })
        expect(ready.pid).not.toBe(npx.pid)
        npx.kill(signal)
        await exited
        const deadline = Date.now() + 10_000
        while (alive(ready.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
        const left = alive(ready.pid)
        if (left) process.kill(ready.pid, 'SIGKILL')
        expect(left).toBe(false)
        expect(await refused(ready.port)).toBe(true)
      },
      INSTALL_MS + RUN_MS,
    )
  }
})
