/**
 * The app's history store (see historyStore.ts), talking to the core through the bridge and
 * restoring into the app's editor.
 */
import { call, onEvent } from '../lib/bridge'
import { useEditor } from './editor'
import { createHistoryStore } from './historyStore'

export type { HistoryState } from './historyStore'

export const useHistory = createHistoryStore({
  call: (channel, input) => call(channel, input),
  onEvent,
  editor: {
    saveNow: () => useEditor.getState().saveNow(),
    version: () => useEditor.getState().draft?.version ?? null,
    replaceWith: (draft) => useEditor.getState().replaceWith(draft),
  },
})
