// Where genmock's server spends its time under load, by file and package:
//   node --import tsx test/bench/profile.ts [post|get] [SECONDS] [bare|state]   profile the server child under load
//   node --import tsx test/bench/profile.ts FILE.cpuprofile          summarise a profile made elsewhere
// The first starts genmock's server (test/bench/serve.mjs, core 0, as `genmock` starts it), warms it
// up, profiles it through the inspector while autocannon loads it (50 connections, default 10 s), and
// writes test/artifacts/cpu-profile/genmock-<post|get>.cpuprofile (open it in Chrome DevTools). Then
// it prints the self time grouped as: genmock's own code (src/**), each package under node_modules
// (zod, yaml, …), Node's internals (node:*), V8 builtins and native code, and the garbage
// collector. Code bundled into dist/ is traced back to its source file through dist's source maps.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { load, warmUp } from './load.js'
import { STAGES, stageOf, type Stage } from './stages.js'
import { endpointLoad, GENERATE_PATH, pinBench, ROOT, startChild, startGenmock, TASK_PATH } from './targets.js'

interface CallFrame {
  functionName: string
  url: string
  /** 0-based, as are the source maps'. */
  lineNumber: number
  columnNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileSummary {
  /** Sampled time, idle excluded, in ms. */
  busyMs: number
  /** Share of busy time by group, largest first. */
  groups: { group: string; ms: number; share: number }[]
  /** The functions with the most self time. */
  functions: { name: string; group: string; ms: number; share: number }[]
  /** genmock's own source files with the most self time. */
  files: { file: string; ms: number; share: number }[]
  /** Self time by stage of a request (stages.ts), in STAGES' order. */
  stages: { stage: Stage; ms: number; share: number }[]
}

const ROOT_URL = new URL('../../', import.meta.url).href
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** A source map's segments as [generated column, source index] per generated line (the other fields are not needed). */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = []
  let source = 0
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = []
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      const fields: number[] = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = B64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]!
      if (fields.length > 1) {
        source += fields[1]!
        segments.push([column, source])
      }
    }
    lines.push(segments)
  }
  return lines
}

const maps = new Map<string, { sources: string[]; lines: [number, number][][] } | null>()

/** The original file (a path from the repository root) of a position in a built file, through its source map. */
function originalFile(url: string, line: number, column: number): string | undefined {
  let map = maps.get(url)
  if (map === undefined) {
    const file = `${fileURLToPath(url)}.map`
    map = null
    if (existsSync(file)) {
      const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string }
      const base = resolve(dirname(file), raw.sourceRoot ?? '')
      map = {
        sources: raw.sources.map((source) => relative(fileURLToPath(ROOT_URL), resolve(base, source))),
        lines: decodeMappings(raw.mappings),
      }
    }
    maps.set(url, map)
  }
  const segments = map?.lines[line]
  if (!map || !segments?.length) return undefined
  let found = segments[0]!
  for (const segment of segments) {
    if (segment[0] > column) break
    found = segment
  }
  return map.sources[found[1]]
}

/** The group of a file path from the repository root. */
function groupOfPath(path: string): string {
  const modules = path.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const rest = path.slice(modules + 'node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (path.startsWith('src/')) return "genmock's own code (src/**)"
  if (path.startsWith('dist/')) return 'genmock dist/ (no source map)'
  return `genmock repository: ${path.split('/').slice(0, 2).join('/')}`
}

/** The group a frame's self time counts for, and the file it is in (through source maps for dist/). */
function locate(frame: CallFrame): { group: string; file: string } {
  const { url } = frame
  if (url.startsWith(`${ROOT_URL}dist/`)) {
    const original = originalFile(url, frame.lineNumber, frame.columnNumber)
    if (original) return { group: groupOfPath(original), file: original }
  }
  if (url.startsWith(ROOT_URL))
    return { group: groupOfPath(url.slice(ROOT_URL.length)), file: url.slice(ROOT_URL.length) }
  return { group: groupOf(frame), file: url.replace(/^.*\/node_modules\//, '') }
}

/** The group of a frame outside the repository. */
function groupOf({ url, functionName }: CallFrame): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector'
    if (functionName === '(idle)') return 'idle'
    if (functionName === '(program)') return 'V8 / native (program)'
    return 'V8 builtins and native'
  }
  if (url.startsWith('node:')) return 'node internals (node:*)'
  const modules = url.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/')
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  return 'other'
}

/** Self time by group and by function, from a .cpuprofile (Chrome DevTools format, as `node --cpu-prof` writes). */
export function summariseProfile(file: string, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfUs = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
  })
  const groups = new Map<string, number>()
  const functions = new Map<string, { group: string; us: number }>()
  const files = new Map<string, number>()
  const stages = new Map<Stage, number>(STAGES.map((stage) => [stage, 0]))
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame
    const { group, file } = locate(frame)
    if (group !== 'idle') {
      const stage = stageOf(frame.functionName, frame.url, file)
      stages.set(stage, stages.get(stage)! + us)
    }
    groups.set(group, (groups.get(group) ?? 0) + us)
    if (file.startsWith('src/')) files.set(file, (files.get(file) ?? 0) + us)
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file.replace(/^.*node_modules\//, '')}` : ''}`
    const entry = functions.get(name) ?? { group, us: 0 }
    entry.us += us
    functions.set(name, entry)
  }
  const busyUs = [...groups].filter(([group]) => group !== 'idle').reduce((sum, [, us]) => sum + us, 0)
  return {
    busyMs: busyUs / 1000,
    groups: [...groups]
      .filter(([group]) => group !== 'idle')
      .map(([group, us]) => ({ group, ms: us / 1000, share: us / busyUs }))
      .sort((a, b) => b.ms - a.ms),
    functions: [...functions]
      .filter(([, { group }]) => group !== 'idle')
      .map(([name, { group, us }]) => ({ name, group, ms: us / 1000, share: us / busyUs }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
    files: [...files]
      .map(([file, us]) => ({ file, ms: us / 1000, share: us / busyUs }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
    stages: [...stages].map(([stage, us]) => ({ stage, ms: us / 1000, share: us / busyUs })),
  }
}

export function printSummary(
  summary: ProfileSummary,
  write = (line: string) => process.stdout.write(`${line}\n`),
  requests?: number,
): void {
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`
  write(`Self time by group (${Math.round(summary.busyMs)} ms sampled, idle excluded):`)
  for (const { group, share } of summary.groups) if (share >= 0.001) write(`  ${pct(share)}  ${group}`)
  write('Functions with the most self time:')
  for (const { name, group, share } of summary.functions) write(`  ${pct(share)}  ${name}   [${group}]`)
  write("genmock's files with the most self time:")
  for (const { file, share } of summary.files) write(`  ${pct(share)}  ${file}`)
  write(`The stage budget${requests ? `, CPU µs a request (${requests} requests, under the profiler)` : ''}:`)
  for (const { stage, ms, share } of summary.stages)
    write(`  ${pct(share)}${requests ? `  ${((ms * 1000) / requests).toFixed(1).padStart(6)} µs` : ''}  ${stage}`)
}

/**
 * Profiles a server of the bench (genmock; bare node:http answering genmock's bytes; genmock with
 * `--state DIR --state-save request`) under one endpoint's load, startup and warm-up left out;
 * returns the .cpuprofile's path and how many requests it holds.
 */
export async function profileServer(
  endpoint: 'post' | 'get',
  seconds: number,
  kind: 'genmock' | 'bare' | 'state' = 'genmock',
): Promise<{ file: string; requests: number }> {
  const dir = join(ROOT, 'test/artifacts/cpu-profile')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${kind}-${endpoint}.cpuprofile`)
  // Every task kept, as the sustained bench runs it (`--max-tasks 1000000`).
  const genmock = await startGenmock({ maxTasks: 1_000_000 }, kind === 'state' ? 'genmock-state' : 'genmock')
  // bare node:http answers genmock's own bytes, captured from it, as in the sustained bench.
  const server =
    kind !== 'bare'
      ? genmock
      : { ...genmock, ...(await genmock.close().then(() => startChild('bare', { fixed: genmock.fixed }))) }
  let requests = 0
  try {
    const method = endpoint === 'post' ? 'POST' : 'GET'
    const options = endpointLoad(method, server.url, server.taskId, server.richKey, { connections: 50, seconds })
    await warmUp(options)
    await server.call('profileStart')
    const result = await load(options)
    await server.call('profileStop', { file })
    requests = result.requests
    process.stdout.write(
      `${endpoint.toUpperCase()} ${endpoint === 'post' ? GENERATE_PATH : `${TASK_PATH}{id}`} ` +
        `under load for ${seconds} s, 50 connections: ${Math.round(result.rps)} req/s, ${kind} from ${server.source}\n`,
    )
  } finally {
    await server.close()
  }
  return { file, requests }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [first, second] = process.argv.slice(2)
  let file = first ?? ''
  let requests: number | undefined
  if (!existsSync(file)) {
    process.stdout.write(`${pinBench()}\n`)
    ;({ file, requests } = await profileServer(
      first === 'get' ? 'get' : 'post',
      Number(second ?? 10),
      process.argv[4] === 'bare' || process.argv[4] === 'state' ? process.argv[4] : 'genmock',
    ))
  }
  process.stdout.write(`${file.startsWith(ROOT) ? file.slice(ROOT.length) : file}\n`)
  printSummary(summariseProfile(file), undefined, requests)
}
