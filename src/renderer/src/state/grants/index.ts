/**
 * state/grants: The grants listing and the applicant's own grants (features/grants).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { GRANTS_AT_START, useGrants } from './grants'
