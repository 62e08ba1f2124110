/**
 * The app's history store (see historyStore.ts), talking to the core through the bridge and
 * restoring into the app's editor.
 */
import { call, onEvent } from '../../lib/bridge'
import { useEditor, replacePitch } from '../editor'
import { createHistoryStore } from './historyStore'

export type { HistoryState } from './historyStore'

export const useHistory = createHistoryStore({
  call: (channel, input) => call(channel, input),
  onEvent,
  editor: {
    saveNow: () => useEditor.getState().saveNow(),
    version: () => useEditor.getState().draft?.version ?? null,
    replaceWith: (draft) => {
      // The restored text goes in as one edit of the textarea's own history, so Ctrl+Z in the
      // pitch takes the restore back (and the autosave keeps the undone text); then the editor
      // takes the new version, whose pitch is now the one on screen, so nothing re-renders.
      if (useEditor.getState().draft?.id === draft.id) replacePitch(draft.pitch)
      useEditor.getState().replaceWith(draft)
    },
  },
})
