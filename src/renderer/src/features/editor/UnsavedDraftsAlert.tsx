/**
 * App-wide: drafts the applicant left whose last edits could not be saved (a failed save, or
 * a conflict with a change made outside the app). Their text is still held in memory; opening
 * the draft brings it back. Renders nothing while there are none.
 */
import { useId } from 'react'
import { go } from '../../state/app'
import { useEditor } from '../../state/editor/editor'
import { useCloseGuard } from './useCloseGuard'
import './editor.css'

export function UnsavedDraftsAlert() {
  const drafts = useEditor((s) => s.unsavedElsewhere)
  const id = useId()
  useCloseGuard()
  if (drafts.length === 0) return null
  return (
    <div role="alert" className="notice notice-error unsaved-drafts-alert">
      <ul>
        {drafts.map((draft, index) => (
          <li key={draft.id}>
            <span id={`${id}-${index}`}>
              Your changes to “{draft.title}” were not saved: {draft.message}
            </span>{' '}
            <button type="button" aria-describedby={`${id}-${index}`} onClick={() => go({ name: 'draft', id: draft.id })}>
              Open draft
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
