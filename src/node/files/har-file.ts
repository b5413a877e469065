// A HAR file written entry by entry as the proxy records (`--record`), valid JSON after every write.
import { closeSync, openSync, writeSync } from 'node:fs'
import { toHar, type Har } from '../../reports/har.js'

type HarEntry = Har['log']['entries'][number]

/**
 * A HAR 1.2 file written entry by entry as exchanges happen. The file is valid JSON after every
 * write: each entry is written, with the closing `]}}` after it, in one positional write over the
 * previous closing. A crash loses at most the exchange being written, and the cost of an entry
 * does not grow with the file (rewriting the whole file per entry would).
 * @example
 * const har = new HarFile('session.har', 'https://api.example.test')
 * har.append(entry)
 * har.close()
 */
export class HarFile {
  readonly #fd: number
  #position: number
  #first = true

  /** Creates (or empties) the file; throws the file system's error when it cannot. */
  constructor(path: string, origin: string) {
    const empty = JSON.stringify(toHar([], origin))
    const head = empty.slice(0, empty.lastIndexOf('[') + 1)
    this.#fd = openSync(path, 'w')
    this.#position = writeSync(this.#fd, `${head}\n]}}\n`, 0) - '\n]}}\n'.length
  }

  append(entry: HarEntry): void {
    const text = `${this.#first ? '\n' : ',\n'}${JSON.stringify(entry)}`
    const written = writeSync(this.#fd, `${text}\n]}}\n`, this.#position)
    this.#position += written - Buffer.byteLength('\n]}}\n')
    this.#first = false
  }

  close(): void {
    closeSync(this.#fd)
  }
}
