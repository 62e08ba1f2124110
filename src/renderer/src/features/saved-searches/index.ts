/** The saved searches panel beside the grant list: what the rest of the app may use of this feature. */
export { SavedSearchesPanel } from './SavedSearchesPanel'
