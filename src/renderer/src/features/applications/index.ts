/** The Applications screen: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown: inside a Suspense. */
export const ApplicationsScreen = lazyScreen(() => import('./ApplicationsScreen').then((m) => m.ApplicationsScreen))
