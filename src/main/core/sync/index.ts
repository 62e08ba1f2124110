/**
 * Team sync through git (issue 25): the drafts folder's repository, committed, pulled and pushed
 * by the app with the system's git. `service.ts` is the sync; the modules beside it are its
 * parts: `git.ts` (running git), `repository.ts` (what the repository is now), `paths.ts` (which
 * files are the app's to commit), `commit.ts` and `activity.ts` (the commit and its message),
 * `exchange.ts` (fetch, merge, push), `merge.ts` and `../merge/draft-merge.ts` (a merge git could not
 * finish), `state.ts` (the state's words), `setup.ts` (track, the address), `preflight.ts` (checks before a sync), `arrivals.ts` (what came in),
 * `memory.ts` (what this person has seen), `problems.ts` (failures) and `scheduler.ts`.
 */
export { SyncService, type SyncServiceOptions } from './service'
export { GITATTRIBUTES } from './setup'
export { summaryOf } from './state'
export { SyncScheduler } from './scheduler'
export { SyncFailure, isSyncFailure } from './problems'
