/**
 * The values of the command line's options, read and checked: each reader names where the value
 * came from (`--port` or `GENMOCK_PORT`) in its message. No imports: --help loads this too.
 */
import { readFileSync } from 'node:fs'

/** A bad command line or environment variable: genmock prints it with a pointer to --help and exits 2. */
export class UsageError extends Error {}

export function integer(from: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`${from} must be an integer from ${min} to ${max}, got "${text}"`)
  return Number(text)
}

export function number(
  from: string,
  text: string | undefined,
  fallback: number,
  range: [number, number],
  above = false,
) {
  if (text === undefined) return fallback
  const value = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  const [min, max] = range
  if (!(above ? value > min : value >= min) || !(value <= max))
    throw new UsageError(
      `${from} must be a number ${above ? `above ${min} and at most` : `from ${min} to`} ${max}, got "${text}"`,
    )
  return value
}

export function oneOf<T extends string>(from: string, text: string | undefined, allowed: readonly T[], fallback: T): T {
  if (text === undefined) return fallback
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`${from} must be one of ${allowed.join(', ')}, got "${text}"`)
  return text as T
}

export function flag(from: string, text: string | undefined): boolean {
  if (text === undefined) return false
  if (/^(?:true|1|yes)$/i.test(text)) return true
  if (/^(?:false|0|no)$/i.test(text)) return false
  throw new UsageError(`${from} is a flag: true or false (1 or 0), got "${text}"`)
}

/** `a,b,c` → ['a', 'b', 'c'] with each item checked: no empty item, no white space. */
export function list(
  from: string,
  text: string | undefined,
  example: string,
  check: (item: string) => string | undefined,
) {
  if (text === undefined) return undefined
  const items = text.split(',')
  if (items.some((item) => !/^[\x21-\x7e]+$/.test(item)))
    throw new UsageError(
      `${from} must be a comma-separated list without spaces or empty items, such as ${example}; got "${text}"`,
    )
  for (const item of items) {
    const problem = check(item)
    if (problem) throw new UsageError(`${from}: ${problem}`)
  }
  return items
}

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?'
const HOST_NAME = new RegExp(`^\\.?${LABEL}(?:\\.${LABEL})*\\.?$`, 'i')
const IPV6 = /^\[[0-9a-f:.]+\]$/i

/** An --allowed-hosts entry: `*`, a host name (`.name` or `*.name` for it and its subdomains), an IP address. */
export const hostEntry = (item: string) =>
  item === '*' || HOST_NAME.test(item.startsWith('*.') ? item.slice(1) : item) || IPV6.test(item)
    ? undefined
    : `"${item}" is not a host name (no scheme, port or path), such as genmock.internal or .dev.example.test`

/** A --cors-origin entry: `*`, or an origin exactly as a browser sends it: scheme://host[:port]. */
export function originEntry(item: string): string | undefined {
  if (item === '*') return undefined
  let origin = 'null'
  try {
    const url = new URL(item)
    if (url.protocol === 'http:' || url.protocol === 'https:') origin = url.origin
  } catch {}
  if (origin === item) return undefined
  const hint = origin === 'null' ? '' : ` (did you mean ${origin}?)`
  return `"${item}" is not an origin: scheme://host[:port] with nothing after, such as https://app.example.test${hint}`
}

export function host(from: string, text: string | undefined): string {
  if (text === undefined) return '127.0.0.1'
  const bare = IPV6.test(text) ? text.slice(1, -1) : text
  if (!HOST_NAME.test(bare) && !/^[0-9a-f:.]+$/i.test(bare))
    throw new UsageError(`${from} must be an IP address or a host name, such as 127.0.0.1 or 0.0.0.0; got "${text}"`)
  return bare
}

export function adminToken(from: string, token: string | undefined): string | undefined {
  if (token !== undefined && !/^[\x21-\x7e]{8,200}$/.test(token))
    throw new UsageError(`${from} must be 8 to 200 printable characters without spaces`)
  return token
}

/** The admin token kept in a file (its first line), so that it is not visible in `ps`. */
export function adminTokenFile(from: string, file: string | undefined): string | undefined {
  if (file === undefined) return undefined
  let line: string
  try {
    line = readFileSync(file, 'utf8').split(/\r?\n/, 1)[0] ?? ''
  } catch (error) {
    throw new UsageError(`${from} ${file} cannot be read: ${(error as Error).message}`)
  }
  return adminToken(`${from} ${file}`, line)
}

export function fileName(from: string, file: string | undefined, example = 'conformance.xml'): string | undefined {
  if (file !== undefined && file.trim() === '') throw new UsageError(`${from} needs a file name, such as ${example}`)
  return file
}
