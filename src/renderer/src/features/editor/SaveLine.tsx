/**
 * The editor's save line: whether the text on screen is on disk (Saved, Saving…, Unsaved
 * changes, Not saved and why), a quiet word when the file holds changes saved elsewhere, and
 * what can still be done after a failure: save again, or keep the text as a new draft when the
 * file is gone. Also the message Submit gives when it cannot send for the same reasons.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { showSideTabNow } from '../../state/editor/editorSide'
import type { FileTrouble } from '../../state/editor/draftSession'
import { useEditor } from '../../state/editor/editor'

/** Why Submit sent nothing, and the one thing that can still get the text out. */
export function submitBlockedMessage(saveError: AppError | null, fileTrouble: FileTrouble | null): string {
  if (fileTrouble === 'gone') return 'Nothing was sent: the file is gone from the drafts folder. Choose “Save as a new draft”, then submit the new draft.'
  const why = saveError ? ` (${saveError.message})` : ''
  if (fileTrouble === 'unreadable') {
    return `Nothing was sent: the draft’s file could not be read${why}. Choose “Save as a new draft” and submit that one, or fix the file and choose “Retry save”, then Submit… again.`
  }
  return `Nothing was sent: your latest changes could not be saved${why}. Choose “Retry save”, then Submit… again.`
}

const GONE_MESSAGE = 'The file is gone from the drafts folder; save your text as a new draft.'

const SAVE_STATE_CLASS = { saved: 'save-state-saved', saving: '', unsaved: 'save-state-unsaved', failed: 'save-state-failed' } as const

export function SaveLine() {
  const saveState = useEditor((s) => s.saveState)
  const saveError = useEditor((s) => s.saveError)
  const fileTrouble = useEditor((s) => s.fileTrouble)
  const disk = useEditor((s) => s.disk)
  const failed = saveState === 'failed'
  // Never "Saved" of text older than the disk: a change made elsewhere is being read.
  const text =
    saveState === 'saved'
      ? disk === 'reloading'
        ? 'Changed on disk, reloading…'
        : 'Saved'
      : saveState === 'saving'
        ? 'Saving…'
        : saveState === 'unsaved'
          ? 'Unsaved changes'
          : `Not saved — ${fileTrouble === 'gone' ? GONE_MESSAGE : (saveError?.message ?? 'the file could not be written.')}`
  return (
    <div className="save-line">
      <span data-testid="save-state" className={`save-state ${SAVE_STATE_CLASS[saveState]}`}>
        {text}
      </span>
      {saveState === 'saved' && disk === null && <ChangesElsewhere />}
      {disk === 'newer' && saveState !== 'failed' && (
        <span className="save-note" role="status" data-testid="disk-newer">
          · Newer text on disk: your next save merges it
        </span>
      )}
      {/* Saving… / Saved flips at every pause in typing; only a failure is worth interrupting for. */}
      <span role="alert" className="visually-hidden">
        {failed ? text : ''}
      </span>
      {/* Once the file is known to be gone, retrying cannot work: only a new draft can hold the text. */}
      {failed && fileTrouble !== 'gone' && <RetrySave />}
      {failed && fileTrouble !== null && <SaveAsNewDraft />}
    </div>
  )
}

/**
 * A quiet word that the file now holds changes saved elsewhere: merged into a save, or reloaded
 * while nothing was unsaved. In the status line, never a banner (no layout shift); the merge
 * links to the History, whose latest version shows what the merge changed.
 */
function ChangesElsewhere() {
  const merged = useEditor((s) => (s.merged !== null && s.draft !== null && s.merged.version === s.draft.version ? s.merged : null))
  const note = useEditor((s) => s.statusNote)
  if (merged) {
    return (
      <span className="save-note" role="status" data-testid="merge-note">
        · Merged with changes saved elsewhere{' '}
        <button type="button" className="link" onClick={() => showSideTabNow('history')}>
          See what changed
        </button>
      </span>
    )
  }
  return note ? (
    <span className="save-note" role="status" data-testid="merge-note">
      · {note}
    </span>
  ) : null
}

/** Saves again; after a file problem the file is read again first (it may be back). */
function RetrySave() {
  const [busy, setBusy] = useState(false)
  const retry = async () => {
    setBusy(true)
    await useEditor.getState().saveNow()
    setBusy(false)
  }
  return (
    <button type="button" onClick={() => void retry()} disabled={busy}>
      Retry save
    </button>
  )
}

/** The file is gone or unreadable: the text on screen can still become a new draft. */
function SaveAsNewDraft() {
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const create = async () => {
    setBusy(true)
    setError(null)
    const failure = await useEditor.getState().keepMineAsCopy()
    // On success the screen moves to the new draft; only a failure stays here.
    setBusy(false)
    setError(failure)
  }
  return (
    <>
      <button type="button" onClick={() => void create()} disabled={busy}>
        Save as a new draft
      </button>
      {error && <ErrorNotice error={error} />}
    </>
  )
}
