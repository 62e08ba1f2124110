/** The grant list and a grant's page: what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

export { GrantBrowser } from './GrantBrowser'
/** Loaded when first shown (its Markdown rendering is most of the app's script): inside a Suspense. */
export const GrantDetail = lazyScreen(() => import('./GrantDetail').then((m) => m.GrantDetail))
