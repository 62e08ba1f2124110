/**
 * state/saved-searches: Saved grant searches and their new-grant alerts (features/saved-searches).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { startSavedSearches, useSavedSearches } from './savedSearches'
