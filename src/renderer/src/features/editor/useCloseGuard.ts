/**
 * While any draft (open or left behind) has edits not on disk, or suggestions typed and not
 * sent, closing the window starts their saves (or sends them) and objects, so that the browser — or Electron, through the main process's
 * `will-prevent-unload` dialog — asks before closing. Mounted by the editor and by the
 * app-wide UnsavedDraftsAlert: one listener however many use it.
 */
import { useEffect } from 'react'
import { useEditor } from '../../state/editor/editor'
import { useSuggesting } from '../../state/review'

function objectWhileUnsaved(event: BeforeUnloadEvent): void {
  // Suggestions typed and not sent yet (Suggesting mode) are as unsaved as an edit: sent now, and the window asks.
  const unsent = useSuggesting.getState().typed !== null
  if (unsent) void useSuggesting.getState().flush()
  if (!useEditor.getState().saveBeforeClose() && !unsent) return
  event.preventDefault()
  // Older engines ask only when returnValue is set.
  event.returnValue = ''
}

let users = 0

export function useCloseGuard(): void {
  useEffect(() => {
    if (users++ === 0) window.addEventListener('beforeunload', objectWhileUnsaved)
    return () => {
      if (--users === 0) window.removeEventListener('beforeunload', objectWhileUnsaved)
    }
  }, [])
}
