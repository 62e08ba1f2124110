/** The Settings and Welcome screens: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded when first shown: inside a Suspense. */
export const SettingsScreen = lazyScreen(() => import('./SettingsScreen').then((m) => m.SettingsScreen))
export const WelcomeScreen = lazyScreen(() => import('./WelcomeScreen').then((m) => m.WelcomeScreen))
