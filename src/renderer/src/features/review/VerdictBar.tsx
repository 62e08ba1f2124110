/**
 * Approve or request changes, through the review store's `giveVerdict`. A verdict is on the text
 * as saved: the draft is saved first, and the verdict names the version saved (`baseVersion`);
 * if the file changed since (a teammate's edit synced in), the core refuses, so nobody approves
 * text they did not see.
 */
import { useEffect, useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useEditor } from '../../state/editor'
import { useReview } from '../../state/review'
import { type Verdict, reviewerIsAuthor } from '../../state/review/reviewStore'

const DONE: Record<Verdict, string> = { approve: 'You approved this version.', 'request-changes': 'You asked for changes.' }
const DONE_AS_AUTHOR: Record<Verdict, string> = {
  approve: 'You approved this version, as a note: an author’s approval does not count.',
  'request-changes': 'You asked for changes, as a note: an author’s request does not count.',
}

export function VerdictBar() {
  const noteId = useId()
  const authorNoteId = useId()
  const isAuthor = useReview(reviewerIsAuthor)
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState<Verdict | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [done, setDone] = useState<string | null>(null)

  // "You approved this version" is true only until the text changes.
  useEffect(
    () =>
      useEditor.subscribe((state, previous) => {
        if (state.pitch !== previous.pitch || state.customFields !== previous.customFields) setDone(null)
      }),
    [],
  )

  // The flow (save through the editor, verdict on the version saved, authorship) is the review store's.
  const give = async (verdict: Verdict) => {
    setBusy(verdict)
    setError(null)
    setDone(null)
    const outcome = await useReview.getState().giveVerdict({ verdict, note })
    setBusy(null)
    if (!outcome.given) {
      setError(outcome.error)
      return
    }
    setNote('')
    setDone(outcome.asAuthor ? DONE_AS_AUTHOR[verdict] : DONE[verdict])
  }

  return (
    <div className="verdict-bar" role="group" aria-label="Your verdict" aria-describedby={isAuthor ? authorNoteId : undefined}>
      {isAuthor && (
        <p className="notice notice-info verdict-author-note" id={authorNoteId} data-testid="verdict-author-note">
          You wrote this draft, so your verdict is recorded as a note for your teammates and does not count toward approval.
        </p>
      )}
      <label htmlFor={noteId}>Note (optional)</label>
      <textarea id={noteId} rows={2} value={note} onChange={(event) => setNote(event.target.value)} disabled={busy !== null} maxLength={10_000} />
      <div className="verdict-actions">
        <button type="button" data-testid="verdict-approve" onClick={() => void give('approve')} disabled={busy !== null}>
          {busy === 'approve' ? 'Approving…' : isAuthor ? 'Approve (as a note)' : 'Approve'}
        </button>
        <button type="button" data-testid="verdict-request-changes" onClick={() => void give('request-changes')} disabled={busy !== null}>
          {busy === 'request-changes' ? 'Sending…' : isAuthor ? 'Request changes (as a note)' : 'Request changes'}
        </button>
      </div>
      {done && <p className="hint">{done}</p>}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
