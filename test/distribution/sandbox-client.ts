import { engine, IMAGE } from './engine.js'

/**
 * A client of the shared sandbox as a container (sandbox-compose.test.ts): the image's `node` runs a
 * short script that makes its calls in order against http://genmock:4600 on the compose network,
 * with one credential, and prints their answers as one JSON line.
 */

/** A client's calls, in order: each answers `{status, body}` (the body parsed when it is JSON). */
export interface Call {
  method?: string
  path: string
  body?: unknown
}
export interface Answer {
  status: number
  // biome-ignore lint/suspicious/noExplicitAny: the answers of many routes, each check reads the fields it asserts
  body: any
}

/**
 * The client each container runs: CALLS in order against GENMOCK_URL with CREDENTIAL, the answers as one JSON
 * line. A request whose connection was never made is sent again, for a minute at most: it never left, and a
 * new container's network on a busy host may drop its first packets for seconds (a connect time-out, seen
 * with two busy loops beside the suite). Any other failure fails the client at once.
 */
const CLIENT = `
const NOT_CONNECTED = [
  'UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
]
const deadline = Date.now() + 60_000
async function send(url, init) {
  for (;;) {
    try {
      return await fetch(url, init)
    } catch (error) {
      if (!NOT_CONNECTED.includes(error?.cause?.code) || Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}
const answers = []
for (const call of JSON.parse(process.env.CALLS)) {
  const headers = {}
  if (process.env.CREDENTIAL) headers.authorization = 'Bearer ' + process.env.CREDENTIAL
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  const response = await send(process.env.GENMOCK_URL + call.path, {
    method: call.method ?? 'GET', headers, body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
  const text = await response.text()
  let body = text
  try { body = JSON.parse(text) } catch {}
  answers.push({ status: response.status, body })
}
console.log(JSON.stringify(answers))
`

/** Runs `calls` with `credential` (none: anonymous) in a container `name` on `network`: their answers. */
export async function runClient(name: string, network: string, credential: string | undefined, calls: Call[]) {
  const env = ['-e', 'GENMOCK_URL=http://genmock:4600', '-e', `CALLS=${JSON.stringify(calls)}`]
  if (credential) env.push('-e', `CREDENTIAL=${credential}`)
  const run = ['run', '--rm', '--name', name, '--network', network, ...env, '--entrypoint', 'node', IMAGE]
  const { stdout } = await engine([...run, '--input-type=module', '-e', CLIENT])
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Answer[]
}
