/**
 * The applicant's choices in the conflict view, and the text they make: for each place where
 * both sides changed the pitch, mine, theirs or their own words; for each field changed on both
 * sides, the same. What merged by itself is kept as merged.
 */
import { diff3Merge } from 'node-diff3'
import type { DraftConflict, PitchHunk } from '../../../../shared/ipc'

/** `both`: the two sides' changes merged word by word (they changed different words of the place). */
export type Choice = { take: 'mine' } | { take: 'theirs' } | { take: 'both'; text: string } | { take: 'edit'; text: string }

export interface Resolution {
  /** One per conflict hunk of the pitch, in order. */
  hunks: Choice[]
  /** One per conflicting field, by name. */
  fields: Record<string, Choice>
}

export type ConflictHunk = Extract<PitchHunk, { kind: 'conflict' }>

export function conflictHunks(conflict: DraftConflict): ConflictHunk[] {
  return conflict.pitch.hunks.filter((hunk): hunk is ConflictHunk => hunk.kind === 'conflict')
}

/** For each conflict hunk, the last non-blank line before it (a heading, usually), to say where it is; null at the start. */
export function contextBefore(conflict: DraftConflict): (string | null)[] {
  const out: (string | null)[] = []
  let last: string | null = null
  for (const hunk of conflict.pitch.hunks) {
    if (hunk.kind === 'conflict') {
      out.push(last)
      continue
    }
    const lines = hunk.text.split('\n').filter((line) => line.trim() !== '')
    if (lines.length > 0) last = lines.at(-1)!
  }
  return out
}

/** Words and the spaces between them: a place is merged word by word. */
function words(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? []
}

/**
 * A place both sides changed, merged word by word from the text both started from: the text
 * with both changes when they touch different words (a sentence added here, a word changed
 * there), else null (the same words changed: the applicant chooses).
 */
export function mergeWords(base: string | null, ours: string, theirs: string): string | null {
  if (base === null) return null
  const regions = diff3Merge(words(ours), words(base), words(theirs), { excludeFalseConflicts: true })
  if (regions.some((region) => !region.ok)) return null
  return regions.map((region) => region.ok!.join('')).join('')
}

/**
 * Nothing chosen yet: each place of the pitch starts as both sides' changes merged word by word
 * where they touch different words, so that the main button keeps a teammate's sentence, else
 * as "mine"; every field starts as "mine", the applicant's own words.
 */
export function startResolution(conflict: DraftConflict): Resolution {
  return {
    hunks: conflictHunks(conflict).map((hunk): Choice => {
      const merged = mergeWords(hunk.base, hunk.ours, hunk.theirs)
      return merged === null ? { take: 'mine' } : { take: 'both', text: merged }
    }),
    fields: Object.fromEntries(conflict.fields.map((field): [string, Choice] => [field.name, { take: 'mine' }])),
  }
}

export function chosenText(choice: Choice, mine: string, theirs: string): string {
  return choice.take === 'mine' ? mine : choice.take === 'theirs' ? theirs : choice.text
}

/** The pitch and fields the choices make. A field chosen empty on a side that had none is left out. */
export function resolvedText(conflict: DraftConflict, resolution: Resolution): { pitch: string; customFields: Record<string, string> } {
  let index = 0
  // The pitch itself did not conflict (only fields did): its merged text is the one "same" hunk.
  const pitch = conflict.pitch.hunks
    .map((hunk) => {
      if (hunk.kind === 'same') return hunk.text
      const choice = resolution.hunks[index++] ?? { take: 'mine' }
      return chosenText(choice, hunk.ours, hunk.theirs)
    })
    .join('')
  const customFields = { ...conflict.mergedFields }
  for (const field of conflict.fields) {
    const choice = resolution.fields[field.name] ?? { take: 'mine' }
    // A side that has no such field, taken as it is, leaves the field out.
    const absent = (choice.take === 'mine' && field.ours === null) || (choice.take === 'theirs' && field.theirs === null)
    if (absent) delete customFields[field.name]
    else customFields[field.name] = chosenText(choice, field.ours ?? '', field.theirs ?? '')
  }
  return { pitch, customFields }
}

/** The text of the other side (the file at `version`): what a save that finishes the view starts from. */
export function theirText(conflict: DraftConflict): { pitch: string; customFields: Record<string, string> } {
  const customFields = conflict.theirFields ?? {
    ...conflict.mergedFields,
    ...Object.fromEntries(conflict.fields.flatMap((field) => (field.theirs === null ? [] : [[field.name, field.theirs]]))),
  }
  return { pitch: conflict.pitch.theirs, customFields }
}
