/**
 * One comment (a thread's first one or a reply): who, when, the text as written (plain text,
 * line breaks kept, never read as HTML), "edited", and for the person's own comments Edit and
 * Delete. Only the author can change a comment; the core refuses anyone else.
 */
import { useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import type { CommentView } from '../../../../shared/review'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import { ago, dateTime } from '../../../../shared/text'
import { useReview } from '../../state/review/review'

export function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={dateTime(iso)}>
      {ago(iso, now)}
    </time>
  )
}

export interface CommentItemProps {
  comment: CommentView
  /** The reviewer name of the person at this computer: their comments can be edited and deleted. */
  me: string | null
  now: number
  /** "comment" or "reply", in the buttons' names. */
  kind: 'comment' | 'reply'
}

export function CommentItem({ comment, me, now, kind }: CommentItemProps) {
  const [editing, setEditing] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const own = !!me && comment.author === me && !comment.deleted
  if (comment.deleted) {
    return (
      <div className="comment comment-deleted">
        <p className="hint">
          {kind === 'reply' ? 'Reply' : 'Comment'} deleted by {comment.author || 'its author'}.
        </p>
      </div>
    )
  }
  return (
    <div className="comment">
      <p className="comment-meta">
        <strong className="comment-author">{comment.author}</strong> <When iso={comment.createdAt} now={now} />
        {comment.editedAt && (
          <span className="comment-edited" title={`Edited ${dateTime(comment.editedAt)}`}>
            {' '}
            (edited)
          </span>
        )}
      </p>
      {editing ? (
        <EditComment comment={comment} kind={kind} onDone={() => setEditing(false)} />
      ) : (
        <>
          {comment.body && <p className="comment-body">{comment.body}</p>}
          {own && (
            <div className="comment-actions">
              <button type="button" className="link" onClick={() => setEditing(true)} aria-label={`Edit your ${kind}`}>
                Edit
              </button>
              <button type="button" className="link" onClick={() => setConfirmingDelete(true)} aria-label={`Delete your ${kind}`}>
                Delete
              </button>
            </div>
          )}
        </>
      )}
      {confirmingDelete && <DeleteComment comment={comment} kind={kind} onDone={() => setConfirmingDelete(false)} />}
    </div>
  )
}

function EditComment({ comment, kind, onDone }: { comment: CommentView; kind: 'comment' | 'reply'; onDone: () => void }) {
  const id = useId()
  const [body, setBody] = useState(comment.body)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const save = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy(true)
    const failure = await useReview.getState().editComment(comment.id, body)
    setBusy(false)
    if (failure) setError(failure)
    else onDone()
  }
  return (
    <form className="comment-edit" onSubmit={(event) => void save(event)}>
      <label htmlFor={id}>Edit your {kind}</label>
      <textarea id={id} value={body} rows={3} onChange={(event) => setBody(event.target.value)} disabled={busy} autoFocus />
      {error && <ErrorNotice error={error} />}
      <div className="comment-actions">
        <button type="submit" disabled={busy || body.trim() === ''}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function DeleteComment({ comment, kind, onDone }: { comment: CommentView; kind: 'comment' | 'reply'; onDone: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const remove = async () => {
    setBusy(true)
    const failure = await useReview.getState().deleteComment(comment.id)
    setBusy(false)
    if (failure) setError(failure)
    else onDone()
  }
  return (
    <Dialog title={`Delete your ${kind}?`} {...(busy ? {} : { onClose: onDone })}>
      <p>Its text is removed for everyone; replies to it stay.</p>
      <blockquote className="review-quote">{comment.body}</blockquote>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" onClick={onDone} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
          {busy ? 'Deleting…' : `Delete ${kind}`}
        </button>
      </div>
    </Dialog>
  )
}
