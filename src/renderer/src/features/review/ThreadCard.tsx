/**
 * One thread in the Review panel: what it is about (the quoted passage, a field, the whole
 * draft), its first comment, a suggestion if it has one, the replies, what happened to it
 * (resolved, reopened, applied, declined: by whom), and its actions: Reply, Resolve/Reopen,
 * Show in the pitch.
 */
import { useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { locateQuote } from '../../../../shared/review'
import { ErrorNotice } from '../../components/ErrorNotice'
import { PITCH_EDITOR_ID, selectRangeInEditor } from '../../lib/selectLines'
import { useEditor } from '../../state/editor'
import { CommentItem, When } from './CommentItem'
import { capitalize, historyText, placeText } from './describe'
import type { LocatedThread } from './locate'
import { useReview } from '../../state/review/review'
import { SuggestionView } from './SuggestionView'
import { NewThreadMark } from '../sync'

export interface ThreadCardProps {
  item: LocatedThread
  me: string | null
  now: number
  readOnly: boolean
  /** The card's heading level: one below its group's. */
  level?: 4 | 5
}

/** Selects the thread's passage in the pitch editor; false when there is none to select. */
export function showInPitch(item: LocatedThread): boolean {
  const { anchor } = item.thread
  if (anchor.target !== 'pitch' || !item.match || item.match.status === 'outdated') return false
  // Located again in the text as it is now: the card's place is from the last pause in typing.
  const pitch = useEditor.getState().pitch
  const match = locateQuote(pitch, anchor.quote)
  if (match.status === 'outdated') return false
  return selectRangeInEditor(PITCH_EDITOR_ID, pitch, match.start, match.end)
}

/**
 * The text boxes whose Ctrl+Enter (⌘Enter) is their own (the comment composer posts, a thread's
 * Reply box sends): the page's Ctrl+Enter (Submit application) leaves them alone.
 */
export const OWN_CTRL_ENTER = '.composer-popover, .reply-box'

/** Ctrl+Enter (⌘Enter): send what this box holds. */
function isSendShortcut(event: React.KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}

export function ThreadCard({ item, me, now, readOnly, level = 5 }: ThreadCardProps) {
  const Heading = level === 4 ? 'h4' : 'h5'
  const { thread } = item
  const headingId = useId()
  const [replying, setReplying] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const quote = 'quote' in thread.anchor ? thread.anchor.quote : null
  const place = placeText(item)
  const history = historyText(thread.events)
  const lastEvent = thread.events.at(-1)
  const draftId = useReview((s) => s.draftId)

  const setResolved = async (resolved: boolean) => {
    setBusy(true)
    setError(null)
    const failure = await useReview.getState().setResolved(thread.id, resolved)
    setBusy(false)
    setError(failure)
  }

  const state = thread.resolved ? 'resolved' : item.outdated ? 'outdated' : 'open'
  return (
    <article className={`thread thread-${state}`} data-testid={`thread-${thread.id}`} aria-labelledby={headingId} tabIndex={-1}>
      <Heading id={headingId} className="thread-heading">
        <span className="thread-place">{capitalize(place)}</span>
        {thread.author && <span className="visually-hidden">, comment by {thread.author}</span>}
        <NewThreadMark draftId={draftId} threadId={thread.id} />
        {item.outdated && <span className="badge badge-warning">Outdated</span>}
        {thread.resolved && <span className="badge badge-ok">Resolved</span>}
      </Heading>
      {quote && <blockquote className="review-quote">{quote.exact}</blockquote>}
      {item.outdated && <p className="hint">This text is no longer in the draft; the quote above is what was commented on.</p>}
      {item.pending && (
        <p className="hint" data-testid="thread-not-placed">
          Not placed yet: this passage has not been found in the text so far (it may have changed a lot). The quote above is what was commented on.
        </p>
      )}
      {thread.missing ? (
        <p className="hint">The comment that started this thread is not in the drafts folder (not synced yet, or its file could not be read).</p>
      ) : (
        <CommentItem comment={thread} me={me} now={now} kind="comment" />
      )}
      {thread.suggestion && !thread.deleted && <SuggestionView item={item} readOnly={readOnly} />}
      {thread.replies.length > 0 && (
        <ol className="thread-replies" aria-label="Replies">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem comment={reply} me={me} now={now} kind="reply" />
            </li>
          ))}
        </ol>
      )}
      {history && (
        <p className="thread-history">
          {history}
          {lastEvent && (
            <>
              {' '}
              (<When iso={lastEvent.at} now={now} />)
            </>
          )}
        </p>
      )}
      <div className="thread-actions">
        {!replying && (
          <button type="button" onClick={() => setReplying(true)}>
            Reply
          </button>
        )}
        <button type="button" onClick={() => void setResolved(!thread.resolved)} disabled={busy}>
          {thread.resolved ? 'Reopen' : 'Resolve'}
        </button>
        {!readOnly && item.match && item.match.status !== 'outdated' && thread.anchor.target === 'pitch' && (
          <button type="button" onClick={() => showInPitch(item)}>
            Show in pitch
          </button>
        )}
      </div>
      {error && <ErrorNotice error={error} />}
      {replying && <ReplyBox threadId={thread.id} onDone={() => setReplying(false)} />}
    </article>
  )
}

function ReplyBox({ threadId, onDone }: { threadId: string; onDone: () => void }) {
  const id = useId()
  const [body, setBody] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const send = async (event?: React.FormEvent) => {
    event?.preventDefault()
    if (busy || body.trim() === '') return
    setBusy(true)
    setError(null)
    const failure = await useReview.getState().reply(threadId, body)
    setBusy(false)
    if (failure) setError(failure)
    else onDone()
  }
  return (
    <form className="reply-box" onSubmit={(event) => void send(event)}>
      <label htmlFor={id}>Your reply</label>
      <textarea
        id={id}
        rows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (!isSendShortcut(event)) return
          event.preventDefault()
          event.stopPropagation()
          void send()
        }}
        disabled={busy}
        autoFocus
        aria-keyshortcuts="Control+Enter Meta+Enter"
      />
      {error && <ErrorNotice error={error} />}
      <div className="comment-actions">
        <button type="submit" className="primary" disabled={busy || body.trim() === ''} title="Send reply (Ctrl+Enter)">
          {busy ? 'Sending…' : 'Send reply'}
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}
