/**
 * A word diff of two texts (jsdiff's `diffWords`): removed words struck through in `<del>`,
 * added ones underlined in `<ins>`, each preceded by a word a screen reader says ("removed",
 * "added"), since the styling alone is not read out. Plain text only, never HTML.
 */
import { memo, useMemo } from 'react'
import { type DiffPart, wordDiff } from '../../../../shared/review'

export { type DiffPart, wordDiff }

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
