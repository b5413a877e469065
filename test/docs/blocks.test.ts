import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { loadScenarioFiles } from '../../src/node/files/scenario-files.js'
import { type Block, blocks, DOCS_ROOT, pages } from './markdown.js'
import { freePort, matches, parseTranscript, runSteps, type Served, scratch, serve } from './transcript.js'

/**
 * Examples that run: every shell, TypeScript, JavaScript, Python and YAML block of the README and
 * the docs is run or checked here, or names the test that runs it, or says why it is not run
 * (docs/how-it-is-built.md, "Doc tests"). Console transcripts are run against genmock and what
 * each command prints is compared with what the page shows.
 */

const CHECKED = new Set(['sh', 'bash', 'shell', 'console', 'ts', 'typescript', 'js', 'javascript', 'python', 'yaml'])
const all = pages().flatMap(blocks)
const where = (block: Block) => `${block.page}:${block.line}`
/** A block's text with genmock's default port, 4600, replaced by the port of the test's genmock. */
const atPort = (text: string, port: number) =>
  text
    .replaceAll('127.0.0.1:4600', `127.0.0.1:${port}`)
    .replaceAll('--port 4600', `--port ${port}`)
    .replaceAll('"port":4600', `"port":${port}`)
const kind = (block: Block) => {
  const marker = block.marker ?? ''
  if (/^not run: \S/.test(marker)) return 'not run'
  if (marker.startsWith('test: ')) return 'test'
  if (marker.startsWith('stop: ')) return 'stop'
  if (marker.startsWith('starts: genmock')) return 'starts'
  if (block.language === 'console') return 'console'
  if (block.language === 'yaml') return 'yaml'
  if (['ts', 'typescript', 'js', 'javascript'].includes(block.language)) return 'types'
  return 'unchecked'
}

describe('the docs code blocks', () => {
  it('are each run, checked, run by a named test, or marked with the reason they are not', () => {
    const unchecked = all.filter((b) => CHECKED.has(b.language) && kind(b) === 'unchecked').map(where)
    expect(unchecked).toEqual([])
  })

  it('name, when another test runs them, a test that reads their page', () => {
    const wrong = all
      .filter((b) => kind(b) === 'test')
      .flatMap((b) => {
        const file = b.marker!.slice('test: '.length).split(' ')[0]!
        const path = join(DOCS_ROOT, file)
        if (!existsSync(path)) return [`${where(b)}: no test ${file}`]
        return readFileSync(path, 'utf8').includes(basename(b.page))
          ? []
          : [`${where(b)}: ${file} never reads ${b.page}`]
      })
    expect(wrong).toEqual([])
  })

  for (const block of all.filter((b) => kind(b) === 'yaml'))
    it(`${where(block)}: the scenario loads as genmock validate loads it`, () => {
      const dir = scratch()
      const file = join(dir, 'scenario.yaml')
      writeFileSync(file, block.code)
      expect(loadScenarioFiles([file]).problems).toEqual([])
      rmSync(dir, { recursive: true, force: true })
    })

  it('type-check against the built package, as a user project sees it', () => {
    const dir = join(DOCS_ROOT, 'test', 'artifacts', 'doc-blocks')
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = all
      .filter((b) => kind(b) === 'types')
      .map((b, i) => {
        const file = join(
          dir,
          `${basename(b.page, '.md')}-${b.line}-${i}.${b.language.startsWith('t') ? 'mts' : 'mjs'}`,
        )
        writeFileSync(file, b.code)
        return { file, block: b }
      })
    const program = ts.createProgram(
      files.map((f) => f.file),
      {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowJs: true,
        checkJs: true,
        types: ['node'],
      },
    )
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const block = files.find((f) => f.file === d.file?.fileName)?.block
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0
      const at = block ? `${block.page}:${block.line + 1 + line}` : d.file?.fileName
      return `${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
    })
    expect(problems).toEqual([])
  }, 60_000)

  for (const block of all.filter((b) => kind(b) === 'starts'))
    it(`${where(block)}: genmock starts by printing what the page shows`, async () => {
      const cwd = scratch()
      const args = block.marker!.slice('starts: genmock'.length).trim().split(/\s+/).filter(Boolean)
      const served = await serve(args, cwd)
      const printed = (await served.stop('SIGTERM')).split('\n')
      const shown = atPort(block.code, served.port).replace(/\n$/, '').split('\n')
      const head = `${printed.slice(0, shown.length).join('\n')}\n`
      expect(matches(shown, head), `it printed:\n${head}`).toBe(true)
      rmSync(cwd, { recursive: true, force: true })
    })

  const consoles = all.filter((b) => kind(b) === 'console')
  for (const block of consoles)
    it(`${where(block)}: each command prints what the page shows`, async () => {
      const cwd = scratch()
      const run = /^run(?:: genmock(.*))?$/.exec(block.marker ?? '')
      let served: Served | undefined
      let port: number
      if (run?.[1] !== undefined) {
        served = await serve(run[1].trim().split(/\s+/).filter(Boolean), cwd)
        port = served.port
      } else port = await freePort()
      const text = block.code
        .replaceAll('127.0.0.1:4600', `127.0.0.1:${port}`)
        .replaceAll('--port 4600', `--port ${port}`)
      const steps = parseTranscript(text)
      try {
        const printed = await runSteps(steps, cwd)
        const differ = steps.flatMap((step, i) =>
          matches(step.expected, printed[i]!)
            ? []
            : [`$ ${step.command}\nthe page shows:\n${step.expected.join('\n')}\nit printed:\n${printed[i]}`],
        )
        expect(differ).toEqual([])
        const next = all[all.indexOf(block) + 1]
        const signal = /^stop: (SIG[A-Z]+)$/.exec(next?.marker ?? '')?.[1] as NodeJS.Signals | undefined
        if (served && signal) {
          const lines = next!.code.replace(/\n$/, '').split('\n')
          const tail = (await served.stop(signal)).replace(/\n$/, '').split('\n').slice(-lines.length)
          expect(matches(lines, `${tail.join('\n')}\n`), `${where(next!)}:\n${tail.join('\n')}`).toBe(true)
        }
      } finally {
        await served?.stop('SIGKILL')
        rmSync(cwd, { recursive: true, force: true })
      }
    }, 90_000)
})

describe('a console transcript', () => {
  it('splits commands, continued lines and what each prints', () => {
    expect(parseTranscript('$ a \\\n    b\nout\n$ c\n')).toEqual([
      { command: 'a \\\n    b', expected: ['out'] },
      { command: 'c', expected: [] },
    ])
  })

  it('matches … to any text on a line, and a line of … to any lines; nothing else differs', () => {
    expect(matches(['{"a":1,…}'], '{"a":1,"b":2}\n')).toBe(true)
    expect(matches(['{"a":1,…}'], '{"a":2,"b":2}\n')).toBe(false)
    expect(matches(['x', '…', 'y'], 'x\n1\n2\ny')).toBe(true)
    expect(matches(['x', '…', 'y'], 'x\ny\n')).toBe(true)
    expect(matches(['x'], 'x\nmore\n')).toBe(false)
    expect(matches([], '')).toBe(true)
    expect(matches([], 'something')).toBe(false)
  })
})
