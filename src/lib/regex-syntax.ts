/**
 * The regular expressions a scenario's `match.prompt` may use (docs/scenarios.md, Regular expressions),
 *  parsed into a tree the engine matches in linear time. Everything without
 * backtracking is here: literals, `.`, classes, escapes, anchors, `\b`, groups, alternation and
 * every quantifier, lazy ones included. Backreferences and lookaround need backtracking: they are
 * refused with a message naming the feature, as are patterns whose `{m,n}` expand past a cap.
 */
import { CLASS_ESCAPES, CONTROL_ESCAPES, isLineTerminator, not, range, type CharTest } from './regex-chars.js'

export type RegexNode =
  | { type: 'char'; test: CharTest; code?: number }
  | { type: 'seq'; items: RegexNode[] }
  | { type: 'alt'; options: RegexNode[] }
  | { type: 'repeat'; node: RegexNode; min: number; max: number }
  | { type: 'assert'; kind: 'start' | 'end' | 'line-start' | 'line-end' | 'boundary' | 'not-boundary' }

/** A pattern, parsed, with the flags the matcher needs. */
export interface ParsedRegex {
  node: RegexNode
  ignoreCase: boolean
  unicode: boolean
  /** Instructions of the compiled program: the matcher's work per prompt character is at most this. */
  states: number
}

/**
 * Simulator choice: at most this many instructions per pattern once `{m,n}` are expanded, and
 * twice that over a scenario's patterns, which bounds the work of a match to prompt length
 * × states (docs/scenarios.md, Regular expressions).
 */
export const MAX_REGEX_STATES = 256
export const MAX_SCENARIO_REGEX_STATES = 2 * MAX_REGEX_STATES
const MAX_NESTING = 50

/** A feature the matcher does not have; `backtracking` when no linear-time matcher could have it. */
class RegexError extends Error {
  readonly backtracking: boolean
  constructor(message: string, backtracking = true) {
    super(message)
    this.backtracking = backtracking
  }
}

const single = (code: number): RegexNode => ({ type: 'char', test: (x) => x === code, code })

/** Instructions a node compiles to (the engine's compiler emits exactly these). */
export function stateCount(node: RegexNode): number {
  switch (node.type) {
    case 'char':
    case 'assert':
      return 1
    case 'seq':
      return node.items.reduce((sum, item) => sum + stateCount(item), 0)
    case 'alt':
      return node.options.reduce((sum, option) => sum + stateCount(option), 0) + 2 * (node.options.length - 1)
    case 'repeat': {
      const one = stateCount(node.node)
      return node.min * one + (node.max === Infinity ? one + 2 : (node.max - node.min) * (one + 1))
    }
  }
}

class Parser {
  pos = 0
  depth = 0
  readonly source: string
  readonly unicode: boolean
  readonly dotAll: boolean
  readonly multiline: boolean
  constructor(source: string, flags: string) {
    this.source = source
    this.unicode = flags.includes('u')
    this.dotAll = flags.includes('s')
    this.multiline = flags.includes('m')
  }

  get done() {
    return this.pos >= this.source.length
  }
  peek(at = 0) {
    return this.source[this.pos + at]
  }
  /** The next character as a code (a whole code point with `u`), consumed. */
  nextCode(): number {
    const code = this.unicode ? this.source.codePointAt(this.pos)! : this.source.charCodeAt(this.pos)
    this.pos += code > 0xffff ? 2 : 1
    return code
  }
  eat(text: string) {
    if (!this.source.startsWith(text, this.pos)) return false
    this.pos += text.length
    return true
  }

  alternation(): RegexNode {
    const options = [this.sequence()]
    while (this.eat('|')) options.push(this.sequence())
    return options.length === 1 ? options[0]! : { type: 'alt', options }
  }

  sequence(): RegexNode {
    const items: RegexNode[] = []
    while (!this.done && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom()
      items.push(atom.type === 'assert' ? atom : this.quantified(atom))
    }
    return items.length === 1 ? items[0]! : { type: 'seq', items }
  }

  quantified(node: RegexNode): RegexNode {
    let bounds: [number, number] | undefined
    if (this.eat('*')) bounds = [0, Infinity]
    else if (this.eat('+')) bounds = [1, Infinity]
    else if (this.eat('?')) bounds = [0, 1]
    else {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos))
      if (!braces) return node
      this.pos += braces[0].length
      const min = Number(braces[1])
      bounds = [min, braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3])]
    }
    this.eat('?') // lazy or greedy: the same for whether a prompt matches
    return { type: 'repeat', node, min: bounds[0], max: bounds[1] }
  }

  atom(): RegexNode {
    const c = this.peek()!
    if (c === '^' || c === '$') {
      this.pos++
      const kind = c === '^' ? 'start' : 'end'
      return { type: 'assert', kind: this.multiline ? `line-${kind}` : kind }
    }
    if (c === '.') {
      this.pos++
      return { type: 'char', test: this.dotAll ? () => true : not(isLineTerminator) }
    }
    if (c === '(') return this.group()
    if (c === '[') return this.characterClass()
    if (c === '\\') {
      this.pos++
      return this.escape(false)
    }
    return single(this.nextCode())
  }

  group(): RegexNode {
    this.pos++
    if (this.eat('?=') || this.eat('?!')) throw new RegexError('a lookahead (?=…) or (?!…)')
    if (this.eat('?<=') || this.eat('?<!')) throw new RegexError('a lookbehind (?<=…) or (?<!…)')
    if (this.eat('?<')) {
      const end = this.source.indexOf('>', this.pos)
      this.pos = end + 1
    } else if (!this.eat('?:') && this.peek() === '?') throw new RegexError('a group modifier (?…)', false)
    if (++this.depth > MAX_NESTING) throw new RegexError(`groups nested deeper than ${MAX_NESTING}`, false)
    const node = this.alternation()
    this.depth--
    this.eat(')')
    return node
  }

  /** After a backslash. `inClass`: `\b` is a backspace there. */
  escape(inClass: boolean): RegexNode {
    const c = this.peek()
    if (c === undefined) throw new RegexError('a trailing backslash', false)
    const code = single
    if (CLASS_ESCAPES[c]) {
      this.pos++
      return { type: 'char', test: CLASS_ESCAPES[c] }
    }
    if (c === 'b' || c === 'B') {
      this.pos++
      if (inClass && c === 'b') return code(8)
      return { type: 'assert', kind: c === 'b' ? 'boundary' : 'not-boundary' }
    }
    if (/[1-9]/.test(c)) throw new RegexError(`a backreference \\${c}`)
    if (c === '0') {
      this.pos++
      if (/\d/.test(this.peek() ?? '')) throw new RegexError('an octal escape', false)
      return code(0)
    }
    if (c === 'k' && this.peek(1) === '<') throw new RegexError('a named backreference \\k<…>')
    if ((c === 'p' || c === 'P') && this.unicode) throw new RegexError(`a Unicode property escape \\${c}{…}`, false)
    if (CONTROL_ESCAPES[c] !== undefined) {
      this.pos++
      return code(CONTROL_ESCAPES[c])
    }
    if (c === 'c' && /[A-Za-z]/.test(this.peek(1) ?? '')) {
      this.pos += 2
      return code(this.source.charCodeAt(this.pos - 1) % 32)
    }
    const hex = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\})/.exec(this.source.slice(this.pos))
    if (hex && (hex[3] === undefined || this.unicode)) {
      this.pos += hex[0].length
      return code(Number.parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16))
    }
    return code(this.nextCode())
  }

  characterClass(): RegexNode {
    this.pos++
    const negated = this.eat('^')
    const tests: CharTest[] = []
    /** One member: a single code, or a set (`\d`) that cannot end a range. */
    const member = (): number | CharTest => {
      if (!this.eat('\\')) return this.nextCode()
      const node = this.escape(true)
      if (node.type !== 'char') throw new RegexError('\\B in a class', false)
      return node.code ?? node.test
    }
    while (!this.done && this.peek() !== ']') {
      const low = member()
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++
        const high = member()
        if (typeof low === 'number' && typeof high === 'number') {
          tests.push(range(low, high))
          continue
        }
        tests.push(typeof high === 'number' ? (x) => x === high : high, (x) => x === 45)
      }
      tests.push(typeof low === 'number' ? (x) => x === low : low)
    }
    this.eat(']')
    const any: CharTest = (x) => tests.some((test) => test(x))
    return { type: 'char', test: negated ? not(any) : any }
  }
}

/**
 * A pattern in the syntax genmock matches, or what in it is not (a sentence for an error
 * message). Call it on patterns `new RegExp` accepts: it does not repeat JavaScript's own checks.
 * @example
 * parseRegex('^a (red|blue)', 'i') // { ok: true, regex: { node, ignoreCase: true, … } }
 * parseRegex('(a)\\1', '') // { ok: false, message: 'uses a backreference \\1, …' }
 */
export function parseRegex(
  source: string,
  flags = '',
): { ok: true; regex: ParsedRegex } | { ok: false; message: string } {
  const parser = new Parser(source, flags)
  try {
    const node = parser.alternation()
    const states = stateCount(node) + 1
    if (states > MAX_REGEX_STATES)
      return {
        ok: false,
        message:
          `is too large: ${states} states once its repetitions are expanded, ` +
          `at most ${MAX_REGEX_STATES} (a smaller {m,n} or * fits)`,
      }
    return { ok: true, regex: { node, ignoreCase: flags.includes('i'), unicode: parser.unicode, states } }
  } catch (error) {
    if (!(error instanceof RegexError)) throw error
    const why = error.backtracking ? 'which needs backtracking' : 'which genmock does not support'
    return { ok: false, message: `uses ${error.message}, ${why}: scenario regexes run in linear time` }
  }
}
