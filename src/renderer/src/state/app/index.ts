/**
 * state/app: the app as a whole: the screen on show (navigation and its hash), the first
 * screen's start and the host's first paint before it, and the list store the listing areas are made with.
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { FIRST_SCREEN_WAIT_MS, afterFirstScreen, firstScreenCommitted, firstScreenShown, isFirstScreenShown } from './firstScreen'
export { dropFirstPaint } from './firstPaint'
export { createListStore, useListOnScreen } from './list'
export { go, startHashRouting, useNavigation } from './navigation'
export type { Route } from './navigation'
