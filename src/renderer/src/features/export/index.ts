/** The review copy (HTML, PDF) of a draft: what the rest of the app may use of this feature. */
export { ExportButton } from './ExportButton'
