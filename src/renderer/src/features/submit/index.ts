/** Submitting a draft, and the not-sent notice of a refused copy: what the rest of the app may use of this feature. */
export { NotSentNotice, notSentText } from './NotSentNotice'
export { SubmitDialog } from './SubmitDialog'
