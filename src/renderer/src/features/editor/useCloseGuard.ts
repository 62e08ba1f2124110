/**
 * While any draft (open or left behind) has edits not on disk, closing the window starts
 * their saves and objects, so that the browser — or Electron, through the main process's
 * `will-prevent-unload` dialog — asks before closing. Mounted by the editor and by the
 * app-wide UnsavedDraftsAlert: one listener however many use it.
 */
import { useEffect } from 'react'
import { useEditor } from '../../state/editor'

function objectWhileUnsaved(event: BeforeUnloadEvent): void {
  if (!useEditor.getState().saveBeforeClose()) return
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
