/**
 * The core's public API for `grant-desk sync`: the drafts folder's git sync, as the app's Sync
 * runs it, and the console it logs to. A module of its own (index.ts gathers them all), so the
 * sync command loads the sync and nothing of the review, the export or the checklist.
 */
export { SyncService, isSyncFailure } from '../sync'
export { classifyPath } from '../sync/paths'
export { consoleLogger } from '../errors'
