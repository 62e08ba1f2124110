/** Whether the service answers, as the shell shows it: what the rest of the app may use of this feature. */
export { OfflineBanner } from './OfflineBanner'
export { StatusLine } from './StatusLine'
export { WaitingBanner } from './WaitingBanner'
