/** The draft editor screen: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown (the editor, review and history code): inside a Suspense. */
export const DraftEditor = lazyScreen(() => import('./DraftEditor').then((m) => m.DraftEditor))
export { UnsavedDraftsAlert } from './UnsavedDraftsAlert'
