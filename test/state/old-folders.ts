import { createHash } from 'node:crypto'

/**
 * A state.json as genmock wrote it in folder format 1 or 2 (docs/state.md, Versions and refusals):
 * a header with no folder id and no checksum of its own.
 */
export function oldStateFile(body: string, version: 1 | 2, generation = 1): string {
  const header = {
    format: 'genmock-state',
    version,
    genmock: '0.1.0',
    generation,
    savedAt: '2026-01-01T00:00:00.000Z',
    bytes: Buffer.byteLength(body),
    sha256: createHash('sha256').update(body).digest('hex'),
  }
  return `${JSON.stringify(header)}\n${body}`
}
