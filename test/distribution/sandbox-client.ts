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
 * with two busy loops beside the suite). A name the network's DNS does not know for 15 s is reached at
 * GENMOCK_ADDRESS instead, and the line says so: podman 4.3's aardvark-dns lost the service's name for good
 * in 2 of about 15 runs with busy loops beside them (ENOTFOUND for the whole minute, the service up; once
 * after its process was killed and restarted). Any other failure fails the client at once.
 */
const CLIENT = `
const NOT_CONNECTED = [
  'UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH',
]
const UNKNOWN_NAME = ['ENOTFOUND', 'EAI_AGAIN']
const started = Date.now()
let base = process.env.GENMOCK_URL
let byAddress = false
async function send(path, init) {
  for (;;) {
    try {
      return await fetch(base + path, init)
    } catch (error) {
      const code = error?.cause?.code
      if (!NOT_CONNECTED.includes(code) || Date.now() > started + 60_000) throw error
      if (UNKNOWN_NAME.includes(code) && !byAddress && Date.now() > started + 15_000) {
        base = 'http://' + process.env.GENMOCK_ADDRESS + ':4600'
        byAddress = true
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}
const answers = []
for (const call of JSON.parse(process.env.CALLS)) {
  const headers = {}
  if (process.env.CREDENTIAL) headers.authorization = 'Bearer ' + process.env.CREDENTIAL
  if (call.body !== undefined) headers['content-type'] = 'application/json'
  const response = await send(call.path, {
    method: call.method ?? 'GET', headers, body: call.body === undefined ? undefined : JSON.stringify(call.body),
  })
  const text = await response.text()
  let body = text
  try { body = JSON.parse(text) } catch {}
  answers.push({ status: response.status, body })
}
console.log(JSON.stringify({ answers, byAddress }))
`

/** The address `container` has on `network`, for a client whose DNS lost the service's name. */
async function addressOn(container: string, network: string): Promise<string> {
  const { stdout } = await engine(['inspect', '--format', '{{json .NetworkSettings.Networks}}', container])
  const address = (JSON.parse(stdout) as Record<string, { IPAddress?: string }>)[network]?.IPAddress
  if (!address) throw new Error(`${container} has no address on ${network}: ${stdout}`)
  return address
}

/**
 * Runs `calls` with `credential` (none: anonymous) in a container `name` on `network`, where `service` (the
 * container of the compose service `genmock`) answers: their answers, and whether they went to its address
 * because the network's DNS did not know its name (a warning says so).
 */
export async function runClient(
  name: string,
  network: string,
  service: string,
  credential: string | undefined,
  calls: Call[],
): Promise<Answer[]> {
  const address = await addressOn(service, network)
  const env = ['-e', 'GENMOCK_URL=http://genmock:4600', '-e', `GENMOCK_ADDRESS=${address}`]
  env.push('-e', `CALLS=${JSON.stringify(calls)}`)
  if (credential) env.push('-e', `CREDENTIAL=${credential}`)
  const run = ['run', '--rm', '--name', name, '--network', network, ...env, '--entrypoint', 'node', IMAGE]
  const { stdout } = await engine([...run, '--input-type=module', '-e', CLIENT])
  const { answers, byAddress } = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    answers: Answer[]
    byAddress: boolean
  }
  if (byAddress) console.warn(`${name}: the network's DNS did not know genmock for 15 s; it was reached at ${address}`)
  return answers
}
