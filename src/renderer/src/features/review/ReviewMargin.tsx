/**
 * The margin beside the pitch: a card per thread on a passage of the pitch, in pitch order (by
 * the line where its passage is now, followed at each pause in typing), with its author, the
 * first line of its comment and the line. Choosing a card selects its passage in the editor;
 * a thread whose passage is gone (marked outdated) or a submitted draft's opens its card in
 * the Review panel instead. A long margin renders only the cards in view (VirtualList).
 */
import { memo, useMemo } from 'react'
import { firstLine, placeText } from './describe'
import { groupThreads, type LocatedThread, useLocatedThreads } from './locate'
import { useReview } from '../../state/review/review'
import { showInPitch } from './ThreadCard'
import { useEditor } from '../../state/editor'
import { useLongListDeferred, VirtualList } from '../../components/VirtualList'
import { focusThreadCard } from './cardReveal'
import './review.css'

const NO_THREADS: never[] = []
/** A margin card's height before it is measured: author and place, and one line of comment. */
const MARGIN_CARD_ESTIMATE = 52
const keyOf = (item: LocatedThread) => item.thread.id
const renderCard = (item: LocatedThread) => <MarginCard item={item} />

export const ReviewMargin = memo(function ReviewMargin() {
  const threads = useReview((s) => s.data?.threads ?? NO_THREADS)
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const shown = useLongListDeferred(threads)
  const located = useLocatedThreads(shown)
  const cards = useMemo(() => {
    const groups = groupThreads(located, schema)
    return [...groups.open, ...groups.outdated].filter((item) => item.thread.anchor.target === 'pitch').sort((a, b) => line(a) - line(b))
  }, [located, schema])
  return (
    <aside className="review-margin" data-testid="review-margin" aria-label="Comments on the pitch">
      {cards.length === 0 && shown !== threads ? null : cards.length === 0 ? (
        <p className="hint">Select text in the pitch and choose Comment to start a thread.</p>
      ) : (
        <VirtualList
          items={cards}
          keyOf={keyOf}
          renderItem={renderCard}
          estimate={MARGIN_CARD_ESTIMATE}
          className="margin-cards"
          boxClassName="margin-scroll"
        />
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
