// A profile's self time split into the stages of a request (docs/performance.md, Where a request's time goes):
// the kernel's send, Node's HTTP machinery, genmock's door, validation, the route core, the engine,
// the journal, the metrics, serialising, the state (--state), the collector and the rest of V8. Used by
// profile.ts, which knows the file of each frame (through dist's source maps) and how many requests
// the profile holds.

/** The stages, in the order the budget prints them. */
export const STAGES = [
  "send: the kernel's writev",
  "Node's HTTP: parser, request and response objects, streams",
  "door: genmock's listener, the request's reading",
  'validate: zod, the narrowed schemas',
  'route core: the steps, the handlers',
  'engine: the submission or read, the task row, ids, the clock',
  'journal: the held exchange',
  'metrics: the typed-array counts',
  "serialise: the reply's JSON",
  'state: the log, group commit (--state)',
  'garbage collector',
  'V8: (program), builtins, native',
] as const

export type Stage = (typeof STAGES)[number]

const SEND = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String'])

/** Prefixes of source files, first match wins. */
const BY_FILE: [string, Stage][] = [
  ['node_modules/zod/', STAGES[3]],
  ['src/engine/narrowed-schema.ts', STAGES[3]],
  ['src/engine/validation.ts', STAGES[3]],
  ['src/contract/', STAGES[3]],
  ['src/engine/journal/', STAGES[6]],
  ['src/http/exchange-entry.ts', STAGES[6]],
  ['src/http/redaction.ts', STAGES[6]],
  ['src/handlers/journal-step.ts', STAGES[6]],
  ['src/node/metrics/', STAGES[7]],
  ['src/handlers/wire-step.ts', STAGES[8]],
  ['src/node/state/', STAGES[9]],
  ['src/snapshot/', STAGES[9]],
  ['src/node/', STAGES[2]],
  ['src/http/', STAGES[2]],
  ['src/handlers/', STAGES[4]],
  ['src/engine/', STAGES[5]],
  ['src/lib/', STAGES[5]],
]

/** The stage of one frame's self time, from its function name, URL and source file. */
export function stageOf(functionName: string, url: string, file: string): Stage {
  if (functionName === '(garbage collector)') return STAGES[10]
  if (SEND.has(functionName) && !url) return STAGES[0]
  if (url.startsWith('node:')) return STAGES[1]
  for (const [prefix, stage] of BY_FILE) if (file.startsWith(prefix)) return stage
  if (file.startsWith('src/')) return STAGES[4]
  return STAGES[11]
}
