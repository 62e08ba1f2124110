/** The Applications screen: what the rest of the app may use of this feature. */
export { ApplicationsScreen } from './ApplicationsScreen'
