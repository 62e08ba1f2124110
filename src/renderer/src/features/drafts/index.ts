/** The Drafts screen: what the rest of the app may use of this feature. */
export { DraftsList } from './DraftsList'
