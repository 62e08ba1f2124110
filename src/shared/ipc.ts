/**
 * The IPC contract: every channel between the renderer and the main process (or the browser
 * host), as zod schemas for its input and its output, and every event main sends back.
 *
 * - The main side validates each input before a handler sees it (a malformed payload gets
 *   `invalid_input`) and each output before it leaves (a bug there never reaches the page).
 * - The preloads and the renderer are typed from this object; `window.grantDesk` is built
 *   from its channel names (see `ipc-names.ts`), not written by hand.
 * - Every answer is an `IpcResult`: `{ok: true, value}` or `{ok: false, error}`, because a
 *   thrown Error loses its fields when Electron carries it across the boundary.
 */
import { z } from 'zod'
import {
  ApplicationRequest,
  ApplicationSchema,
  GrantDetail,
  GrantSummary,
  GrantType,
  Id,
  IsoTimestamp,
  LoginRequest,
  FEEDBACK_NAMESPACE_PATTERN,
  FeedbackRequest,
} from './api'
import { isHttpUrl } from './fields'
import { ProjectKind } from './draft-file'
import { Anchor, MAX_COMMENT_CHARS, MAX_NOTE_CHARS, MAX_QUOTE_CHARS, RecordId } from './review/records'
import { ReviewBrief, ReviewData, ThreadView } from './review/view'
import { IPC_CHANNELS, IPC_EVENTS } from './ipc-names'
import { AbsolutePath, HttpUrl, NoInput } from './ipc/common'
import { MAX_REMINDER_OFFSETS, MAX_REMINDER_OFFSET_MINUTES, ReminderOffsets, ReminderSettings, SettingsValues, SettingsView, THEMES, Theme } from './ipc/settings'
import { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME_CHARS, MAX_SAVED_SEARCH_QUERY_CHARS, SavedSearch, SavedSearchFilters, SavedSearchId, SavedSearchName, SavedSearchesView } from './ipc/saved-searches'
import { Draft, DraftGrant, DraftId, DraftNotSent, DraftSummary, DraftVersion, DraftsCreateInput, DraftsDeleteOutput, DraftsSaveInput, PITCH_MAX_CHARS } from './ipc/drafts'
import { HistoryGetOutput, HistoryListOutput, HistoryRestoreInput, HistorySource, HistoryVersion, HistoryVersionId } from './ipc/history'
import { CalendarExportInput, CalendarExportOutput, DueSoonItem, Reminder, ReminderKey, RemindersView } from './ipc/reminders'
import { SyncArrival, SyncConflict, SyncMarkSeenInput, SyncNews, SyncProblem, SyncResolveInput, SyncResult, SyncSetRemoteInput, SyncState, SyncTrackInput } from './ipc/sync'
export * from './ipc/settings'
export * from './ipc/saved-searches'
export * from './ipc/drafts'
export * from './ipc/history'
export * from './ipc/reminders'
export * from './ipc/sync'

// ---------------------------------------------------------------------------------------------
// Errors

export const ERROR_CODES = [
  'offline',
  'timeout',
  'unauthorized',
  'session_expired',
  'not_found',
  'deadline_passed',
  'duplicate',
  'invalid_input',
  'rate_limited',
  'server_error',
  'bad_response',
  'conflict',
  'storage_error',
  'sync_failed',
] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

/** A finding of the checklist (src/shared/checklist), positioned in the pitch (line 1 = its first line). */
export const ChecklistFinding = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  hint: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  endLine: z.number().int().positive(),
  endColumn: z.number().int().positive(),
})
export type ChecklistFinding = z.infer<typeof ChecklistFinding>

export const ChecklistReport = z.object({
  errors: z.number().int().nonnegative(),
  warnings: z.number().int().nonnegative(),
  infos: z.number().int().nonnegative(),
  /** One line for the applicant: "3 problems must be fixed before this is ready." */
  verdict: z.string(),
  findings: z.array(ChecklistFinding),
})
export type ChecklistReport = z.infer<typeof ChecklistReport>

/** A failure as the renderer sees it: a code to branch on and a message for the applicant. */
export const AppError = z.object({
  code: ErrorCode,
  message: z.string(),
  /** `duplicate`: the application that already exists. */
  applicationId: Id.optional(),
  /** `invalid_input`: a message per field, keyed by a dotted path (`custom_fields.website`). */
  fields: z.record(z.string(), z.string()).optional(),
  /** `rate_limited`: how long the service asked us to wait. */
  retryAfterSeconds: z.number().nonnegative().optional(),
  /** `conflict`: the version now on disk. */
  currentVersion: z.string().optional(),
  /** `invalid_input` from `applications.submit`: the checklist's errors that stopped it. */
  checklist: ChecklistReport.optional(),
  /** `sync_failed`: why the team sync could not be done (see ipc/sync.ts), to offer the way out. */
  syncProblem: SyncProblem.optional(),
})
export type AppError = z.infer<typeof AppError>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const IpcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppError }),
])

// ---------------------------------------------------------------------------------------------
// Session

/**
 * Where credentials are kept: encrypted on disk by the OS keychain (Electron's safeStorage),
 * only in memory for this session, or in a plain 0600 file (the development browser host).
 */
export const CredentialStorage = z.enum(['encrypted', 'memory', 'plain-file'])
export type CredentialStorage = z.infer<typeof CredentialStorage>

export const SessionStatus = z.object({
  loggedIn: z.boolean(),
  /** The logged-in email, or after an expiry the last one (to prefill the login form). */
  email: z.string().nullable(),
  storage: CredentialStorage,
  /** One sentence for the applicant about `storage`. */
  storageNote: z.string(),
  /**
   * The service origin (scheme, host, port) this status is about: credentials belong to the
   * origin that issued them and are sent nowhere else. Null when the address is not a web address.
   */
  service: z.string().nullable(),
  /** The address is plain `http:` to another computer: a login would cross the network unencrypted. */
  plainHttp: z.boolean(),
  /** Logins kept for other service addresses: used again when the address is switched back; erasable in Settings. */
  otherServices: z.array(z.object({ service: z.string(), email: z.string() })),
  /** Something about stored logins the applicant should know (a damaged file set aside). */
  notice: z.string().nullable(),
})
export type SessionStatus = z.infer<typeof SessionStatus>

// ---------------------------------------------------------------------------------------------
// Grants

const CacheInfo = {
  /** When this data came from the service. */
  fetchedAt: IsoTimestamp,
  /** True when the service could not be reached and this is the last saved copy. */
  fromCache: z.boolean(),
  /** Why the cached copy is shown (the failure of the live request), else null. */
  cacheReason: AppError.nullable(),
}

export const GrantsListInput = z
  .strictObject({
    status: z.enum(['open', 'closed', 'all'], { error: 'must be "open", "closed" or "all"' }).optional(),
    type: GrantType.optional(),
  })
  .optional()
export type GrantsListInput = z.input<typeof GrantsListInput>

export const GrantsListOutput = z.object({
  items: z.array(GrantSummary),
  count: z.number().int().nonnegative(),
  ...CacheInfo,
})
export type GrantsListOutput = z.infer<typeof GrantsListOutput>

export const GrantsGetOutput = z.object({ grant: GrantDetail, ...CacheInfo })
export type GrantsGetOutput = z.infer<typeof GrantsGetOutput>

// ---------------------------------------------------------------------------------------------
// Reviews (records beside the draft; see shared/review/records.ts)

const CommentBody = z
  .string({ error: 'must be text' })
  .max(MAX_COMMENT_CHARS, { error: `must be at most ${MAX_COMMENT_CHARS.toLocaleString('en-US')} characters` })
const ReviewTarget = { draftId: DraftId }

export const ReviewsAddThreadInput = z
  .strictObject({
    ...ReviewTarget,
    anchor: Anchor,
    body: CommentBody,
    /** Replacement text for the quote (a pitch or field passage only). */
    suggestion: z.string({ error: 'must be text' }).max(MAX_QUOTE_CHARS * 2, { error: 'is too long' }).optional(),
  })
  .refine((input) => input.body.trim() !== '' || input.suggestion !== undefined, {
    error: 'Write a comment (or a suggested replacement) first.',
    path: ['body'],
  })
  .refine((input) => input.suggestion === undefined || input.anchor.target === 'pitch' || (input.anchor.target === 'field' && input.anchor.quote !== null), {
    error: 'A suggestion replaces selected text: select the text first.',
    path: ['suggestion'],
  })

const NonEmptyBody = CommentBody.refine((body) => body.trim() !== '', { error: 'Write something first.' })

// ---------------------------------------------------------------------------------------------
// Applications

export const ApplicationRecord = z.object({
  applicationId: Id,
  grantId: Id,
  grantTitle: z.string(),
  /** `pending` on creation; other states are not shown by the service. */
  status: z.string(),
  /** The service's confirmation, or ours for an application that already existed. */
  message: z.string(),
  submittedAt: IsoTimestamp,
  draftId: DraftId.nullable(),
})
export type ApplicationRecord = z.infer<typeof ApplicationRecord>

export const ApplicationsSubmitOutput = z.object({
  application: ApplicationRecord,
  /** The service already had an application from this user for this grant (409). */
  alreadyApplied: z.boolean(),
  /**
   * That application was sent by another draft (or from elsewhere), not by this one: this
   * draft's content was NOT sent, and it stays a draft (marked `notSent`). `application` is
   * the earlier application.
   */
  notSent: z.boolean(),
  /** The draft, now marked submitted (or, when `notSent`, marked not sent). */
  draft: Draft,
})
export type ApplicationsSubmitOutput = z.infer<typeof ApplicationsSubmitOutput>

/**
 * What submitting a draft would send, decided by the core exactly as `applications.submit`
 * decides it (same endpoint choice, same body, same checks), so the confirmation can show it
 * before anything leaves the computer.
 */
export const ApplicationsPreviewOutput = z.object({
  method: z.literal('POST'),
  url: z.string(),
  body: ApplicationRequest,
  loggedIn: z.boolean(),
  grant: z.object({
    id: Id,
    title: z.string(),
    deadline: IsoTimestamp,
    /** The form's labels by field name, to name fields the way the applicant knows them. */
    fieldLabels: z.record(z.string(), z.string()).optional(),
  }),
  /** The checklist on the draft as it would be sent; its errors need "submit anyway". */
  checklist: ChecklistReport,
  /** The team's review of the draft as it would be sent: approval state and the threads still open. */
  review: ReviewBrief,
  openThreads: z.array(ThreadView),
})
export type ApplicationsPreviewOutput = z.infer<typeof ApplicationsPreviewOutput>

// ---------------------------------------------------------------------------------------------
// Export (the review copy for reviewers without the app; see main/core/export)

export const ExportReviewCopyOutput = z.object({
  /** One self-contained HTML file: no script, nothing loaded from anywhere. */
  html: z.string(),
  /** Suggested name: `<draft-id>-YYYY-MM-DD.html`. */
  fileName: z.string(),
  /** The `updatedAt` of the saved version exported (always the file on disk, never unsaved edits). */
  savedAt: IsoTimestamp,
  /** Its version: the renderer compares it with the editor's to say "Exported the saved version". */
  savedVersion: z.string(),
  /** What the copy holds and leaves out, in a sentence or two for the applicant. */
  note: z.string(),
  /** Whether `export.pdf` works in this host (the desktop app); the browser host prints instead. */
  pdfAvailable: z.boolean(),
})
export type ExportReviewCopyOutput = z.infer<typeof ExportReviewCopyOutput>

export const ExportPdfOutput = z.union([z.strictObject({ path: z.string() }), z.strictObject({ canceled: z.literal(true) })])
export type ExportPdfOutput = z.infer<typeof ExportPdfOutput>

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
  'drafts.get': { input: z.strictObject({ id: DraftId }), output: Draft },
  'drafts.save': { input: DraftsSaveInput, output: Draft },
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
  'reviews.setResolved': { input: z.strictObject({ ...ReviewTarget, threadId: RecordId, resolved: z.boolean({ error: 'must be true or false' }) }), output: ReviewData },
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
      note: z.string({ error: 'must be text' }).max(MAX_NOTE_CHARS, { error: `must be at most ${MAX_NOTE_CHARS.toLocaleString('en-US')} characters` }).default(''),
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
} satisfies Record<(typeof IPC_CHANNELS)[number], ChannelSchemas>

export const ipcEvents = {
  /** The service became reachable or unreachable. */
  connectivity: z.object({ online: z.boolean() }),
  /** Draft files changed on disk by something other than this app (ids of the files). */
  'drafts.changed': z.object({ ids: z.array(DraftId) }),
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
} satisfies Record<(typeof IPC_EVENTS)[number], z.ZodType>

export type IpcChannel = keyof typeof ipcContract
export type IpcEvent = keyof typeof ipcEvents
export type ChannelInput<C extends IpcChannel> = z.input<(typeof ipcContract)[C]['input']>
export type ChannelOutput<C extends IpcChannel> = z.output<(typeof ipcContract)[C]['output']>
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof ipcEvents)[E]>

// Both directions of the name check: every name has schemas (the `satisfies` above) and
// every schema has a name (these lines fail to compile otherwise).
type Extra<A, B> = Exclude<A, B> extends never ? true : never
const everyChannelNamed: Extra<IpcChannel, (typeof IPC_CHANNELS)[number]> = true
const everyEventNamed: Extra<IpcEvent, (typeof IPC_EVENTS)[number]> = true
void everyChannelNamed
void everyEventNamed

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
