/**
 * Rule work kept between the updates of an incremental lint session (session.ts), by the exact
 * text it was computed from: a rule that reads a pitch block by block (sentences of a paragraph,
 * placeholders of a line) asks `memoized` for each block's answer, and after a keystroke only
 * the block it changed is computed again. Only pure functions of the text go in here, and their
 * answers are values the caller does not change (booleans, strings, frozen arrays).
 *
 * Outside a session (`lint`, the CLI, the corpus) a document has no memo and everything is
 * computed as before. Within one, entries not asked for during an update are dropped at the
 * next: the memo holds about one pitch's worth of answers, never a history of texts.
 */
export class TextMemo {
  private current = new Map<string, Map<string, unknown>>()
  private previous = new Map<string, Map<string, unknown>>()

  get<T>(kind: string, text: string, compute: (text: string) => T): T {
    let now = this.current.get(kind)
    if (now?.has(text)) return now.get(text) as T
    const before = this.previous.get(kind)
    const value = before?.has(text) ? (before.get(text) as T) : compute(text)
    if (!now) this.current.set(kind, (now = new Map<string, unknown>()))
    now.set(text, value)
    return value
  }

  /** Starts an update: what the last one used stays for this one; older entries go. */
  nextUpdate(): void {
    this.previous = this.current
    this.current = new Map()
  }
}

/** `compute(text)`, from the document's session memo when it has one. */
export function memoized<T>(doc: { readonly memo?: TextMemo | undefined }, kind: string, text: string, compute: (text: string) => T): T {
  return doc.memo ? doc.memo.get(kind, text, compute) : compute(text)
}
