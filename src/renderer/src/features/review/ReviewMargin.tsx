/**
 * The margin beside the pitch: a card per thread on a passage of the pitch, in pitch order (by
 * the line where its passage is now, followed at each pause in typing), with its author, the
 * first line of its comment and the line. Choosing a card selects its passage in the editor;
 * a thread whose passage is gone (marked outdated) or a submitted draft's opens its card in
 * the Review panel instead.
 */
import { memo, useMemo } from 'react'
import { firstLine, placeText } from './describe'
import { groupThreads, type LocatedThread, useLocatedThreads } from './locate'
import { useReview } from '../../state/review'
import { showInPitch } from './ThreadCard'
import { useEditor } from '../../state/editor'
import { revealInSide } from '../../state/editorSide'
import './review.css'

const NO_THREADS: never[] = []

/** Moves focus to a thread's card in the Review panel. */
export function focusThreadCard(id: string): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="thread-${id}"]`)
  if (!card) return
  // The Review panel is a tab beside the pitch: it opens first.
  revealInSide(card)
  card.scrollIntoView?.({ block: 'nearest' })
  card.focus()
}

export const ReviewMargin = memo(function ReviewMargin() {
  const threads = useReview((s) => s.data?.threads ?? NO_THREADS)
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const located = useLocatedThreads(threads)
  const cards = useMemo(() => {
    const groups = groupThreads(located, schema)
    return [...groups.open, ...groups.outdated].filter((item) => item.thread.anchor.target === 'pitch').sort((a, b) => line(a) - line(b))
  }, [located, schema])
  return (
    <aside className="review-margin" data-testid="review-margin" aria-label="Comments on the pitch">
      {cards.length === 0 ? (
        <p className="hint">Select text in the pitch and choose Comment to start a thread.</p>
      ) : (
        <ol className="margin-cards">
          {cards.map((item) => (
            <li key={item.thread.id}>
              <MarginCard item={item} />
            </li>
          ))}
        </ol>
      )}
    </aside>
  )
})

function line(item: LocatedThread): number {
  if (item.match && item.match.status !== 'outdated') return item.match.line
  return item.thread.anchor.target === 'pitch' ? item.thread.anchor.quote.line : 0
}

function MarginCard({ item }: { item: LocatedThread }) {
  const { thread } = item
  const text = thread.deleted || thread.missing ? (thread.replies.find((reply) => !reply.deleted)?.body ?? '') : thread.body || thread.suggestion?.text || ''
  const place = placeText(item)
  const author = thread.author || thread.replies.find((reply) => !reply.deleted)?.author || ''
  return (
    <button
      type="button"
      className={item.outdated ? 'margin-card margin-card-outdated' : 'margin-card'}
      onClick={() => {
        if (!showInPitch(item)) focusThreadCard(thread.id)
      }}
    >
      <span className="margin-card-meta">
        <strong>{author}</strong> · <span>{place}</span>
        {item.outdated && <span className="badge badge-warning">Outdated</span>}
        {thread.suggestion && !thread.suggestion.decision && <span className="badge badge-info">Suggestion</span>}
      </span>
      <span className="margin-card-body">{firstLine(text, 60)}</span>
    </button>
  )
}
