/**
 * The storage layer: everything that reads or writes the drafts folder's files. The services
 * above it (drafts/, reviews/, history/, sync/) use it only through this door, and only it
 * touches the folder with the file system (the rule is in eslint.config.js; the exceptions are
 * listed there and in docs/architecture.md).
 *
 * - draft files: `fs.ts` (bounded reads, the version of a draft's bytes, the wording of the file
 *   system's failures; `read-sync.ts` the same read with blocking calls, for the CLI), `names.ts` (ids, slugs and the folder listing), `inspect.ts` (what one
 *   file is), `identity.ts` (when a file may be trusted as read), `saving.ts` (writing one),
 *   `trash.ts` (deleted drafts and their records), `failures.ts` (what a by-id operation
 *   answers when the draft is not as expected), `file-lock.ts` (the lock a save, a sync and
 *   another app agree on), `drafts-folder.ts` (the folder itself);
 * - review record files: `review-files.ts` (their format, reading and writing), `record-cache.ts`
 *   (records as last read);
 * - the policy file: `review-policy.ts` (finding and reading it, with its allowed signers),
 *   `policy-source.ts` (following it);
 * - watching: `watcher.ts` (where the file-system events were), `folder-follower.ts` (which
 *   folder is watched, and what the record cache may trust);
 * - `subject.ts`: a draft opened for its review, the shape the drafts store and the review
 *   service share; `observer.ts`: what a change of a draft file is, as the drafts store tells it
 *   on the core's hub (the history, the author records and the views listen).
 */
export { openDraftsFolder } from './drafts-folder'
export { checkPitch, conflict, notFound, refuseSubmitted } from './failures'
export { isAtomicTempName } from './atomic-temp'
export { clearDeadLocks, clearOrphanedWrites, withFileLock, type FileLockWait } from './file-lock'
export { FolderFollower } from './folder-follower'
export { describeFsError, draftVersion, errorCode, exists, formatSize, mapLimited, NOT_A_FILE, readRegularFile, removeLeftovers, storageFailure } from './fs'
export { identityAt, identityOf, stillValid, trustedAt, type FileIdentity } from './identity'
export { inspect, MAX_DRAFT_BYTES, MAX_SAVED_DRAFT_BYTES, type Inspection, type Relevant } from './inspect'
export { fileNameOf, readDirectory, slugify, type Directory } from './names'
export type { DraftObserver, DraftSavedEvent, SaveIntent } from './observer'
export { PolicySource } from './policy-source'
export { RecordCache, type RecordSource } from './record-cache'
export {
  addRecord,
  contentHash,
  isRecordTempName,
  legacyRecords,
  loadRecord,
  portableRecordRead,
  readRecordFolder,
  recordReadOf,
  reviewedVersion,
  reviewFolderPath,
  rewriteRecord,
  type PortableRecordRead,
  type RecordFolder,
} from './review-files'
export { loadPolicyFile, loadPolicyFor, type LoadedPolicy } from './review-policy'
export { newDraftText, rewriteDraftFile, upgradedForWrite, writeDraftText, type NewDraftArgs } from './saving'
export type { ReviewSubject } from './subject'
export { moveReviewsToTrash, moveToTrash } from './trash'
export type { FolderIdentity, WatchBatch, WatchMode } from './watcher'
