import type { AccountsFixture } from '../contract/fixtures.js'
import type { ClockState } from '../engine/clock/clock.js'
import type { Scenarios } from '../engine/scenarios/scenarios.js'

/**
 * The startup banner: where genmock listens, how its clock runs, and the fixture keys — the
 * usable ones, and the ones that are refused on purpose.
 * @example
 * process.stdout.write(banner({ url, version: '0.1.0', seed: 7, clock: engine.clockState(), accounts: defaultAccounts, scenarios: engine.scenarios }))
 */
export function banner(options: {
  url: string
  version: string
  seed: number
  clock: ClockState
  accounts: AccountsFixture
  scenarios: Scenarios
  locked?: boolean
}): string {
  const { url, version, seed, clock, accounts, scenarios, locked = false } = options
  const usable: string[] = []
  const refused: string[] = []
  for (const account of accounts.accounts) {
    for (const key of account.keys ?? []) {
      const why = key.revoked ? 'revoked' : key.expiresAt ? 'expired' : key.ipAllowlist ? 'IP allowlist' : null
      if (why) refused.push(`${key.key} (${why})`)
      else usable.push(`${key.key.padEnd(18)} ${account.name}, ${account.credits} credits`)
    }
  }
  const pad = (label: string) => `  ${label.padEnd(10)} `
  return [
    `genmock ${version} — image and video generation task simulator`,
    `${pad('base_url')}${url}`,
    `${pad('clock')}${clock.mode}${clock.mode === 'real' ? ` ×${clock.speed}` : ''}, now ${clock.now}`,
    `${pad('seed')}${seed}`,
    `${pad('scenario')}${scenarios.defaultName} (${scenarios.list().length} loaded: GET ${url}/__mock/scenarios)`,
    `${pad('dashboard')}${url}/__mock/${locked ? '#token=<your --admin-token>' : ''}`,
    `${pad('control')}${url}/__mock/health${locked ? ' (Authorization: Bearer <your --admin-token>)' : ''}`,
    ...usable.map((line, i) => `${pad(i === 0 ? 'API keys' : '')}${line}`),
    ...(refused.length > 0 ? [`${pad('refused')}${refused.join(', ')}`] : []),
    '',
    `Try: curl -s ${url}/api/ai/models -H 'Authorization: Bearer ${accounts.accounts[0]?.keys?.[0]?.key ?? 'KEY'}'`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n')
}
