/**
 * state/editor: The open draft: its text, autosave, side panel, link checks and the edits other areas make to it (features/editor).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { useEditor } from './editor'
export { revealInSide, showSideTabNow, useEditorSide } from './editorSide'
export { fitWhenOpened } from './fitRequest'
export { replacePitch } from './replacePitch'
export { useTextAtPause } from './useTextAtPause'
