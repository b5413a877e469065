// Group commit (docs/state.md, Save strategies: what each can lose): a write starts a turn of the
// event loop after it is asked for, so that every request read in that turn shares its write and
// fsync; those asked while it is under way share the next. One write at a time, in order.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * @example
 * const commit = new GroupCommit(() => writeWhatChanged())
 * await commit.durable() // resolves once a write begun after this call is done
 */
export class GroupCommit {
  readonly #write: () => Promise<void>
  #queue: Promise<void> = Promise.resolve()
  #next: Promise<void> | undefined

  constructor(write: () => Promise<void>) {
    this.#write = write
  }

  /** Resolves once a write that starts after this call is durable; rejects with its error. Calls meanwhile share it. */
  durable(): Promise<void> {
    this.#next ??= this.#queue.then(nextTurn).then(() => {
      this.#next = undefined
      return this.#write()
    })
    this.#queue = this.#next.catch(() => {})
    return this.#next
  }

  /** Resolves once the writes asked so far are done, whether they worked or not. */
  settled(): Promise<void> {
    return this.#queue
  }
}
