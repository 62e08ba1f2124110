/**
 * The values the drafts index keeps for each of thousands of files, kept small (issue 34: the
 * host's memory grew with the number of drafts, not their size).
 *
 * - Strings read from a draft's YAML front matter are built by the parser piece by piece: V8
 *   keeps each as a chain of about thirty "cons" pieces (a 13-character grant title took ~1 KB),
 *   and the same grant's id, title and deadline were kept once per draft. Kept here, each
 *   distinct value is one flat string shared by every draft that has it.
 * - A review brief is the same for every draft without review records (and for many with):
 *   equal briefs are one shared object.
 *
 * Kept values are never changed (the listing shares them with its callers already), so sharing
 * them changes nothing a caller sees. The table holds distinct values only, a few per grant.
 */
import type { DraftSummary } from '../../../shared/ipc'
import type { ReviewBrief } from '../../../shared/review'

/** Distinct values kept at most; past it (a folder of thousands of grants) values are kept flat but not shared. */
const MAX_DISTINCT = 20_000

export class KeptValues {
  readonly #strings = new Map<string, string>()
  readonly #briefs = new Map<string, ReviewBrief>()

  /** `text` as one flat string, shared with every equal value kept before. */
  string<T extends string | null>(text: T): T {
    if (text === null) return text
    const kept = this.#strings.get(text)
    if (kept !== undefined) return kept as T
    const flat = flatString(text)
    if (this.#strings.size < MAX_DISTINCT) this.#strings.set(flat, flat)
    return flat as T
  }

  /** A brief equal to one kept before is that one. */
  brief(brief: ReviewBrief): ReviewBrief {
    const key = JSON.stringify(brief)
    const kept = this.#briefs.get(key)
    if (kept !== undefined) return kept
    // A fresh copy: flat strings, and nothing shared with the records it was read from.
    const copy = JSON.parse(key) as ReviewBrief
    if (this.#briefs.size < MAX_DISTINCT) this.#briefs.set(key, copy)
    return copy
  }

  /** A draft's line in the list, its repeated values shared (its file name and version are made flat already, by the index and the hash). */
  summary(summary: DraftSummary): DraftSummary {
    if (summary.state === 'damaged') {
      return { ...summary, reason: flatString(summary.reason) }
    }
    return {
      ...summary,
      grantId: this.string(summary.grantId),
      grantTitle: this.string(summary.grantTitle),
      grantDeadline: this.string(summary.grantDeadline),
      status: this.string(summary.status),
      applicationId: this.string(summary.applicationId),
      updatedAt: flatString(summary.updatedAt),
      review: this.brief(summary.review),
    }
  }
}

/**
 * A copy of `text` in one piece. JSON's parser makes every string it returns flat; slicing or
 * concatenating could keep the pieces (or the whole text it was cut from) alive.
 */
export function flatString(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string
}
