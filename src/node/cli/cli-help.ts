// `genmock --help`, written from the option table.
import { VERSION } from '../server/version.js'
import { COMMANDS } from './cli-commands.js'
import { KEYS, kebab, OPTIONS, type OptionSpec } from './option-table.js'

/** `genmock --help`: the option table's lines, then the environment, exit codes and examples. */
const COLUMN = 23
function optionLines(): string {
  return KEYS.map((key) => {
    const spec: OptionSpec<unknown> = OPTIONS[key]
    const value = spec.bare !== undefined ? `[=${spec.arg}]` : spec.arg ? ` ${spec.arg}` : ''
    const left = `  ${spec.short ? `-${spec.short}, ` : ''}--${kebab(key)}${value}`
    const [first, ...rest] = [spec.help].flat().map((line, i) => (i === 0 ? line : ' '.repeat(COLUMN) + line))
    const head = left.length < COLUMN - 1 ? `${left.padEnd(COLUMN)}${first}` : `${left}\n${' '.repeat(COLUMN)}${first}`
    return [head, ...rest].join('\n')
  }).join('\n')
}

export const HELP = `genmock ${VERSION} — a local simulator of the image and video generation task service

Usage: genmock [options]
${Object.values(COMMANDS)
  .map((c) => `       genmock ${c.usage.padEnd(18)} ${[c.help].flat().join(`\n${' '.repeat(34)}`)}`)
  .join('\n')}

Options:
${optionLines()}

Every option can also be set in the environment, the command line winning: GENMOCK_ and its
name in capitals, such as GENMOCK_PORT=0, GENMOCK_CORS_ORIGIN=…, GENMOCK_STRICT=1.

Exit codes:
  0  stopped cleanly (SIGINT, SIGTERM or SIGHUP), or --help, --version, validate with no problem
  1  --fail-on-findings with an error finding; --require-coverage with an outcome not met;
     validate found a problem; the port is in use or the report could not be written
  2  a bad option, environment variable or scenario file: nothing was started
  129, 130, 143  a second SIGHUP, SIGINT or SIGTERM stopped it at once, without the reports

Examples:
  genmock
  genmock --port 0 --clock manual --seed 7
  genmock --clock real --speed 10
  genmock --scenarios ./my-scenarios --scenario relay-expiry --watch
  genmock --host 0.0.0.0 --admin-token s3cret-token --allowed-hosts genmock.internal
  genmock --cors-origin http://app.example.test:3000
  genmock --strict --report conformance.xml --fail-on-findings --log json
  genmock validate ./my-scenarios/*.yaml
  genmock init vitest
  genmock --proxy https://api.example.test --record session.har
  genmock calibrate session.har --out ./calibration && genmock --calibration ./calibration

A request picks a scenario with the header X-Mock-Scenario: NAME (or Prefer: scenario=NAME),
or with [mock:NAME] in its prompt; else it gets its account's scenario, else the default.

Control API: GET /__mock/health, GET|PUT /__mock/clock, POST /__mock/clock/advance,
POST /__mock/reset, POST|GET|PATCH /__mock/accounts[/:id], GET /__mock/tasks,
POST /__mock/tasks/:id/transition, GET|POST /__mock/scenarios, PUT /__mock/scenario,
GET|DELETE /__mock/requests, GET|DELETE /__mock/conformance, GET /__mock/coverage,
GET|DELETE /__mock/drift. See README.md.
`
