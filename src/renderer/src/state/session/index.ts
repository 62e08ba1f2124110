/**
 * state/session: Who is signed in to the service (features/session).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { startSession, useSession } from './session'
