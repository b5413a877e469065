// Saving to changes.log while the disk may be full (docs/state.md, When a save fails): a probe that
// asks whether space came back without leaving anything in the log, whether there is room for a
// whole save, and the lines a failed save could not write, kept for the next. (A record itself is
// appended by state-log.ts's appendLine.)
import { fdatasync, fstatSync, ftruncate, statfsSync, write } from 'node:fs'
import { promisify } from 'node:util'

const writeAsync = promisify(write)
const datasync = promisify(fdatasync)
const truncate = promisify(ftruncate)

/** How much room a probe asks for: a few groups of log lines, so that a recovery is not a flip-flop. */
export const PROBE_BYTES = 64 * 1024

/** Writes all of `data` (a short write is followed by the rest, which then fails with the reason). */
async function writeAll(fd: number, data: Buffer): Promise<void> {
  let done = 0
  while (done < data.length) {
    const { bytesWritten: wrote } = await writeAsync(fd, data, done, data.length - done)
    if (wrote <= 0) throw Object.assign(new Error('short write'), { code: 'EIO' })
    done += wrote
  }
}

/**
 * Whether the disk has room again: PROBE_BYTES appended and synced, then cut off again. Throws
 * the write's error when there is none; the log is the size it was (read from the file, never
 * a count kept beside it) again either way.
 */
export async function probeSpace(fd: number): Promise<void> {
  const size = fstatSync(fd).size
  try {
    await writeAll(fd, Buffer.alloc(PROBE_BYTES, 0x20))
    await datasync(fd)
  } finally {
    await cutBack(fd, size)
  }
}

async function cutBack(fd: number, size: number): Promise<void> {
  try {
    await truncate(fd, size)
    await datasync(fd)
  } catch {}
}

/**
 * Throws ENOSPC when the file system holding `dir` has less room than `bytes` and a probe's beside
 * them (for this process's user: root may use the blocks kept for it). What a whole save that
 * failed asks before it is built again: building one costs about a second of CPU at 100,000 tasks.
 * A quota is not seen here; the write itself still says.
 * @example
 * roomFor(dir, 30_000_000) // throws while the disk has less than 30 MB free
 */
export function roomFor(dir: string, bytes: number): void {
  const { bavail, bfree, bsize } = statfsSync(dir)
  const free = (process.getuid?.() === 0 ? bfree : bavail) * bsize
  if (free >= bytes + PROBE_BYTES) return
  throw Object.assign(new Error(`ENOSPC: ${free} bytes free, a whole save needs about ${bytes}`), { code: 'ENOSPC' })
}

/**
 * The log lines a failed save could not write, to be written first by the next (so the log keeps
 * their order), up to `limit` bytes: beyond, `tooMany` says a whole save should replace them.
 * @example
 * const text = unwritten.with(line) // the lines kept and this one
 * unwritten.clear() // once written
 */
export class UnwrittenLines {
  readonly #limit: number
  #lines: string[] = []
  #bytes = 0

  constructor(limit: number) {
    this.#limit = limit
  }

  get any(): boolean {
    return this.#lines.length > 0
  }

  get tooMany(): boolean {
    return this.#bytes > this.#limit
  }

  /** Keeps `line` (until `clear`) and returns every line kept, in order, as one text. */
  with(line: string): string {
    this.#lines.push(line)
    this.#bytes += line.length
    return this.#lines.join('')
  }

  clear(): void {
    this.#lines = []
    this.#bytes = 0
  }
}
