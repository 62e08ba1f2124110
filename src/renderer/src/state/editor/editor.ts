/**
 * The app's editor store (see editorStore.ts), talking to the core through the bridge.
 */
import { call, onEvent } from '../../lib/bridge'
import { go } from '../app'
import { createEditorStore } from './editorStore'

export type { SaveState } from './draftSession'
export type { EditorState, UnsavedElsewhere } from './editorStore'

export const useEditor = createEditorStore({ call: (channel, input) => call(channel, input), onEvent, go })
