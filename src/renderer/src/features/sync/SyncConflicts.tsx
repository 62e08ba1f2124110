/**
 * The drafts a pull left changed on both sides in the same place, above every screen until
 * each is finished: Resolve opens the conflict view (features/conflicts, through
 * `openSyncConflict`: both versions of each place side by side, ending in `sync.resolve`), and
 * Undo the pull aborts the merge (edits made since are kept as changes not sent). Nothing is
 * pushed until every draft here is done.
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { plural } from '../../../../shared/text'
import { ErrorNotice } from '../../components/ErrorNotice'
import { openSyncConflict } from '../../state/conflicts'
import { useSync } from '../../state/sync/sync'

export function SyncConflicts() {
  const conflicts = useSync((s) => s.conflicts)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  if (conflicts.length === 0) return null

  const undo = async () => {
    setBusy(true)
    setError(await useSync.getState().abort())
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
            <button type="button" disabled={busy} onClick={() => openSyncConflict(conflict, (result) => useSync.getState().resolved(result))}>
              Resolve<span className="visually-hidden"> “{conflict.title}”</span>
            </button>
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
