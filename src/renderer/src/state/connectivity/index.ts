/**
 * state/connectivity: Whether the service answers, and the rechecks that find out when it does again.
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { STALE_WAIT_MS, setOnline, setWaiting, useConnectivity } from './connectivity'
export { startConnectivity } from './recheck'
