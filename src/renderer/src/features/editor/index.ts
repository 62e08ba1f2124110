/** The draft editor screen: what the rest of the app may use of this feature. */
export { DraftEditor } from './DraftEditor'
export { UnsavedDraftsAlert } from './UnsavedDraftsAlert'
