// What the command says when it is ready: the banner and the `ready` event.
import type { AccountsFixture } from '../../contract/fixtures.js'
import { keyRefusal } from '../../dashboard/refused.js'
import type { ClockState } from '../../engine/clock/clock.js'
import type { Engine } from '../../engine/engine.js'

/** What genmock says when it is ready: the banner's text and the `ready` event of --log json. */
export interface ReadyInfo {
  /** An address to open: loopback's when genmock listens on every interface (`--host 0.0.0.0`). */
  url: string
  /** Where it listens (`0.0.0.0:4600`), only when that is every interface. */
  listening?: string
  port: number
  pid: number
  version: string
  seed: number
  clock: ClockState
  scenario: string
  scenarios: number
  dashboard: string
  control: string
  /** Whether the control API needs the admin token (never the token itself). */
  locked: boolean
  /** Whether the bundled accounts and their public keys exist (--fixture-accounts). */
  fixtureAccounts: boolean
  /** The fixture keys a request may use: public test values. */
  keys: { key: string; account: string; credits: number }[]
  /** The fixture keys refused on purpose, and why. */
  refused: { key: string; why: string }[]
}

/**
 * Where genmock listens, how its clock runs, and the fixture keys: the usable ones, and the ones
 * that are refused on purpose.
 * @example
 * const info = readyInfo({ url, port, version: '0.1.0', seed: 7, clock: engine.clockState(),
 *   accounts: defaultAccounts, scenarios: engine.scenarioCount() })
 */
export function readyInfo(options: {
  url: string
  port: number
  version: string
  seed: number
  clock: ClockState
  accounts: AccountsFixture
  /** The count, not the list: sorting names the way the list does costs the first start ~10 ms (ICU). */
  scenarios: ReturnType<Engine['scenarioCount']>
  locked?: boolean
  fixtureAccounts?: boolean
}): ReadyInfo {
  const { scenarios, locked = false, fixtureAccounts = true } = options
  const accounts = fixtureAccounts ? options.accounts : { accounts: [] }
  const { url, listening } = openable(options.url)
  const keys: ReadyInfo['keys'] = []
  const refused: ReadyInfo['refused'] = []
  for (const account of accounts.accounts) {
    for (const key of account.keys ?? []) {
      const why = keyRefusal(key)
      if (why) refused.push({ key: key.key, why })
      else keys.push({ key: key.key, account: account.name, credits: account.credits })
    }
  }
  return {
    url,
    ...(listening ? { listening } : {}),
    port: options.port,
    pid: process.pid,
    version: options.version,
    seed: options.seed,
    clock: options.clock,
    scenario: scenarios.defaultName,
    scenarios: scenarios.count,
    dashboard: `${url}/__mock/`,
    control: `${url}/__mock/health`,
    locked,
    fixtureAccounts,
    keys,
    refused,
  }
}

/**
 * The address a person or a harness can open: a server on every interface (0.0.0.0 or ::, as in
 * a container) is reached at loopback's, and says where it listens (docs/containers-and-ci.md,
 * The container image).
 */
function openable(url: string): { url: string; listening?: string } {
  const { hostname, port } = new URL(url)
  const loopback = hostname === '0.0.0.0' ? '127.0.0.1' : hostname === '[::]' ? '[::1]' : undefined
  if (!loopback) return { url }
  return { url: `http://${loopback}:${port}`, listening: `${hostname}:${port}` }
}

/**
 * The startup banner, for people (--log pretty and silent).
 * @example
 * process.stdout.write(banner(info))
 */
export function banner(info: ReadyInfo): string {
  const { url, clock, locked } = info
  const pad = (label: string) => `  ${label.padEnd(10)} `
  return [
    `genmock ${info.version} — image and video generation task simulator`,
    `${pad('base_url')}${url}${info.listening ? ` (listening on every interface, ${info.listening})` : ''}`,
    `${pad('clock')}${clock.mode}${clock.mode === 'real' ? ` ×${clock.speed}` : ''}, now ${clock.now}`,
    `${pad('seed')}${info.seed}`,
    `${pad('scenario')}${info.scenario} (${info.scenarios} loaded: GET ${url}/__mock/scenarios)`,
    `${pad('dashboard')}${info.dashboard}${locked ? '#token=<your --admin-token> (a team: #key=<its key>)' : ''}`,
    `${pad('control')}${info.control}${locked ? ' (Authorization: Bearer <your --admin-token>)' : ''}`,
    ...info.keys.map(
      ({ key, account, credits }, i) =>
        `${pad(i === 0 ? 'API keys' : '')}${key.padEnd(18)} ${account}, ${credits} credits`,
    ),
    ...(info.fixtureAccounts
      ? []
      : [`${pad('accounts')}none bundled (--fixture-accounts off): make them with POST ${url}/__mock/accounts`]),
    ...(info.refused.length > 0
      ? [`${pad('refused')}${info.refused.map(({ key, why }) => `${key} (${why})`).join(', ')}`]
      : []),
    '',
    `Try: curl -s ${url}/api/ai/models -H 'Authorization: Bearer ${info.keys[0]?.key ?? 'KEY'}'`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n')
}
