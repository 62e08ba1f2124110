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
/** What an update changed: the characters `from`..`to` of the last update's pitch became `inserted` characters. */
export interface TextEdit {
  from: number
  to: number
  inserted: number
}

export class TextMemo {
  /** The edit since the last update, when the session was given it (see line-blocks.ts); null when unknown. */
  edit: TextEdit | null = null
  /** How many updates the memo has seen: state kept elsewhere per update (line-blocks.ts) knows when one began. */
  generation = 0
  /**
   * The answers by kind and text, each with the last update that asked for it. One map per kind
   * for the whole session, not a new one per update: a kept answer is found with one lookup and
   * stamped, not copied into a fresh map on every keystroke (which cost more than the lookups).
   */
  private answers = new Map<string, Map<string, { value: unknown; used: number }>>()
  private strings = new Map<string, string>()
  private previousStrings = new Map<string, string>()

  /**
   * The string kept from the last update with `text`'s characters, or `text`: a key looked up
   * under several kinds is then one string whose hash is known, compared with the kept keys by
   * identity, instead of a new slice hashed and compared character by character under each kind.
   */
  intern(text: string): string {
    let kept = this.strings.get(text)
    if (kept === undefined) {
      kept = this.previousStrings.get(text) ?? text
      this.strings.set(kept, kept)
    }
    return kept
  }

  get<T>(kind: string, text: string, compute: (text: string) => T): T {
    let byText = this.answers.get(kind)
    if (!byText) this.answers.set(kind, (byText = new Map<string, { value: unknown; used: number }>()))
    const kept = byText.get(text)
    if (kept) {
      kept.used = this.generation
      return kept.value as T
    }
    const value = compute(text)
    byText.set(text, { value, used: this.generation })
    return value
  }

  /** Starts an update: what the last one used stays for this one; older entries go. */
  nextUpdate(edit: TextEdit | null = null): void {
    for (const byText of this.answers.values()) {
      for (const [text, kept] of byText) if (kept.used < this.generation) byText.delete(text)
    }
    this.edit = edit
    this.generation++
    this.previousStrings = this.strings
    this.strings = new Map()
  }
}

/** `compute(text)`, from the document's session memo when it has one. */
export function memoized<T>(doc: { readonly memo?: TextMemo | undefined }, kind: string, text: string, compute: (text: string) => T): T {
  return doc.memo ? doc.memo.get(kind, text, compute) : compute(text)
}
