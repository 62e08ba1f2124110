/**
 * Approve or request changes. A verdict is on the text as saved: the draft is saved first, and
 * the verdict names the version saved (`baseVersion`); if the file changed since (a teammate's
 * edit synced in), the core refuses, so nobody approves text they did not see.
 */
import { useEffect, useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useEditor } from '../../state/editor'
import { useReview } from '../../state/review'

type Verdict = 'approve' | 'request-changes'

const NOT_SAVED: AppError = {
  code: 'storage_error',
  message: 'Your latest changes could not be saved, so there is no saved text to give a verdict on yet. Save the draft, then try again.',
}

const DONE: Record<Verdict, string> = { approve: 'You approved this version.', 'request-changes': 'You asked for changes.' }

export function VerdictBar() {
  const noteId = useId()
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

  const give = async (verdict: Verdict) => {
    setBusy(verdict)
    setError(null)
    setDone(null)
    const saved = await useEditor.getState().saveNow()
    const draft = useEditor.getState().draft
    if (!saved || !draft) {
      setBusy(null)
      // A conflict opens its own dialog; anything else is said here.
      if (!useEditor.getState().conflict) setError(NOT_SAVED)
      return
    }
    const failure = await useReview.getState().setVerdict({ verdict, note: note.trim(), baseVersion: draft.version })
    setBusy(null)
    if (failure) {
      setError(failure)
      return
    }
    setNote('')
    setDone(DONE[verdict])
  }

  return (
    <div className="verdict-bar" role="group" aria-label="Your verdict">
      <label htmlFor={noteId}>Note (optional)</label>
      <textarea id={noteId} rows={2} value={note} onChange={(event) => setNote(event.target.value)} disabled={busy !== null} maxLength={10_000} />
      <div className="verdict-actions">
        <button type="button" data-testid="verdict-approve" onClick={() => void give('approve')} disabled={busy !== null}>
          {busy === 'approve' ? 'Approving…' : 'Approve'}
        </button>
        <button type="button" data-testid="verdict-request-changes" onClick={() => void give('request-changes')} disabled={busy !== null}>
          {busy === 'request-changes' ? 'Sending…' : 'Request changes'}
        </button>
      </div>
      {done && <p className="hint">{done}</p>}
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
