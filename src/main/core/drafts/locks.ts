/**
 * One promise chain per file of the drafts folder: an operation's read, check and write never
 * interleave with another's on the same file (a save and a mark submitted, a listing's read and
 * a delete). Operations on different files run side by side.
 */
export class FileLocks {
  readonly #tails = new Map<string, Promise<void>>()

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const mine = new Promise<void>((done) => (release = done))
    const tail = previous.then(() => mine)
    this.#tails.set(key, tail)
    await previous
    try {
      return await fn()
    } finally {
      release()
      if (this.#tails.get(key) === tail) this.#tails.delete(key)
    }
  }
}
