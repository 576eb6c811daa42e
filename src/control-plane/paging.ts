import { PagingError } from './errors'

/**
 * The pages a list has answered, by their ids: a page whose ids equal an earlier page's means
 * the service ignores the offset (or the page number) asked for, and reading on would never end.
 */
export class SeenPages {
  readonly #seen = new Set<string>()

  constructor(
    /** The list in words, for the error: `the examples of dataset …`. */
    readonly list: string,
    readonly method: string,
    readonly path: string
  ) {}

  /** Throws a PagingError naming the list when `ids` are those of an earlier page. */
  check(ids: readonly string[]): void {
    if (ids.length === 0) return
    const key = JSON.stringify([...ids].sort())
    if (this.#seen.has(key))
      throw new PagingError(
        this.method,
        this.path,
        `${this.list}: page ${this.#seen.size + 1} holds the same ids as an earlier page (the service ignores the offset or page asked for)`
      )
    this.#seen.add(key)
  }

  /** The list went past `pages` pages without ending. */
  endless(pages: number): PagingError {
    return new PagingError(this.method, this.path, `${this.list} did not end after ${pages} pages`)
  }
}
