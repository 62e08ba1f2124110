/** The Drafts screen: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown: inside a Suspense. */
export const DraftsList = lazyScreen(() => import('./DraftsList').then((m) => m.DraftsList))
