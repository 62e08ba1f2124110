/**
 * The IPC contract: every channel between the renderer and the main process (or the browser
 * host), as zod schemas for its input and its output, and every event main sends back.
 *
 * - The main side validates each input before a handler sees it (a malformed payload gets
 *   `invalid_input`) and each output before it leaves (a bug there never reaches the page).
 * - The preloads and the renderer are typed from this object; `window.grantDesk` is built
 *   from its channel names (see `names.ts`), not written by hand. The schemas live by area
 *   in `ipc/`; this file is the channel map.
 * - Every answer is an `IpcResult`: `{ok: true, value}` or `{ok: false, error}`, because a
 *   thrown Error loses its fields when Electron carries it across the boundary.
 */
import { z } from 'zod'
import { FeedbackRequest, Id, LoginRequest } from '../api'
import { MAX_NOTE_CHARS, RecordId, ReviewData } from '../review'
import { DraftsMergeInput, DraftsMergeOutput } from './conflicts'
import { LinkCheck } from './links'
import { ApplicationsPreviewOutput, ApplicationsSubmitOutput, ApplicationRecord } from './applications'
import { NoInput } from './common'
import { Draft, DraftId, DraftSummary, DraftVersion, DraftsCreateInput, DraftsImportInput, DraftsDeleteOutput, DraftsSaveInput } from './drafts'
import type { IpcResult } from './errors'
import { ExportPdfOutput, ExportReviewCopyOutput } from './export'
import { GrantsGetOutput, GrantsListInput, GrantsListOutput } from './grants'
import { HistoryGetOutput, HistoryListOutput, HistoryRestoreInput, HistoryVersionId } from './history'
import { CalendarExportInput, CalendarExportOutput, Reminder, ReminderKey, RemindersView } from './reminders'
import { NonEmptyBody, ReviewTarget, ReviewsAddThreadInput } from './reviews'
import { SavedSearchFilters, SavedSearchId, SavedSearchName, SavedSearchesView } from './saved-searches'
import { SessionStatus } from './session'
import { SettingsValues, SettingsView } from './settings'
import { SyncArrival, SyncConflict, SyncMarkSeenInput, SyncNews, SyncResolveInput, SyncResult, SyncSetRemoteInput, SyncState, SyncTrackInput } from './sync'

// The schemas live by area in src/shared/ipc/; this file is the channel map, and the one place
// everything imports the contract from.
export * from './errors'
export * from './session'
export * from './grants'
export * from './settings'
export * from './saved-searches'
export * from './drafts'
export * from './history'
export * from './reviews'
export * from './applications'
export * from './export'
export * from './reminders'
export * from './sync'
export * from './conflicts'
export * from './links'

// ---------------------------------------------------------------------------------------------
// The contract

interface ChannelSchemas {
  input: z.ZodType
  output: z.ZodType
}

export const ipcContract = {
  'settings.get': { input: NoInput, output: SettingsView },
  'settings.update': {
    input: SettingsValues.partial().strict(),
    output: SettingsView,
  },
  'session.status': { input: NoInput, output: SessionStatus },
  'session.login': {
    // `allowPlainHttp`: the applicant confirmed logging in over plain HTTP to another computer.
    // Bounded here (the service's own limits are not shown): a 2 MB password is a mistake or an attack.
    input: LoginRequest.extend({
      email: LoginRequest.shape.email.max(320, { error: 'is too long for an email address' }),
      password: LoginRequest.shape.password.max(4096, { error: 'is too long' }),
      allowPlainHttp: z.boolean().optional(),
    }).strict(),
    output: SessionStatus,
  },
  'session.logout': { input: NoInput, output: SessionStatus },
  /** Erases the login kept for another service address. */
  'session.forget': { input: z.object({ service: z.string().min(1).max(2048) }).strict(), output: SessionStatus },
  'grants.list': { input: GrantsListInput, output: GrantsListOutput },
  /** Opening a grant also marks it seen: it is no longer New in any saved search. */
  'grants.get': { input: z.strictObject({ id: Id }), output: GrantsGetOutput },
  'savedSearches.list': { input: NoInput, output: SavedSearchesView },
  /** Saves the browser's filters and search under a name; the grants it matches now are its baseline (none New). */
  'savedSearches.create': { input: z.strictObject({ name: SavedSearchName, filters: SavedSearchFilters }), output: SavedSearchesView },
  'savedSearches.rename': { input: z.strictObject({ id: SavedSearchId, name: SavedSearchName }), output: SavedSearchesView },
  'savedSearches.delete': { input: z.strictObject({ id: SavedSearchId }), output: SavedSearchesView },
  /** Checks every saved search with the service now (the background check does the same on its timer). */
  'savedSearches.refresh': { input: NoInput, output: SavedSearchesView },
  'drafts.list': { input: NoInput, output: z.object({ items: z.array(DraftSummary), folder: z.string() }) },
  'drafts.create': { input: DraftsCreateInput, output: Draft },
  /** A new draft of the grant whose pitch is the file's text as Markdown; `notes`: what did not come in as it was (images, a front matter). */
  'drafts.import': { input: DraftsImportInput, output: z.object({ draft: Draft, notes: z.array(z.string()) }) },
  'drafts.get': { input: z.strictObject({ id: DraftId }), output: Draft },
  'drafts.save': { input: DraftsSaveInput, output: Draft },
  /**
   * A save that meets a teammate's change merges instead of failing: three-way from `base`
   * (the editor's starting point). Non-overlapping edits are saved merged; overlapping ones
   * come back as a conflict for the conflict view, with nothing written.
   */
  'drafts.merge': { input: DraftsMergeInput, output: DraftsMergeOutput },
  'drafts.delete': {
    input: z.strictObject({ id: DraftId, baseVersion: DraftVersion.optional() }),
    output: DraftsDeleteOutput,
  },
  /** The draft's earlier versions, newest first; `available: false` (with the reason) when they cannot be kept or read. */
  'history.list': { input: z.strictObject({ draftId: DraftId }), output: HistoryListOutput },
  'history.get': { input: z.strictObject({ draftId: DraftId, versionId: HistoryVersionId }), output: HistoryGetOutput },
  /** Saves an old version (or one section of it) as a new version of the draft: undone by restoring the one before. */
  'history.restore': { input: HistoryRestoreInput, output: Draft },
  /**
   * A dry run of `applications.submit`: fails as it would (deadline passed, a required field
   * empty, offline) or answers with exactly what would be sent, and where.
   */
  /** The draft's review records, folded into threads and verdicts (unreadable records listed). */
  'reviews.get': { input: z.strictObject(ReviewTarget), output: ReviewData },
  /** A new thread on a passage, a field or the whole draft, signed with the reviewer name from Settings. */
  'reviews.addThread': { input: ReviewsAddThreadInput, output: ReviewData },
  'reviews.reply': { input: z.strictObject({ ...ReviewTarget, threadId: RecordId, body: NonEmptyBody }), output: ReviewData },
  'reviews.setResolved': {
    input: z.strictObject({ ...ReviewTarget, threadId: RecordId, resolved: z.boolean({ error: 'must be true or false' }) }),
    output: ReviewData,
  },
  /** Records that a thread's suggestion was applied (the editor made the edit) or declined. */
  'reviews.decideSuggestion': {
    input: z.strictObject({ ...ReviewTarget, threadId: RecordId, decision: z.enum(['applied', 'declined'], { error: 'must be "applied" or "declined"' }) }),
    output: ReviewData,
  },
  /** Only the comment's author may edit or delete it. */
  'reviews.editComment': { input: z.strictObject({ ...ReviewTarget, commentId: RecordId, body: NonEmptyBody }), output: ReviewData },
  'reviews.deleteComment': { input: z.strictObject({ ...ReviewTarget, commentId: RecordId }), output: ReviewData },
  /**
   * Approve or request changes on the draft as saved at `baseVersion` (the version the reviewer
   * is looking at): if the file changed since, `conflict`, so nobody approves text they did not see.
   */
  'reviews.setVerdict': {
    input: z.strictObject({
      ...ReviewTarget,
      verdict: z.enum(['approve', 'request-changes'], { error: 'must be "approve" or "request-changes"' }),
      note: z
        .string({ error: 'must be text' })
        .max(MAX_NOTE_CHARS, { error: `must be at most ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters` })
        .default(''),
      baseVersion: DraftVersion,
    }),
    output: ReviewData,
  },
  'applications.preview': { input: z.strictObject({ draftId: DraftId }), output: ApplicationsPreviewOutput },
  'applications.submit': {
    input: z.strictObject({
      draftId: DraftId,
      /**
       * The applicant saw the checklist's remaining errors and chose to submit anyway. Without
       * it, a draft with checklist errors is not sent (`invalid_input` with `checklist`).
       */
      submitAnyway: z.boolean({ error: 'must be true or false' }).optional(),
    }),
    output: ApplicationsSubmitOutput,
  },
  'applications.list': { input: NoInput, output: z.object({ items: z.array(ApplicationRecord) }) },
  'feedback.send': {
    // The namespace comes from settings; the issue follows the service's own rule.
    input: FeedbackRequest.pick({ issue: true }).strict(),
    output: z.object({ message: z.string(), id: z.string().nullable() }),
  },
  /** The draft as saved on disk, as one HTML file for a reviewer without Grant Desk (read, print, annotate). */
  'export.reviewCopy': { input: z.strictObject({ draftId: DraftId }), output: ExportReviewCopyOutput },
  /**
   * The same copy as a PDF, saved where the applicant chooses: desktop app only (the browser
   * host answers `invalid_input`; see `pdfAvailable`). `{canceled: true}` when no place was chosen.
   */
  'export.pdf': { input: z.strictObject({ draftId: DraftId }), output: ExportPdfOutput },
  /**
   * Asks the service once whether it answers (any HTTP answer counts); the answer also goes
   * out as the `connectivity` event. The renderer re-checks this way while offline.
   */
  'connectivity.check': { input: NoInput, output: z.object({ online: z.boolean() }) },
  /**
   * Asks every http(s) link of the pitch and fields as the editor holds them (main/core/links:
   * HEAD then GET, up to 5 redirects, 10 s per link, 4 at a time and 2 per host, answers kept
   * a day). Only on the applicant's "Check links", or their save with checkLinksOnSave on.
   */
  'links.check': { input: DraftsSaveInput.pick({ pitch: true, customFields: true }).strict(), output: LinkCheck },
  /** The "Due soon" list and the reminders not shown yet. */
  'reminders.list': { input: NoInput, output: RemindersView },
  /** Marks reminders as shown (each is shown once per draft per reminder time, across restarts). */
  'reminders.acknowledge': { input: z.strictObject({ keys: z.array(ReminderKey).min(1).max(200) }), output: RemindersView },
  /** An iCalendar file of one grant's deadline, one draft's, or every open draft's, with alarms at the reminder times. */
  'calendar.export': { input: CalendarExportInput, output: CalendarExportOutput },
  /** The drafts folder's git repository: branch, ahead/behind, changes not sent, a merge waiting (see main/core/sync). */
  'sync.state': { input: NoInput, output: SyncState },
  /**
   * One sync: commits the drafts folder's changes (drafts, review records, the team's files:
   * nothing else), pulls with a merge, pushes (a refused push pulls and tries once more).
   * `outcome: 'conflict'` when a pitch changed on both sides in one place: finish it with
   * `sync.resolve` (or undo the pull with `sync.abort`).
   */
  'sync.run': { input: NoInput, output: SyncResult },
  /** "Track this folder with git": `git init` in the drafts folder, a `.gitattributes` for drafts and records, and the remote when given. */
  'sync.track': { input: SyncTrackInput, output: SyncState },
  /** Sets the address of the team repository (the remote `origin`, or the one in use). */
  'sync.setRemote': { input: SyncSetRemoteInput, output: SyncState },
  /** The drafts waiting in a merge of Grant Desk's, with base, ours and theirs (also after a restart). */
  'sync.conflicts': { input: NoInput, output: z.object({ conflicts: z.array(SyncConflict) }) },
  /** Saves the chosen pitch and fields of a conflicted draft; when it was the last one, completes the merge and pushes. */
  'sync.resolve': { input: SyncResolveInput, output: SyncResult },
  /** Undoes Grant Desk's merge in progress (back to before the pull); edits made since are kept as changes not sent. */
  'sync.abort': { input: NoInput, output: SyncState },
  /** Threads marked new until seen, and what the last sync brought. */
  'sync.news': { input: NoInput, output: SyncNews },
  'sync.markSeen': { input: SyncMarkSeenInput, output: SyncNews },
} satisfies Record<string, ChannelSchemas>

export const ipcEvents = {
  /** The service became reachable or unreachable. */
  connectivity: z.object({ online: z.boolean() }),
  /**
   * Drafts whose view is no longer current (ids of the files): changed on disk by another
   * program, a teammate or another window or tab of this app, or whose review depends on a
   * policy or allowed-signers file that changed. `versions`: the version on disk now, where
   * known (a change made through the app), so a view that has it already need not read again.
   */
  'drafts.changed': z.object({ ids: z.array(DraftId), versions: z.record(DraftId, z.string()).optional() }),
  /** The credentials stopped working; log in again and repeat the action. */
  'session.expired': z.object({ email: z.string().nullable(), message: z.string() }),
  /**
   * The service asked Grant Desk to wait (Retry-After) before trying again: `seconds` of
   * waiting start now, for a countdown; `seconds: 0` when the wait is over.
   */
  'service.waiting': z.object({
    seconds: z.number().int().min(0),
    operation: z.enum(['login', 'list', 'grant', 'apply', 'feedback']),
  }),
  /** The saved searches or their New grants changed (a check found some, a grant was opened). */
  'savedSearches.changed': SavedSearchesView,
  /**
   * A background check found grants new to a saved search: one event per search, not per grant,
   * for a notification. `count` is what this check found; `titles` names up to three of them.
   */
  'savedSearches.found': z.object({
    searchId: SavedSearchId,
    name: z.string(),
    count: z.number().int().positive(),
    titles: z.array(z.string()).max(3),
  }),
  /** Reminders fell due (or a deadline moved): the page refreshes its "Due soon" list and, in the browser, shows them. */
  'reminders.due': z.object({ reminders: z.array(Reminder), delivery: z.enum(['system', 'page']) }),
  /** The applicant clicked a desktop notification of this draft: open it. */
  'reminders.open': z.object({ draftId: DraftId }),
  /** The team sync's state changed (a sync ran or failed, a draft was saved, the folder moved). */
  'sync.changed': SyncState,
  /** A sync brought teammates' changes: a quiet summary, and the threads to mark new. */
  'sync.arrived': SyncArrival,
} satisfies Record<string, z.ZodType>

export type IpcChannel = keyof typeof ipcContract
export type IpcEvent = keyof typeof ipcEvents
export type ChannelInput<C extends IpcChannel> = z.input<(typeof ipcContract)[C]['input']>
export type ChannelOutput<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['output']>
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof ipcEvents)[E]>

// Every channel and event here has its name in names.ts and every name has its schemas
// here: names.ts checks both directions at compile time.

type Namespace<C> = C extends `${infer N}.${string}` ? N : never
type Method<C, N extends string> = C extends `${N}.${infer M}` ? M : never

type ChannelMethod<C extends IpcChannel> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

/** `window.grantDesk`: one method per channel, grouped by the part before the dot. */
export type GrantDeskApi = {
  readonly [N in Namespace<IpcChannel>]: {
    readonly [C in IpcChannel as Method<C, N>]: ChannelMethod<C>
  }
} & {
  /** Listens to an event from main; returns the function that stops listening. */
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void
}
