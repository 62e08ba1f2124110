/**
 * state/settings: The settings the core keeps, and the colour theme they choose (features/settings).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { useSettings } from './settings'
export { applyRememberedTheme, useAppliedTheme, useColorMode } from './theme'
