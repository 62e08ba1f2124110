/**
 * A word diff of two texts (jsdiff's `diffWords`): removed words struck through in `<del>`,
 * added ones underlined in `<ins>`, each preceded by a word a screen reader says ("removed",
 * "added"), since the styling alone is not read out. Plain text only, never HTML.
 */
import { diffWords } from 'diff'
import { memo, useMemo } from 'react'

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

/**
 * Long unchanged stretches shortened to their ends (`… `), so a one-word change in a long pitch
 * reads as that word in its sentence.
 */
export function condense(parts: readonly DiffPart[], context = 60): DiffPart[] {
  return parts.map((part, index) => {
    if (part.kind !== 'same' || part.text.length <= context * 2 + 1) return part
    const first = index === 0
    const last = index === parts.length - 1
    if (first && last) return part
    const head = first ? '' : part.text.slice(0, context)
    const tail = last ? '' : part.text.slice(-context)
    return { kind: 'same', text: `${head}${head ? ' … ' : '… '}${tail}` }
  })
}

export interface WordDiffProps {
  before: string
  after: string
  /** Shorten long unchanged stretches (for a whole pitch). */
  condensed?: boolean
  label?: string
}

export const WordDiff = memo(function WordDiff({ before, after, condensed = false, label }: WordDiffProps) {
  const parts = useMemo(() => {
    const diff = wordDiff(before, after)
    return diff && condensed ? condense(diff) : diff
  }, [before, after, condensed])
  if (!parts) return <p className="hint">Too many changes to show word by word.</p>
  return (
    <p className="word-diff" {...(label ? { 'aria-label': label } : {})}>
      {parts.map((part, index) =>
        part.kind === 'same' ? (
          <span key={index}>{part.text}</span>
        ) : part.kind === 'removed' ? (
          <span key={index}>
            <span className="visually-hidden">[removed: </span>
            <del>{part.text}</del>
            <span className="visually-hidden">]</span>
          </span>
        ) : (
          <span key={index}>
            <span className="visually-hidden">[added: </span>
            <ins>{part.text}</ins>
            <span className="visually-hidden">]</span>
          </span>
        ),
      )}
    </p>
  )
})
