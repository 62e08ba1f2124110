/**
 * The drafts service, as the rest of the main process sees it: the `DraftStore` (in `store.ts`)
 * over the storage layer (core/folder/), with the modules beside it: `listing.ts` (the folder
 * as last read, and what changed on disk), `listed-file.ts` (one file's line in the list, its
 * review brief through the `ReviewBriefs` port), `marks.ts` (submitted, not sent, the grant's
 * deadline), `view.ts` (drafts as the contract shows them), `follow.ts` (what it does on the core's hub) and `handlers.ts` (its channels). The version of
 * a draft's bytes and the slug of a title are the storage layer's (`draftVersion`, `slugify`),
 * offered here too for the drafts' users.
 */
export { DraftStore, type DraftStoreOptions } from './store'
export type { DraftObserver, DraftSavedEvent, SaveIntent } from '../folder'
export type { ReviewBriefs } from './listed-file'
export { draftView } from './view'
export { draftVersion, slugify } from '../folder'
