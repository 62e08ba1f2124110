/**
 * The contract's team sync through git (see main/core/sync): the state of the drafts folder's
 * repository, one sync (commit, pull with a merge, push), what arrived from teammates, and a
 * pitch conflict to be finished in the app. Part of the one contract, re-exported by
 * src/shared/ipc/contract.ts.
 */
import { z } from 'zod'
import { IsoTimestamp } from '../api'
import { remoteUrlProblem } from './remote-url'
import { RecordId } from '../review'
import { DraftId, DraftsSaveInput, DraftVersion } from './drafts'

// ---------------------------------------------------------------------------------------------
// Failures

/**
 * Why a sync (or tracking a folder) could not be done, carried by the error `sync_failed` as
 * `syncProblem`, so the app can offer the fitting way out (install git, track the folder, set
 * the address…). Every one leaves the repository as it was before the action.
 */
export const SYNC_PROBLEMS = [
  /** Git is not installed, or not on the PATH Grant Desk was started with. */
  'git_missing',
  /** The drafts folder is not inside a git work tree (Settings offers to track it). */
  'not_a_repository',
  /** `sync.track` on a folder that already is in a repository. */
  'already_tracked',
  /** HEAD is not on a branch. */
  'detached_head',
  /** A merge, rebase, cherry-pick, revert or bisect that Grant Desk did not start is in progress. */
  'operation_in_progress',
  /** The index has unmerged files that no merge of Grant Desk's explains (a stash pop, a hand merge). */
  'unmerged_files',
  /** Git does not know the user's name or email (`user.name`, `user.email`): Grant Desk never sets them. */
  'identity_missing',
  /** A hook refused: pre-commit, commit-msg, pre-merge-commit or pre-push here, pre-receive or update on the server. */
  'hook_refused',
  /** The repository has no remote to sync with (Settings takes its address). */
  'no_remote',
  /** The branch has no upstream, and there is more than one remote to choose from. */
  'no_upstream',
  /** The remote refused the credentials (or there were none: Grant Desk never asks for them). */
  'auth_failed',
  /** The remote's address names no repository. */
  'remote_not_found',
  /** The remote could not be reached (no network, a host that does not answer). */
  'unreachable',
  /** The push was still refused after pulling and trying again once. */
  'push_rejected',
  /** Files changed or staged here outside the drafts folder (not Grant Desk's to commit) stop the pull: it would overwrite them, or git cannot merge with them staged. */
  'local_changes_in_the_way',
  /** The remote branch shares no history with this one any more (rewritten by a force push). */
  'unrelated_histories',
  /** Changes on both sides that Grant Desk cannot finish (a non-draft file, the team policy, a draft it cannot read): the pull was undone. */
  'unresolvable_conflict',
  /** Another sync of the same repository (another window, another copy of the app, `grant-desk sync`) ran for longer than this one would wait. */
  'sync_busy',
  /** Git failed in a way not foreseen here: its own message is quoted. */
  'git_failed',
] as const
export const SyncProblem = z.enum(SYNC_PROBLEMS)
export type SyncProblem = z.infer<typeof SyncProblem>

// ---------------------------------------------------------------------------------------------
// Inputs

export const RemoteUrl = z
  .string({ error: 'must be text' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = remoteUrlProblem(value)
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem })
  })

export const SyncTrackInput = z
  .strictObject({
    /** The team repository's address, set as the remote `origin` right after `git init`. */
    remoteUrl: RemoteUrl.optional(),
  })
  .optional()

export const SyncSetRemoteInput = z.strictObject({ url: RemoteUrl })

export const SyncResolveInput = z.strictObject({
  draftId: DraftId,
  /** The pitch and fields as the applicant chose them in the conflict view. */
  pitch: DraftsSaveInput.shape.pitch,
  customFields: DraftsSaveInput.shape.customFields,
  /** The draft's version on disk the applicant resolved against (`drafts.get`): if it changed since, `conflict`. */
  baseVersion: DraftVersion,
})

export const SyncMarkSeenInput = z.strictObject({
  draftId: DraftId,
  /** The threads now seen; all of the draft's when left out. */
  threadIds: z.array(RecordId).min(1).max(1000).optional(),
})

// ---------------------------------------------------------------------------------------------
// State

export const SyncOperation = z.enum(['merge', 'rebase', 'cherry-pick', 'revert', 'bisect'])
export type SyncOperation = z.infer<typeof SyncOperation>

export const SyncConflictBrief = z.object({ draftId: DraftId, title: z.string() })

export const SyncRepository = z.object({
  /** The work tree's top folder (the drafts folder or a folder above it). */
  root: z.string(),
  /** The branch checked out; null when HEAD is detached. */
  branch: z.string().nullable(),
  /** `origin/main`: what a sync pulls from and pushes to; null when none is set (a first sync sets it when there is one remote). */
  upstream: z.string().nullable(),
  /** The remote a sync uses, with its address; null when the repository has none. */
  remote: z.object({ name: z.string(), url: z.string() }).nullable(),
  /** Commits here not on the upstream, and there not here (as of the last fetch). */
  ahead: z.number().int().nonnegative(),
  behind: z.number().int().nonnegative(),
  /**
   * Changes here not sent yet, committed or not: each draft, review record and team file of the
   * drafts folder that changed (a record saying who wrote a draft goes with the draft, uncounted).
   */
  unsent: z.number().int().nonnegative(),
  /** Of those, the ones not committed yet (the next sync commits them). */
  uncommitted: z.number().int().nonnegative(),
  /** An operation in progress in the repository (git's own: `git status` names it), or null. */
  operation: SyncOperation.nullable(),
  /** The merge in progress is Grant Desk's own sync, waiting for the drafts in `conflicts` (none: ready to finish). */
  appMerge: z.boolean(),
  conflicts: z.array(SyncConflictBrief),
})
export type SyncRepository = z.infer<typeof SyncRepository>

export const SyncState = z.object({
  /** The drafts folder this state is about. */
  folder: z.string(),
  /** Git's version (`2.43.0`), or null when git cannot be run. */
  gitVersion: z.string().nullable(),
  /** Null when the folder is not in a git work tree (or git is missing): Settings offers to track it. */
  repository: SyncRepository.nullable(),
  /** A sync is running now. */
  running: z.boolean(),
  /** When this folder was last synced from this computer (pulled and pushed). */
  lastSyncAt: IsoTimestamp.nullable(),
  /** The last sync's failure, until a sync succeeds: what happened and what to do. */
  lastProblem: z.object({ problem: SyncProblem, message: z.string(), at: IsoTimestamp }).nullable(),
  /** One line for the status line: "main · 2 changes not sent", "Not tracked with git". The UI adds "synced 5 min ago" from `lastSyncAt`. */
  summary: z.string(),
})
export type SyncState = z.infer<typeof SyncState>

// ---------------------------------------------------------------------------------------------
// What arrived

/** What one teammate's commits changed in one draft. */
export const SyncArrivalDraft = z.object({
  draftId: DraftId,
  /** The grant's title, as the draft names it (its id when the draft is gone). */
  title: z.string(),
  started: z.boolean(),
  edited: z.boolean(),
  submitted: z.boolean(),
  deleted: z.boolean(),
  /** New threads and replies. */
  comments: z.number().int().nonnegative(),
  approvals: z.number().int().nonnegative(),
  changeRequests: z.number().int().nonnegative(),
  /** Threads resolved or reopened, suggestions applied or declined, comments edited or deleted. */
  otherRecords: z.number().int().nonnegative(),
})
export type SyncArrivalDraft = z.infer<typeof SyncArrivalDraft>

export const SyncArrival = z.object({
  at: IsoTimestamp,
  /** Commits that came in. */
  commits: z.number().int().nonnegative(),
  /** Per teammate (the review record's author for records, the commit's author for drafts), then per draft. */
  people: z.array(z.object({ name: z.string(), drafts: z.array(SyncArrivalDraft) })),
  /** Threads that are new here (new threads, or threads with new replies), to mark until seen. */
  newThreads: z.array(z.object({ draftId: DraftId, threadId: z.string(), kind: z.enum(['new', 'reply']) })),
  /** "Ben: 3 comments on Polar Security…, approved Arcadia…", a quiet summary. */
  text: z.string(),
})
export type SyncArrival = z.infer<typeof SyncArrival>

export const SyncNews = z.object({
  /** Threads marked new until seen (kept per person, in the app's data folder, never in the shared one). */
  unseen: z.array(z.object({ draftId: DraftId, threadId: z.string(), kind: z.enum(['new', 'reply']), at: IsoTimestamp })),
  /** What the last sync that brought anything brought. */
  lastArrival: SyncArrival.nullable(),
})
export type SyncNews = z.infer<typeof SyncNews>

// ---------------------------------------------------------------------------------------------
// Conflicts

/** The pitch of a conflicted draft, cut into runs both sides share and places where they differ. */
export const PitchHunk = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('same'), text: z.string() }),
  /** `base` is the common ancestor's text (null when the draft was started on both sides). */
  z.object({ kind: z.literal('conflict'), base: z.string().nullable(), ours: z.string(), theirs: z.string() }),
])
export type PitchHunk = z.infer<typeof PitchHunk>

/**
 * A draft changed on both sides in the same place. The file on disk holds "ours" (the pitch as
 * written here, with whatever merged cleanly in the front matter and fields), never conflict
 * markers; the merge stays in progress until `sync.resolve` or `sync.abort`.
 */
export const SyncConflict = z.object({
  draftId: DraftId,
  title: z.string(),
  /** Who made the other side's change (the last incoming commit's author), when known. */
  theirAuthor: z.string().nullable(),
  /** The version of the file on disk now: `sync.resolve` names it as `baseVersion`. */
  version: DraftVersion,
  pitch: z.object({
    base: z.string().nullable(),
    ours: z.string(),
    theirs: z.string(),
    /** Whether the pitch itself conflicts (else only fields do). */
    conflicted: z.boolean(),
    hunks: z.array(PitchHunk),
  }),
  /** The application fields changed on both sides to different values. */
  fields: z.array(z.object({ name: z.string(), label: z.string(), base: z.string().nullable(), ours: z.string().nullable(), theirs: z.string().nullable() })),
  /** The fields as merged where they did not conflict (ours where they did): where a resolution starts. */
  mergedFields: z.record(z.string(), z.string()),
})
export type SyncConflict = z.infer<typeof SyncConflict>

// ---------------------------------------------------------------------------------------------
// A sync

export const SyncResult = z.object({
  /** `synced`: committed, pulled and pushed. `conflict`: drafts wait in `conflicts` (the merge is kept in progress; nothing was pushed). */
  outcome: z.enum(['synced', 'conflict']),
  /** The commit made of this folder's changes, or null when there was nothing to commit. */
  committed: z.object({ sha: z.string(), message: z.string(), files: z.number().int().nonnegative() }).nullable(),
  /** Commits sent to the remote. */
  sent: z.number().int().nonnegative(),
  /** What came in, or null when nothing did. */
  received: SyncArrival.nullable(),
  conflicts: z.array(SyncConflict),
  /** Things to know that did not stop the sync ("old-notes.md was not sent: it has conflict markers"). */
  notes: z.array(z.string()),
  state: SyncState,
})
export type SyncResult = z.infer<typeof SyncResult>
