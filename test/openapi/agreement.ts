import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import type { Door } from '../support/doors.js'
import {
  DOCUMENTS,
  pointer,
  type Document,
  type DocumentName,
  type NonSchemaRule,
  type Operation,
} from '../support/openapi.js'
import { arbitrary, mutations, type Schema } from './arbitrary.js'

/**
 * The agreement test's machinery: request bodies generated from a document's schemas and
 * mutated from valid ones, each judged by ajv against the document and by the server, and every
 * disagreement either explained by one of the operation's `x-genmock-rules` or reported.
 */

export interface Target {
  document: DocumentName
  method: 'POST' | 'PUT' | 'PATCH'
  /** As the document writes it: /__mock/tasks/{id}/transition. */
  path: string
  /** Sends an Idempotency-Key (the service's generate endpoints). */
  idempotency?: boolean
}

export interface Case {
  note: string
  body: unknown
  /** undefined: no header; otherwise the key sent. */
  idempotencyKey?: string | undefined
}

export interface Outcome {
  target: string
  note: string
  body: unknown
  idempotencyKey?: string | undefined
  document: { accepts: boolean; where: string[] }
  server: { status: number; where: string[]; text: string }
  /** The rules that explain a disagreement; empty when there is none or nothing explains it. */
  coveredBy: string[]
  agree: boolean
}

interface Issue {
  in: 'body' | 'header' | 'path'
  path: string
}

const where = (issue: Issue) =>
  issue.in === 'body'
    ? `body:${issue.path === '' ? '' : `/${issue.path.split('.').join('/')}`}`
    : `${issue.in}:${issue.path}`
const errorWhere = (e: ErrorObject) => {
  const extra =
    e.keyword === 'required'
      ? `/${(e.params as { missingProperty: string }).missingProperty}`
      : e.keyword === 'additionalProperties'
        ? `/${(e.params as { additionalProperty: string }).additionalProperty}`
        : ''
  return `body:${e.instancePath}${extra}`
}

/**
 * Whether a rule's `where` names this place: `*` stands for one key or index (which may itself
 * contain dots: the server's issue paths are dotted, so `accounts.a.b.scenario` is ambiguous).
 */
export function covers(pattern: string, place: string): boolean {
  const literal = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  const regex = new RegExp(`^${pattern.split('*').map(literal).join('[\\s\\S]+')}$`)
  return regex.test(place)
}

export class Agreement {
  readonly doc: Document
  readonly op: Operation
  readonly rules: NonSchemaRule[]
  readonly branches: Schema[]
  readonly #body: ValidateFunction
  readonly #branch: ValidateFunction[]
  readonly #key: ValidateFunction | undefined
  readonly #resolve: (ref: string) => Schema

  readonly target: Target
  /** cases() by seed and count: each door is sent the same ones, generated once. */
  readonly #cases = new Map<string, Case[]>()

  constructor(target: Target, ajv: Ajv2020, doc: Document) {
    this.target = target
    this.doc = doc
    this.op = doc.paths[target.path]![target.method.toLowerCase()]!
    this.rules = this.op['x-genmock-rules'] ?? []
    this.#resolve = (ref: string) => {
      const segments = ref
        .replace(/^#\//, '')
        .split('/')
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
      return segments.reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], doc) as Schema
    }
    const ref = this.op.requestBody!.$ref as string | undefined
    const bodyAt = ref
      ? ref
          .replace(/^#\//, '')
          .split('/')
          .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
      : ['paths', target.path, target.method.toLowerCase(), 'requestBody']
    const segments = [...bodyAt, 'content', 'application/json', 'schema']
    const id = DOCUMENTS[target.document].id
    this.#body = ajv.compile({ $ref: `${id}${pointer(...segments)}` })
    const schema = this.#resolve(`#/${segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`)
    const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
    this.branches = (options ?? [schema]).map((b) => (typeof b.$ref === 'string' ? this.#resolve(b.$ref) : b))
    this.#branch = (options ?? [schema]).map((_, i) =>
      ajv.compile({
        $ref: `${id}${pointer(...segments, ...(options ? [schema.oneOf ? 'oneOf' : 'anyOf', String(i)] : []))}`,
      }),
    )
    const key = (this.op.parameters ?? [])
      .map((p) => (typeof p.$ref === 'string' ? this.#resolve(p.$ref) : p))
      .find((p) => p.name === 'Idempotency-Key')
    this.#key = key ? ajv.compile(key.schema as Schema) : undefined
  }

  get name() {
    return `${this.target.method} ${this.target.path}`
  }

  /** The branch a body is meant for: the one whose fixed fields (model, inputMode, provider) it has. */
  #branchOf(body: unknown): number {
    if (typeof body !== 'object' || body === null) return -1
    const record = body as Record<string, unknown>
    const consts = (b: Schema) =>
      Object.entries((b.properties ?? {}) as Record<string, Schema>).filter(([, p]) => 'const' in p)
    const score = this.branches.map((b) => {
      const fixed = consts(b)
      return fixed.every(
        ([k, p]) => record[k] === p.const || (record[k] === undefined && !((b.required ?? []) as string[]).includes(k)),
      )
        ? fixed.length
        : -1
    })
    const best = Math.max(...score)
    return best < 0 ? -1 : score.indexOf(best)
  }

  /** What the document says of a body and key: accepted, or where it is refused. */
  judge(body: unknown, idempotencyKey: string | undefined): { accepts: boolean; where: string[] } {
    const keyOk = idempotencyKey === undefined || !this.#key || this.#key(idempotencyKey)
    const bodyOk = this.#body(body)
    if (bodyOk && keyOk) return { accepts: true, where: [] }
    const places = keyOk ? [] : ['header:Idempotency-Key']
    if (!bodyOk) {
      const i = this.#branchOf(body)
      const validate = i >= 0 ? this.#branch[i]! : this.#body
      validate(body)
      places.push(...new Set((validate.errors ?? this.#body.errors ?? []).map(errorWhere)))
    }
    return { accepts: false, where: places }
  }

  /**
   * Valid bodies, and single-field mutations of them, with the Idempotency-Key a client would send (sometimes not).
   * The same seed and count give the same cases (the same array: a case is data, never changed).
   */
  cases(seed: number, numRuns: number): Case[] {
    const key = `${seed} ${numRuns}`
    const known = this.#cases.get(key)
    if (known) return known
    const made = this.#generate(seed, numRuns)
    this.#cases.set(key, made)
    return made
  }

  #generate(seed: number, numRuns: number): Case[] {
    const valid = fc.oneof(...this.branches.map((b) => arbitrary(b, this.#resolve))).filter((v) => this.#body(v))
    const mutated = valid.chain((v) => {
      const i = this.#branchOf(v)
      const list = mutations(
        v as Schema,
        this.branches[i]!,
        this.branches.filter((_, j) => j !== i),
        this.#resolve,
      )
      return fc.constantFrom(...list)
    })
    const body = fc.oneof(
      { weight: 1, arbitrary: valid.map((value) => ({ note: 'valid', value })) },
      { weight: 3, arbitrary: mutated },
    )
    const key = this.target.idempotency
      ? fc.oneof(
          { weight: 12, arbitrary: fc.constant<number | null | undefined>(null) },
          { weight: 1, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: fc.constantFrom(7, 8, 200, 201) },
        )
      : fc.constant(undefined)
    // A key per case, as a client makes one per job: null for the usual length, else of that length.
    return fc.sample(fc.tuple(body, key), { seed, numRuns }).map(([{ note, value }, k], n) => ({
      note,
      body: value,
      idempotencyKey: k === undefined ? undefined : `a${seed}-${n}-`.padEnd(k ?? 24, 'k').slice(0, k ?? 24),
    }))
  }

  /** The rules that explain this disagreement: every place one side refused is named by one of them. */
  explain(document: { accepts: boolean; where: string[] }, server: { status: number; where: string[] }): string[] {
    const places = document.accepts ? server.where : document.where
    if (places.length === 0) return []
    const rules = this.rules.filter((rule) => document.accepts === false || rule.answer === server.status)
    const used = new Set<string>()
    for (const place of places) {
      const rule = rules.find((r) => r.where.some((pattern) => covers(pattern, place)))
      if (!rule) return []
      used.add(rule.id)
    }
    return [...used]
  }

  /** Sends one case and compares the two verdicts. */
  async run(door: Door, c: Case, headers: Record<string, string>, path = this.target.path): Promise<Outcome> {
    const document = this.judge(c.body, c.idempotencyKey)
    const res = await door.fetch(path, {
      method: this.target.method,
      headers: {
        'content-type': 'application/json',
        ...headers,
        ...(c.idempotencyKey !== undefined ? { 'idempotency-key': c.idempotencyKey } : {}),
      },
      body: JSON.stringify(c.body),
    })
    const text = await res.text()
    let places: string[] = []
    if (res.status === 400) {
      const parsed = JSON.parse(text) as { details?: { issues?: Issue[] } }
      places = [...new Set((parsed.details?.issues ?? []).map(where))]
    }
    const server = { status: res.status, where: places, text: text.slice(0, 600) }
    const serverAccepts = res.status >= 200 && res.status < 300
    const agree = serverAccepts === document.accepts && (serverAccepts || res.status === 400)
    return {
      target: this.name,
      note: c.note,
      body: c.body,
      idempotencyKey: c.idempotencyKey,
      document,
      server,
      agree,
      coveredBy: agree ? [] : this.explain(document, server),
    }
  }
}

/**
 * A summary of outcomes: how many agreed (accepted and refused), the disagreements each rule explains, and the rest.
 * @example
 * const { unexplained } = summarise(outcomes)
 */
export function summarise(outcomes: Outcome[]) {
  const byRule: Record<string, number> = {}
  for (const o of outcomes) for (const id of o.coveredBy) byRule[id] = (byRule[id] ?? 0) + 1
  return {
    total: outcomes.length,
    accepted: outcomes.filter((o) => o.agree && o.document.accepts).length,
    refused: outcomes.filter((o) => o.agree && !o.document.accepts).length,
    explained: byRule,
    unexplained: outcomes.filter((o) => !o.agree && o.coveredBy.length === 0),
  }
}
