/** The "Report an outdated guide" screen: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown: inside a Suspense. */
export const FeedbackScreen = lazyScreen(() => import('./FeedbackScreen').then((m) => m.FeedbackScreen))
