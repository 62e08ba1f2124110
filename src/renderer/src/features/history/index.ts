/** A draft's history panel: what the rest of the app may use of this feature. */
export { HistoryPanel } from './HistoryPanel'
