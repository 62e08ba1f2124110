/**
 * The Review panel beside the pitch: the reviewers' verdicts and the buttons to give one,
 * record files that could not be read, and every thread, grouped: Open, Outdated (their
 * passage is gone; shown with their quote, never dropped), Resolved (collapsed). The one
 * polite live region here says when a teammate's comment arrives. A long group renders only
 * the cards in view (VirtualList); a mark in the text reaches any card (cardReveal.ts).
 */
import { memo, useCallback, useMemo } from 'react'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useLongListDeferred, VirtualList } from '../../components/VirtualList'
import { registerPanelList } from './cardReveal'
import { useNow } from '../../lib/useNow'
import { useEditor, useEditorSide } from '../../state/editor'
import { useMarkNewThreadsSeen } from '../sync'
import { groupThreads, type LocatedThread, useLocatedThreads } from './locate'
import { ReviewerVerdicts } from './ReviewerVerdicts'
import { useReview } from '../../state/review/review'
import { startDraftComment } from '../../state/review/startComment'
import { ThreadCard } from './ThreadCard'
import { VerdictBar } from './VerdictBar'
import type { ReviewData } from '../../../../shared/review'
import './review.css'

const NO_THREADS: never[] = []
/** A card's height before it is measured: its place, a quote, a comment and its buttons. */
const THREAD_CARD_ESTIMATE = 190
const keyOf = (item: LocatedThread) => item.thread.id

export const ReviewPanel = memo(function ReviewPanel() {
  const data = useReview((s) => s.data)
  const loading = useReview((s) => s.loading)
  const loadError = useReview((s) => s.loadError)
  const staleError = useReview((s) => s.staleError)
  const announcement = useReview((s) => s.announcement)
  const readOnly = useEditor((s) => s.draft?.status === 'submitted')
  // Threads a sync brought are seen once this panel is the one shown (it stays mounted when hidden).
  const draftId = useReview((s) => s.draftId)
  const shown = useEditorSide((s) => s.tab === 'review')
  useMarkNewThreadsSeen(shown ? draftId : null)
  return (
    <section className="review-panel" data-testid="review-panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="review-announcement">
        {announcement}
      </p>
      {loadError && <ErrorNotice error={loadError} onRetry={() => void useReview.getState().refresh()} />}
      {data && staleError && (
        <ErrorNotice
          error={{ ...staleError, message: `The review below may be out of date: it could not be read again. ${staleError.message}` }}
          onRetry={() => void useReview.getState().refresh({ announce: true })}
          retryLabel="Read it again"
        />
      )}
      {!data && loading && <p className="loading">Reading the review…</p>}
      {data && <ReviewContent data={data} readOnly={readOnly} />}
    </section>
  )
})

function ReviewContent({ data, readOnly }: { data: ReviewData; readOnly: boolean }) {
  const now = useNow()
  return (
    <>
      <h3>Verdicts</h3>
      <ReviewerVerdicts data={data} now={now} />
      {!readOnly && <VerdictBar />}
      {data.unreadable.length > 0 && <UnreadableNotice files={data.unreadable} />}
      <Threads threads={data.threads} readOnly={readOnly} now={now} />
    </>
  )
}

function UnreadableNotice({ files }: { files: ReviewData['unreadable'] }) {
  return (
    <div className="notice notice-warn" data-testid="review-unreadable">
      <p>
        {files.length === 1 ? 'One review file could not be read.' : `${files.length} review files could not be read.`} They are kept untouched; fix or delete
        the file by hand.
      </p>
      <ul>
        {files.map((file) => (
          <li key={file.fileName}>
            <code>{file.fileName}</code>: {file.reason}
          </li>
        ))}
      </ul>
    </div>
  )
}

function Threads({ threads, readOnly, now }: { threads: ReviewData['threads']; readOnly: boolean; now: number }) {
  const me = useReview((s) => s.reviewerName)
  const schema = useEditor((s) => s.draft?.grant.applicationSchema ?? null)
  const shown = useLongListDeferred(threads.length > 0 ? threads : NO_THREADS)
  const located = useLocatedThreads(shown)
  const groups = useMemo(() => groupThreads(located, schema), [located, schema])
  const card = useCallback(
    (level: 4 | 5) => (item: LocatedThread) => <ThreadCard item={item} me={me || null} now={now} readOnly={readOnly} level={level} />,
    [me, now, readOnly],
  )
  const list = (items: LocatedThread[], level: 4 | 5 = 5) => (
    <VirtualList
      items={items}
      keyOf={keyOf}
      renderItem={card(level)}
      estimate={THREAD_CARD_ESTIMATE}
      className="thread-list"
      boxClassName="thread-scroll"
      register={registerPanelList}
    />
  )
  return (
    <>
      <div className="review-threads-head">
        <h3>Threads</h3>
        <button type="button" onClick={startDraftComment}>
          Comment on the whole draft
        </button>
      </div>
      {threads.length === shown.length && groups.open.length + groups.outdated.length + groups.resolved.length === 0 && (
        <p className="hint">No comments yet. Select text in the pitch and choose Comment (Ctrl+Alt+M), or use a field’s Comment button.</p>
      )}
      {groups.open.length > 0 && (
        <section className="thread-group" aria-labelledby="threads-open">
          <h4 id="threads-open" className="thread-group-title">
            Open ({groups.open.length})
          </h4>
          {list(groups.open)}
        </section>
      )}
      {groups.outdated.length > 0 && (
        <section className="thread-group" aria-labelledby="threads-outdated">
          <h4 id="threads-outdated" className="thread-group-title">
            Outdated ({groups.outdated.length})
          </h4>
          <p className="hint">The text these comment on is no longer in the draft.</p>
          {list(groups.outdated)}
        </section>
      )}
      {groups.resolved.length > 0 && (
        <details className="thread-group thread-group-resolved">
          <summary>Resolved ({groups.resolved.length})</summary>
          {list(groups.resolved, 4)}
        </details>
      )}
    </>
  )
}
