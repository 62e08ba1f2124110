/**
 * state/drafts: The drafts folder as listed (features/drafts).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { sortDrafts } from './drafts'
