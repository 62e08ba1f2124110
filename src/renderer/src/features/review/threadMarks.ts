/**
 * The open threads on passages of the pitch, as marks in the text (lib/pitchMarks.ts): placed
 * where their quote is now, in the text of the last pause in typing, which the marks carry so
 * that the editor draws them only over that text. The Review panel lists the same threads: the
 * highlight is never the only sign of a comment.
 */
import { useMemo } from 'react'
import { isOpen } from '../../../../shared/review'
import type { MarkSet, PitchMark } from '../../lib/pitchMarks'
import { useReview } from '../../state/review/review'
import { firstLine } from './describe'
import { type LocatedThread, useLocatedIn } from './locate'
import { focusThreadCard, withThreadCard } from './cardReveal'

const NO_THREADS: never[] = []

export function threadMark(item: LocatedThread): PitchMark | null {
  const { thread, match } = item
  if (thread.anchor.target !== 'pitch' || thread.resolved || !isOpen(thread) || !match || match.status === 'outdated') return null
  if (match.end <= match.start) return null
  const author = thread.author || thread.replies.find((reply) => !reply.deleted)?.author || 'Someone'
  const body = thread.deleted || thread.missing ? (thread.replies.find((reply) => !reply.deleted)?.body ?? '') : thread.body
  const suggestion = thread.suggestion && !thread.suggestion.decision ? thread.suggestion.text : null
  const replies = thread.replies.filter((reply) => !reply.deleted).length
  const detail = [suggestion !== null ? `Suggests: “${firstLine(suggestion, 80)}”` : '', replies > 0 ? `${replies} ${replies === 1 ? 'reply' : 'replies'}` : '']
    .filter(Boolean)
    .join(' · ')
  return {
    id: `thread:${thread.id}`,
    kind: 'thread',
    from: match.start,
    to: match.end,
    tag: suggestion !== null ? 'Suggestion' : 'Comment',
    title: `${author}: ${firstLine(body || suggestion || '', 100)}`,
    detail,
  }
}

/** The marks of the open pitch threads, placed by the anchoring worker at each pause in typing. */
export function useThreadMarks(): MarkSet {
  const threads = useReview((s) => s.data?.threads ?? NO_THREADS)
  const { text, located } = useLocatedIn(threads)
  return useMemo(() => ({ text, marks: located.flatMap((item) => threadMark(item) ?? []) }), [text, located])
}

/**
 * Shows a thread's card in the Review panel: `focus` moves focus to it (the mark's "Open"
 * button); a click in the text leaves focus in the text and only brings the card into view.
 */
export function openThreadCard(id: string, focus: boolean): void {
  if (focus) {
    focusThreadCard(id)
    return
  }
  withThreadCard(id, (card) => {
    markCurrent(card)
    card.scrollIntoView?.({ block: 'nearest' })
  })
}

/**
 * The card the text points at now: outlined until another one is, and `aria-current` so that a
 * screen reader says which one it is (the outline alone is seen, not heard).
 */
export function markCurrent(element: HTMLElement): void {
  for (const other of document.querySelectorAll('[data-current-mark]')) {
    other.removeAttribute('data-current-mark')
    other.removeAttribute('aria-current')
  }
  element.setAttribute('data-current-mark', 'true')
  element.setAttribute('aria-current', 'true')
}
