/**
 * The one rule on an open server: a list of allowed hosts that lets every Host in needs an admin
 * token. Apart from access.ts so that the CLI's option checks load nothing else.
 */

/**
 * Whether a list of allowed hosts lets every Host in (`*`): then any web page reaches the server by
 * DNS rebinding, and only an admin token keeps it from the control API (docs/limits-and-security.md).
 * @example
 * acceptsEveryHost(['*']) // true
 */
export const acceptsEveryHost = (allowedHosts: readonly string[] | undefined) => allowedHosts?.includes('*') === true

/** Why `--allowed-hosts '*'` needs an admin token, as the CLI and startServer refuse it. */
export const OPEN_HOSTS_NEED_TOKEN =
  "--allowed-hosts '*' answers every Host, so any web page could reach the control API by DNS rebinding " +
  '(reset the simulator, drain accounts): give --admin-token T or --admin-token-file F with it'
