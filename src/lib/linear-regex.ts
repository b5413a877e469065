/**
 * A scenario's prompt regex as a Thompson NFA, run by simulation (Pike's VM without captures):
 * every prompt position holds a set of program positions, each visited once, so a match costs at
 * most prompt length × program size steps, whatever the pattern (docs/scenarios.md, Regular expressions).
 *  JavaScript's RegExp backtracks: `^(a+)+$` on 30 characters takes seconds.
 */
import { isLineTerminator, isWordChar, type CharTest } from './regex-chars.js'
import type { ParsedRegex, RegexNode } from './regex-syntax.js'

const CHAR = 0
const SPLIT = 1
const JUMP = 2
const ASSERT = 3
const MATCH = 4

type Assertion = Extract<RegexNode, { type: 'assert' }>['kind']

interface Program {
  op: Uint8Array
  /** CHAR, ASSERT: the next instruction is pc + 1; SPLIT: both targets; JUMP: the target. */
  x: Int32Array
  y: Int32Array
  tests: (CharTest | undefined)[]
  asserts: (Assertion | undefined)[]
}

function compile(root: RegexNode, size: number): Program {
  const program: Program = {
    op: new Uint8Array(size),
    x: new Int32Array(size),
    y: new Int32Array(size),
    tests: new Array(size),
    asserts: new Array(size),
  }
  let pc = 0
  const emit = (op: number, x = 0, y = 0) => {
    program.op[pc] = op
    program.x[pc] = x
    program.y[pc] = y
    return pc++
  }
  const walk = (node: RegexNode): void => {
    switch (node.type) {
      case 'char':
        program.tests[emit(CHAR)] = node.test
        return
      case 'assert':
        program.asserts[emit(ASSERT)] = node.kind
        return
      case 'seq':
        for (const item of node.items) walk(item)
        return
      case 'alt': {
        const jumps: number[] = []
        node.options.forEach((option, i) => {
          const last = i === node.options.length - 1
          const split = last ? -1 : emit(SPLIT, pc + 1)
          walk(option)
          if (!last) {
            jumps.push(emit(JUMP))
            program.y[split] = pc
          }
        })
        for (const jump of jumps) program.x[jump] = pc
        return
      }
      case 'repeat': {
        for (let i = 0; i < node.min; i++) walk(node.node)
        if (node.max === Infinity) {
          const split = emit(SPLIT, pc + 1)
          walk(node.node)
          emit(JUMP, split)
          program.y[split] = pc
          return
        }
        const splits: number[] = []
        for (let i = node.min; i < node.max; i++) {
          splits.push(emit(SPLIT, pc + 1))
          walk(node.node)
        }
        for (const split of splits) program.y[split] = pc
      }
    }
  }
  walk(root)
  emit(MATCH)
  if (pc !== size) throw new Error(`regex program has ${pc} instructions, not ${size}`)
  return program
}

/**
 * A matcher for a parsed pattern, with RegExp's `test` semantics (a match anywhere in the input).
 * @example
 * const regex = linearRegex(parsed) // parsed = parseRegex('^(a+)+$') as checked by the scenario schema
 * regex.test('a'.repeat(20_000) + 'b') // false, in milliseconds
 */
export function linearRegex({ node, ignoreCase, unicode, states }: ParsedRegex): { test(input: string): boolean } {
  const { op, x, y, tests, asserts } = compile(node, states)
  let current = new Int32Array(states)
  let next = new Int32Array(states)
  const seen = new Int32Array(states)
  const stack = new Int32Array(states)
  let generation = 0

  return {
    test(input) {
      const codeAt = (at: number) => (unicode ? input.codePointAt(at)! : input.charCodeAt(at))
      seen.fill(0)
      generation = 0
      let count = 0
      /** Adds `start` and all it reaches without reading to the list for position `at`; true on MATCH. */
      const add = (list: Int32Array, start: number, at: number): boolean => {
        let depth = 0
        stack[depth++] = start
        while (depth > 0) {
          const pc = stack[--depth]!
          if (seen[pc] === generation) continue
          seen[pc] = generation
          switch (op[pc]) {
            case MATCH:
              return true
            case CHAR:
              list[count++] = pc
              break
            case JUMP:
              stack[depth++] = x[pc]!
              break
            case SPLIT:
              stack[depth++] = y[pc]!
              stack[depth++] = x[pc]!
              break
            case ASSERT:
              if (holds(asserts[pc]!, input, at, unicode)) stack[depth++] = pc + 1
          }
        }
        return false
      }
      let at = 0
      generation = 1
      for (;;) {
        // A match may start anywhere: a thread from the start at every position.
        if (add(current, 0, at)) return true
        if (at >= input.length) return false
        const code = codeAt(at)
        const width = code > 0xffff && unicode ? 2 : 1
        const lower = ignoreCase ? String.fromCodePoint(code).toLowerCase().codePointAt(0)! : code
        const upper = ignoreCase ? String.fromCodePoint(code).toUpperCase().codePointAt(0)! : code
        const threads = count
        count = 0
        generation++
        for (let i = 0; i < threads; i++) {
          const test = tests[current[i]!]!
          if ((test(code) || (ignoreCase && (test(lower) || test(upper)))) && add(next, current[i]! + 1, at + width))
            return true
        }
        ;[current, next] = [next, current]
        at += width
      }
    },
  }
}

/** Whether an assertion holds at position `at` of `input`. */
function holds(kind: Assertion, input: string, at: number, unicode: boolean): boolean {
  switch (kind) {
    case 'start':
      return at === 0
    case 'end':
      return at === input.length
    case 'line-start':
      return at === 0 || isLineTerminator(input.charCodeAt(at - 1))
    case 'line-end':
      return at === input.length || isLineTerminator(input.charCodeAt(at))
    default: {
      const before = at > 0 && isWordChar(codeBefore(input, at, unicode))
      const after = at < input.length && isWordChar(unicode ? input.codePointAt(at)! : input.charCodeAt(at))
      return (before !== after) === (kind === 'boundary')
    }
  }
}

/** The code (point, with `unicode`) that ends just before `at`; -1 at the start. */
function codeBefore(input: string, at: number, unicode: boolean): number {
  if (at === 0) return -1
  const low = input.charCodeAt(at - 1)
  return unicode && at > 1 && low >= 0xdc00 && low <= 0xdfff ? input.codePointAt(at - 2)! : low
}
