// `genmock calibrate`'s files: a HAR recording read and compared, the calibration written and loaded.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as z from 'zod'
import { pricingFixtureSchema } from '../../contract/fixtures.js'
import { scenarioSchema } from '../../contract/scenario.js'
import type { Calibration, CalibrationOutput } from '../../drift/calibrate.js'
import { defaultPricing } from '../../engine/default-fixtures.js'
import { calibrationOf, compareExchange } from '../../drift/compare-exchange.js'
import { buildSimulator } from '../../simulator.js'
import type { HttpRequest } from '../../http/request-reply.js'
import { PROXY_ERROR_HEADER } from '../../drift/proxy-failure.js'

/** A bad recording or calibration directory: the CLI prints the message, never a stack. */
export class CalibrationError extends Error {}

/** An error or a text from a recording as one short line: no line breaks, at most 200 characters. */
const oneLine = (value: unknown) => {
  const text = (value instanceof Error ? value.message : String(value)).replace(/\s+/g, ' ')
  return text.length > 200 ? `${text.slice(0, 199)}…` : text
}

const pairs = z.array(z.object({ name: z.string(), value: z.string() })).default([])
const harEntrySchema = z.object({
  startedDateTime: z.iso.datetime({ offset: true }),
  request: z.object({
    method: z.string().min(1),
    url: z.url(),
    headers: pairs,
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.int(),
    headers: pairs,
    content: z.object({
      mimeType: z.string().optional(),
      text: z.string().optional(),
      encoding: z.string().optional(),
    }),
  }),
})
type HarEntry = z.infer<typeof harEntrySchema>

/**
 * The entries of a recording. A file cut short by a crash (genmock writes one entry per line) gives
 * its complete entries and a warning; anything else that is not HAR is an error naming the place.
 */
function harEntries(file: string, text: string, warn: (line: string) => void): unknown[] {
  let har: unknown
  try {
    har = JSON.parse(text)
  } catch (error) {
    const lines = text.startsWith('{"log":') ? text.split('\n').slice(1) : []
    const complete = lines.flatMap((line) => {
      try {
        const entry: unknown = JSON.parse(line.replace(/,$/, ''))
        return typeof entry === 'object' && entry !== null ? [entry] : []
      } catch {
        return []
      }
    })
    if (complete.length === 0)
      throw new CalibrationError(`${file} is not JSON (${(error as Error).message}): not a HAR file, or cut short`)
    warn(`genmock: ${file} is cut short: calibrating from its ${complete.length} complete entries`)
    return complete
  }
  const entries = (har as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new CalibrationError(`${file} is not a HAR file: it has no log.entries list`)
  if (entries.length === 0) throw new CalibrationError(`${file} has no entries: there is nothing to calibrate from`)
  return entries
}

/** A HAR entry as the request and answer the comparison takes; undefined when it is not a service call. */
function exchangeOf(entry: HarEntry) {
  const url = new URL(entry.request.url)
  const at = url.pathname.indexOf('/api/ai/')
  if (at < 0) return undefined
  const headers: Record<string, string> = Object.create(null)
  for (const { name, value } of entry.request.headers) headers[name.toLowerCase()] = value
  const postData = entry.request.postData
  if (postData?.mimeType && headers['content-type'] === undefined) headers['content-type'] = postData.mimeType
  const request: HttpRequest = {
    method: entry.request.method.toUpperCase(),
    path: url.pathname.slice(at),
    query: url.search.slice(1),
    headers,
    body: new TextEncoder().encode(postData?.text ?? ''),
    origin: url.origin,
  }
  const { content } = entry.response
  const body =
    content.text === undefined
      ? undefined
      : content.encoding === 'base64'
        ? new Uint8Array(Buffer.from(content.text, 'base64'))
        : new TextEncoder().encode(content.text)
  const responseHeaders: Record<string, string> = Object.create(null)
  for (const { name, value } of entry.response.headers) responseHeaders[name.toLowerCase()] = value
  // genmock's own 502 or 504: the service said nothing there.
  if (responseHeaders[PROXY_ERROR_HEADER] !== undefined) return undefined
  return { request, answer: { status: entry.response.status, headers: responseHeaders, body } }
}

/**
 * Reads a recording and works out what it implies (docs/check-against-the-service.md).
 * @example
 * const { output, exchanges } = calibrateFile('session.har', console.error)
 */
export function calibrateFile(file: string, warn: (line: string) => void): { output: CalibrationOutput; used: number } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new CalibrationError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    )
  }
  const entries = harEntries(file, text, warn)
  const parsed = entries.map((entry, i) => {
    const result = harEntrySchema.safeParse(entry)
    if (result.success) return result.data
    const issue = result.error.issues[0]!
    const request = (entry as { request?: { method?: unknown; url?: unknown } } | null)?.request
    const what = typeof request?.url === 'string' ? ` (${String(request.method)} ${request.url})` : ''
    throw new CalibrationError(
      `${file}: entry ${i + 1}${what} is not a HAR 1.2 entry: ${issue.path.join('.') || 'entry'}: ${issue.message}`,
    )
  })
  const { engine, drift } = buildSimulator()
  let used = 0
  const sorted = parsed.sort((a, b) => Date.parse(a.startedDateTime) - Date.parse(b.startedDateTime))
  for (const [i, entry] of sorted.entries()) {
    const exchange = exchangeOf(entry)
    if (!exchange) continue
    used += 1
    const { request, answer } = exchange
    const example = {
      seq: i + 1,
      at: entry.startedDateTime,
      method: request.method,
      path: request.path,
      status: answer.status,
    }
    try {
      compareExchange(engine, drift, request, answer, Date.parse(entry.startedDateTime), example)
    } catch (error) {
      throw new CalibrationError(
        `${file}: entry ${i + 1} (${oneLine(`${request.method} ${entry.request.url}`)}) ` +
          `cannot be read: ${oneLine(error)}`,
      )
    }
  }
  if (used === 0)
    throw new CalibrationError(
      `${file}: none of its ${entries.length} entries calls the service (/api/ai/…): record one with genmock --proxy`,
    )
  try {
    return { output: calibrationOf(drift, defaultPricing), used }
  } catch (error) {
    const issue = error instanceof z.ZodError ? error.issues[0] : undefined
    const what = issue ? `${issue.path.join('.')}: ${issue.message}` : oneLine(error)
    throw new CalibrationError(`${file}: its values do not make a scenario genmock can load (${what})`)
  }
}

export const CALIBRATION_FILES = {
  prices: 'prices.json',
  scenario: 'calibrated.json',
  values: 'values.json',
  report: 'report.md',
} as const

/** Writes the four files into `dir` (made if missing); returns their paths. */
export function writeCalibration(dir: string, output: CalibrationOutput): string[] {
  mkdirSync(dir, { recursive: true })
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  const files = [
    [CALIBRATION_FILES.prices, json(output.prices)],
    [CALIBRATION_FILES.scenario, json(output.scenario)],
    [CALIBRATION_FILES.values, json(output.values)],
    [CALIBRATION_FILES.report, output.report],
  ] as const
  return files.map(([name, content]) => {
    writeFileSync(join(dir, name), content)
    return join(dir, name)
  })
}

/**
 * The calibration `genmock calibrate` wrote into `dir`, checked, for `--calibration` and the
 * `calibration` option of `createSimulator` and `startServer`.
 * @example
 * createSimulator({ calibration: loadCalibration('./calibration') })
 */
export function loadCalibration(dir: string): Calibration {
  const read = (name: string): unknown => {
    const path = join(dir, name)
    try {
      return JSON.parse(readFileSync(path, 'utf8'))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      throw new CalibrationError(
        `--calibration ${dir}: cannot read ${name}: ${code ?? (error as Error).message}` +
          `${code === 'ENOENT' ? ' (write the directory with genmock calibrate FILE.har --out DIR)' : ''}`,
      )
    }
  }
  const check = <T>(schema: z.ZodType<T>, value: unknown, name: string): T => {
    const result = schema.safeParse(value)
    if (result.success) return result.data
    const issue = result.error.issues[0]!
    throw new CalibrationError(`--calibration ${dir}: ${name}: ${issue.path.join('.') || '(top)'}: ${issue.message}`)
  }
  const prices = read(CALIBRATION_FILES.prices) as { pricing?: unknown } | null
  return {
    pricing: check(pricingFixtureSchema, prices?.pricing, `${CALIBRATION_FILES.prices} pricing`),
    scenario: check(scenarioSchema, read(CALIBRATION_FILES.scenario), CALIBRATION_FILES.scenario),
  }
}
