/** The "Report an outdated guide" screen: what the rest of the app may use of this feature. */
export { FeedbackScreen } from './FeedbackScreen'
