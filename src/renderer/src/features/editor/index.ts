/** The draft editor screen: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown (the editor, review and history code): inside a Suspense. */
export const DraftEditor = lazyScreen(() => import('./DraftEditor').then((m) => m.DraftEditor))
/**
 * The app-wide notice of drafts left with unsaved edits: loaded after the first screen (App.tsx), as
 * it reads the editor's store, whose code (the review's anchoring and diff-match-patch among it) the
 * grant list does not need.
 */
export const UnsavedDraftsAlert = lazyScreen(() => import('./UnsavedDraftsAlert').then((m) => m.UnsavedDraftsAlert))
