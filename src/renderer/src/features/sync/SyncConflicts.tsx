/**
 * The drafts a pull left changed on both sides in the same place, above every screen until
 * each is finished: Resolve (open the draft to choose what to keep), Keep my version (finish
 * with this side's text: the teammate's stays in git's history), or Undo the pull (the merge
 * is aborted; edits made since are kept as changes not sent). Nothing is pushed until then.
 */
import { useState } from 'react'
import type { AppError, SyncConflict } from '../../../../shared/ipc'
import { plural } from '../../../../shared/wording'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useNavigation } from '../../state/navigation'
import { useSync } from '../../state/sync'

export function SyncConflicts() {
  const conflicts = useSync((s) => s.conflicts)
  const go = useNavigation((s) => s.go)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [opened, setOpened] = useState<string | null>(null)
  if (conflicts.length === 0) return null

  const undo = async () => {
    setBusy(true)
    setError(await useSync.getState().abort())
    setBusy(false)
  }
  const keepMine = async (conflict: SyncConflict) => {
    setBusy(true)
    setError(null)
    setError(await useSync.getState().keepMine(conflict))
    setBusy(false)
  }

  return (
    <section className="notice notice-warn sync-conflicts" aria-labelledby="sync-conflicts-heading" data-testid="sync-conflicts">
      <h2 id="sync-conflicts-heading">{plural(conflicts.length, 'draft')} changed on both sides</h2>
      <p>You and a teammate changed the same passage. Choose what to keep; nothing is sent until every draft here is done.</p>
      <ul>
        {conflicts.map((conflict) => (
          <li key={conflict.draftId}>
            <span className="sync-conflict-title">{conflict.title}</span>
            {conflict.theirAuthor && <span className="hint"> · changed by {conflict.theirAuthor}</span>}{' '}
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setOpened(conflict.draftId)
                go({ name: 'draft', id: conflict.draftId })
              }}
            >
              Resolve
            </button>{' '}
            <button type="button" disabled={busy} onClick={() => void keepMine(conflict)}>
              Keep my version
            </button>
            {opened === conflict.draftId && (
              <p className="hint" data-testid="sync-conflict-opened">
                The draft is open with your text. The side-by-side view to pick passages from both versions is not in this build yet: keep your version here,
                undo the pull, or finish the merge with git in a terminal.
              </p>
            )}
          </li>
        ))}
      </ul>
      <button type="button" disabled={busy} onClick={() => void undo()}>
        Undo the pull
      </button>
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
