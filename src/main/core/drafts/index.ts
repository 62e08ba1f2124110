/**
 * The drafts folder, as the rest of the main process sees it: the `DraftStore` (in `store.ts`)
 * and the two helpers other modules use, the version of a draft's bytes and the slug of a
 * title. The store is built from the modules beside it: `fs.ts` (file-system reads and the
 * wording of their failures), `names.ts` (ids, slugs and the folder listing), `inspect.ts` (what
 * one file is), `listing.ts` (the folder as last read, and what changed on disk),
 * `record-cache.ts` and `identity.ts` (review records as last read, and when a file may be
 * trusted as read), `saving.ts` (writing a draft file), `marks.ts` (submitted, not sent, the
 * grant's deadline), `view.ts` (drafts as the contract shows them), `failures.ts`, `trash.ts`
 * and `watcher.ts` (where the file-system events were).
 */
export { DraftStore, type DraftStoreOptions } from './store'
export type { DraftObserver, DraftSavedEvent, SaveIntent } from './observer'
export { draftVersion } from './fs'
export { slugify } from './names'
