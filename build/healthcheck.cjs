// The image's HEALTHCHECK (build/Containerfile): exit 0 when genmock answers GET /__mock/health.
// It reads the port and the admin token as genmock does: from PID 1's arguments (the ones after
// the image name), else from the GENMOCK_* variables, else the image's port 4600 and no token.
const { readFileSync } = require('node:fs')

let args = []
try {
  args = readFileSync('/proc/1/cmdline', 'utf8').split('\0')
} catch {}
/** `--name VALUE` or `--name=VALUE` among PID 1's arguments, else the variable. */
function option(name, variable) {
  for (const [i, arg] of args.entries()) {
    if (arg === `--${name}`) return args[i + 1]
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return process.env[variable] || undefined
}

let headers = {}
try {
  const file = option('admin-token-file', 'GENMOCK_ADMIN_TOKEN_FILE')
  const token = file ? readFileSync(file, 'utf8').split(/\r?\n/, 1)[0] : option('admin-token', 'GENMOCK_ADMIN_TOKEN')
  if (token) headers = { authorization: `Bearer ${token}` }
} catch {}
const port = option('port', 'GENMOCK_PORT') || '4600'
// node:http, not fetch: fetch loads undici first, over a second of CPU under arm64 emulation, where
// on a busy host it ran out the deadline before it asked (docs/containers-and-ci.md).
setTimeout(() => process.exit(1), 2500)
require('node:http')
  .get({ host: '127.0.0.1', port, path: '/__mock/health', headers }, (response) => {
    process.exit(response.statusCode >= 200 && response.statusCode < 300 ? 0 : 1)
  })
  .on('error', () => process.exit(1))
