/**
 * The core's public API for `grant-desk lint --check-links`: the link check the app's
 * `links.check` runs, loaded by that flag alone.
 */
export { LinkChecker } from '../links'
