/**
 * The pitch's three-way line merge in plain JavaScript (node-diff3), for a save that meets a
 * teammate's change: unlike the git sync, a drafts folder shared through a synced folder has no
 * git to run `git merge-file` with. A pitch is one line per paragraph, so edits in different
 * paragraphs merge and edits of one paragraph are a conflict, as `git merge-file` decides; what
 * cannot merge comes back as the same `PitchHunk[]` the sync's conflicts use, so one conflict
 * view serves both.
 */
import { diff3Merge } from 'node-diff3'
import type { PitchHunk } from '../../../shared/ipc'
import type { TextMerge } from './draft-merge'

/** The text's lines, each with its line ending (the last may have none), so joining them gives the text back. */
function lines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

/** Three-way merge of `ours` and `theirs` from `base`, line by line. */
export const diff3TextMerge: TextMerge = (base, ours, theirs) => Promise.resolve(mergeText(base, ours, theirs))

export function mergeText(base: string, ours: string, theirs: string): { clean: true; text: string } | { clean: false; hunks: PitchHunk[] } {
  // A change both sides made alike is no conflict (excludeFalseConflicts), as in git.
  const regions = diff3Merge(lines(ours), lines(base), lines(theirs), { excludeFalseConflicts: true })
  const hunks: PitchHunk[] = []
  for (const region of regions) {
    if (region.ok) {
      const text = region.ok.join('')
      const last = hunks.at(-1)
      if (last?.kind === 'same') last.text += text
      else if (text !== '') hunks.push({ kind: 'same', text })
    } else if (region.conflict) {
      hunks.push({ kind: 'conflict', base: region.conflict.o.join(''), ours: region.conflict.a.join(''), theirs: region.conflict.b.join('') })
    }
  }
  if (hunks.every((hunk) => hunk.kind === 'same')) return { clean: true, text: hunks.map((hunk) => (hunk.kind === 'same' ? hunk.text : '')).join('') }
  return { clean: false, hunks }
}
