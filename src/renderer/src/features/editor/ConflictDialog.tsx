/**
 * The file changed on disk while the applicant had unsaved edits: nothing was written, and
 * they choose which text wins. There is no "cancel": leaving both versions in limbo would
 * stop autosave with no end.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import './editor.css'

export interface ConflictDialogProps {
  onReloadTheirs: () => Promise<AppError | null>
  onKeepMine: () => Promise<AppError | null>
}

export function ConflictDialog({ onReloadTheirs, onKeepMine }: ConflictDialogProps) {
  const [busy, setBusy] = useState<'theirs' | 'mine' | null>(null)
  const [error, setError] = useState<AppError | null>(null)

  const choose = async (choice: 'theirs' | 'mine') => {
    setBusy(choice)
    setError(null)
    const failure = await (choice === 'theirs' ? onReloadTheirs() : onKeepMine())
    // On success this dialog closes (or the screen changes); only a failure is shown here.
    if (failure) {
      setError(failure)
      setBusy(null)
    }
  }

  return (
    <Dialog title="This draft was changed elsewhere" role="alertdialog" testId="conflict-dialog">
      <p>
        The file of this draft changed on disk after you opened it — a teammate’s edit, a git pull or another editor. Grant Desk did not save over it, so both
        versions are still safe. Choose which one to keep:
      </p>
      <ul className="conflict-choices">
        <li>
          <strong>Reload theirs</strong>: the version on disk replaces what you see. Your unsaved text will be replaced.
        </li>
        <li>
          <strong>Keep mine as a copy</strong>: your text is saved as a new draft for the same grant and opened; the original file keeps their version.
        </li>
      </ul>
      {error && <ErrorNotice error={error} />}
      <div className="dialog-actions">
        <button type="button" onClick={() => void choose('theirs')} disabled={busy !== null}>
          Reload theirs
        </button>
        <button type="button" className="primary" onClick={() => void choose('mine')} disabled={busy !== null} data-autofocus>
          Keep mine as a copy
        </button>
      </div>
    </Dialog>
  )
}
