/**
 * A word diff (jsdiff's `diffWords`) as plain data: the renderer's WordDiff.tsx shows it on
 * screen and the exported review copy renders it in Node, so the two never disagree.
 */
import { diffWords } from 'diff'

export interface DiffPart {
  kind: 'same' | 'removed' | 'added'
  text: string
}

/** Past this many milliseconds a diff gives up: a whole rewrite is better said than shown. */
const DIFF_TIMEOUT_MS = 300

/** The parts of the word diff from `before` to `after`; null when it was too large to work out in time. */
export function wordDiff(before: string, after: string): DiffPart[] | null {
  if (before === after) return before ? [{ kind: 'same', text: before }] : []
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS })
  if (!changes) return null
  return changes.map((change) => ({ kind: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value }))
}
