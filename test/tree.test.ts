import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join, posix } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The house rules Biome cannot check (docs/how-it-is-built.md, Developing): lines of at most 120 characters,
 * comments and strings included; no file in src/ (tests included) over 300 lines; comments cite the README,
 * never a document the repository does not hold. And the rules the tree's own page claims (docs/how-it-is-built.md,
 * How it is built): unique file names in src/, an opening comment on every module, nothing outside the
 * engine reaching into its parts, no import cycle, no function over 80 lines.
 */
const ROOT = join(import.meta.dirname, '..')
const MAX_LINE = 120
const MAX_SOURCE_LINES = 300
const CODE = /\.(ts|mts|cts|mjs|cjs|js|jsonc)$/
// Generated from the OpenAPI documents by openapi-typescript: their lines are the generator's.
const GENERATED = /^test\/openapi\/[^/]+\.d\.ts$/

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\n')
  .filter((file) => CODE.test(file) && !GENERATED.test(file))
const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n')

/** The modules of src/ (TypeScript), tests included, and those that are not tests. */
const modules = files.filter((file) => file.startsWith('src/') && /\.(ts|mts)$/.test(file))
const sources = modules.filter((file) => !/\.test\.ts$/.test(file))
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

/**
 * The engine's parts: its state and the operations over it, and its rooms of tasks, clocks and
 * accounts (docs/how-it-is-built.md). Their types may be named outside (the values the facade hands
 * out), never their values.
 */
const ENGINE_PARTS =
  /^src\/engine\/((engine-state|service-calls|service-reads|control-actions)\.ts|(tasks|clock|accounts)\/)/

/**
 * The layer order (docs/how-it-is-built.md, How it is built): what the modules of a layer never import,
 * `import()` included; `valuesOnly`: types may be named.
 */
interface LayerRule {
  name: string
  from: RegExp
  never: RegExp
  valuesOnly?: boolean
}
const LAYER_RULES: LayerRule[] = [
  {
    name: 'the engine imports only the engine, the contract and lib',
    from: /^src\/engine\//,
    never: /^src\/(?!engine\/|contract\/|lib\/)/,
  },
  {
    name: 'the route core imports no door, nor the composition root above it',
    from: /^src\/handlers\//,
    never: /^src\/((node|msw|browser|kit|dashboard)\/|(index|simulator)\.ts$)/,
  },
  { name: 'the server never imports the CLI', from: /^src\/node\/server\//, never: /^src\/node\/cli\// },
  {
    name: 'tracing and metrics never import the server',
    from: /^src\/node\/(tracing|metrics)\//,
    never: /^src\/node\/server\//,
  },
  {
    name: 'the state room imports no value of the core (its routes, steps, wire and replies)',
    from: /^src\/node\/state\//,
    never: /^src\/(handlers\/|http\/replies\.ts$)/,
    valuesOnly: true,
  },
]
/**
 * Breaks of the layer order another branch is taking away, each with the branch: the rule's test fails
 * when one is gone, so that its line goes too, and when any other appears.
 */
const KNOWN_BREAKS: Record<string, string> = {}

/** The imports of `files` that break `rule`, as `from -> to`. */
const breaksOf = (rule: LayerRule, files: string[], imports = importsOf) =>
  files
    .filter((file) => rule.from.test(file))
    .flatMap((file) =>
      imports(file).flatMap(({ to, typeOnly }) =>
        rule.never.test(to) && !(rule.valuesOnly && typeOnly) ? [`${file} -> ${to}`] : [],
      ),
    )

/** A module that breaks each rule, with an `import()` where it can: the rule must find it. */
const BREAKING: Record<string, { file: string; text: string }> = {
  [LAYER_RULES[0]!.name]: { file: 'src/engine/x.ts', text: "export const load = () => import('../http/replies.js')" },
  [LAYER_RULES[1]!.name]: { file: 'src/handlers/x.ts', text: "const door = await import('../node/server/server.js')" },
  [LAYER_RULES[2]!.name]: { file: 'src/node/server/x.ts', text: "await import('../cli/cli-commands.js')" },
  [LAYER_RULES[3]!.name]: { file: 'src/node/metrics/x.ts', text: "import { VERSION } from '../server/version.js'" },
  [LAYER_RULES[4]!.name]: {
    file: 'src/node/state/x.ts',
    text: [
      "import type { Step } from '../../handlers/route-exchange.js'",
      "const { serialised } = await import('../../handlers/wire-step.js')",
    ].join('\n'),
  },
}

/** The tests that parse every module with the TypeScript compiler: seconds on a loaded machine. */
const PARSING = 120_000
const MAX_FUNCTION_LINES = 80
describe('the tree', () => {
  it('has no line over 120 characters', () => {
    const long = files.flatMap((file) =>
      lines(file).flatMap((line, i) => (line.length > MAX_LINE ? [`${file}:${i + 1} (${line.length})`] : [])),
    )
    expect(long).toEqual([])
  })

  it('has no file in src/ over 300 lines, tests included', () => {
    const big = files
      .filter((file) => file.startsWith('src/'))
      .flatMap((file) => {
        const count = lines(file).length - 1
        return count > MAX_SOURCE_LINES ? [`${file} (${count})`] : []
      })
    expect(big).toEqual([])
  })

  it('cites no document outside the repository', () => {
    // This file names the word it looks for.
    const cites = files
      .filter((file) => file !== 'test/tree.test.ts')
      .flatMap((file) => lines(file).flatMap((line, i) => (/PRODUCT\b/.test(line) ? [`${file}:${i + 1}`] : [])))
    expect(cites).toEqual([])
  })

  it('has no two files of one name in src/, index files aside', () => {
    const byName = new Map<string, string[]>()
    for (const file of modules.filter((f) => basename(f) !== 'index.ts'))
      byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file])
    expect([...byName.values()].filter((same) => same.length > 1)).toEqual([])
  })

  it('opens every module in src/ with a comment saying what it is for (a test is named for its module)', () => {
    const bare = sources.filter((file) => !/^(#!.*\n)?\s*(\/\/|\/\*)/.test(read(file)))
    expect(bare).toEqual([])
  })

  it(
    "has nothing outside src/engine/ import a value of the engine's parts: only engine.ts is its way in",
    () => {
      const reaches = sources
        .filter((file) => !file.startsWith('src/engine/'))
        .flatMap((file) =>
          importsOf(file).flatMap(({ to, typeOnly }) =>
            !typeOnly && ENGINE_PARTS.test(to) ? [`${file} -> ${to}`] : [],
          ),
        )
      expect(reaches).toEqual([])
    },
    PARSING,
  )

  describe('the layer order, import() included', () => {
    for (const rule of LAYER_RULES) {
      it(
        rule.name,
        () => {
          const known = Object.keys(KNOWN_BREAKS).filter((edge) => rule.from.test(edge))
          expect(breaksOf(rule, sources)).toEqual(known)
        },
        PARSING,
      )
      it(`${rule.name}: a module that breaks it is found`, () => {
        const { file, text } = BREAKING[rule.name]!
        expect(breaksOf(rule, [file], () => readImports(file, text))).toHaveLength(1)
      })
    }
  })

  it(
    'has no import cycle in src/, type-only imports included',
    () => {
      expect(cycles(modules)).toEqual([])
    },
    PARSING,
  )

  it(
    'has no function in src/ over 80 lines',
    () => {
      expect(sources.flatMap(longFunctions)).toEqual([])
    },
    PARSING,
  )
})

const imported = new Map<string, { to: string; typeOnly: boolean }[]>()
/** A module's imports and re-exports of other modules of the tree, each as the file and whether only types come. */
function importsOf(file: string): { to: string; typeOnly: boolean }[] {
  let found = imported.get(file)
  if (!found) imported.set(file, (found = readImports(file)))
  return found
}

function readImports(file: string, text = read(file)): { to: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: { to: string; typeOnly: boolean }[] = []
  const add = (specifier: ts.Node | undefined, typeOnly: boolean) => {
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return
    const to = resolve(file, specifier.text)
    if (to) found.push({ to, typeOnly })
  }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const named = clause?.namedBindings
      add(
        statement.moduleSpecifier,
        clause !== undefined &&
          (clause.isTypeOnly ||
            (clause.name === undefined &&
              named !== undefined &&
              ts.isNamedImports(named) &&
              named.elements.length > 0 &&
              named.elements.every((element) => element.isTypeOnly))),
      )
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const named = statement.exportClause
      add(
        statement.moduleSpecifier,
        statement.isTypeOnly ||
          (named !== undefined && ts.isNamedExports(named) && named.elements.every((element) => element.isTypeOnly)),
      )
    }
  }
  // A module loaded on demand, `await import('./x.js')`, is imported all the same (the Node door loads ten so);
  // `typeof import('./x.js')` names its types only.
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) add(node.arguments[0], false)
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The tree's file a relative specifier names (`./x.js` is `x.ts`); undefined for JSON and the like. */
function resolve(from: string, specifier: string): string | undefined {
  const base = posix.join(dirname(from), specifier)
  const candidates = [base.replace(/\.(m?)js$/, '.$1ts'), `${base}.ts`, `${base}/index.ts`]
  return candidates.find((candidate) => /\.m?ts$/.test(candidate) && existsSync(join(ROOT, candidate)))
}

/** Every set of modules that import each other round (Tarjan's strongly connected components), each sorted. */
function cycles(nodes: string[]): string[][] {
  const edges = new Map(nodes.map((node) => [node, importsOf(node).map(({ to }) => to)]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || edges.get(node)?.includes(node)) found.push(component.sort())
  }
  for (const node of nodes) if (!index.has(node)) visit(node)
  return found
}

/** A module's functions over MAX_FUNCTION_LINES, as `file name (lines)`: declarations, methods, accessors, and
 * function expressions and arrows given a name (a variable, a property). */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true)
  const long: string[] = []
  const visit = (node: ts.Node) => {
    const name = functionName(node, source)
    if (name !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
      if (last - first + 1 > MAX_FUNCTION_LINES) long.push(`${file} ${name}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return long
}

/** The name a function goes by, when `node` is one. */
function functionName(node: ts.Node, source: ts.SourceFile): string | undefined {
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isAccessor(node))
    return node.name?.getText(source) ?? 'default'
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return undefined
  if (ts.isFunctionExpression(node) && node.name) return node.name.text
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source)
  return undefined
}
