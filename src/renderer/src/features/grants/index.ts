/** The grant list and a grant's page: what the rest of the app may use of this feature. */
export { GrantBrowser } from './GrantBrowser'
export { GrantDetail } from './GrantDetail'
