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
})
export type AppError = z.infer<typeof AppError>

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppError }

export const IpcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppError }),
])

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Channels that take no input accept nothing or `{}`, and refuse anything else. */
const NoInput = z.strictObject({}).optional()

const HttpUrl = z
  .string({ error: 'must be text' })
  .trim()
  .refine(isHttpUrl, { error: 'must be a web address starting with http:// or https://' })

/** Absolute on POSIX (`/…`) or Windows (`C:\…`, `\\server\…`). */
const AbsolutePath = z
  .string({ error: 'must be text' })
  .refine((value) => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(value), {
    error: 'must be a full folder path, like /home/you/grant-drafts',
  })

// ---------------------------------------------------------------------------------------------
// Settings

/** The app's colour themes; 'system' follows the OS's light or dark setting. */
export const THEMES = ['system', 'light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
/** The longest a reminder may come before a deadline: 60 days, in minutes. */
export const MAX_REMINDER_OFFSET_MINUTES = 60 * 24 * 60
export const MAX_REMINDER_OFFSETS = 6

/** When to remind before a deadline, in minutes (3 days, 1 day, 3 hours by default); each once per draft. */
export const ReminderOffsets = z
  .array(
    z
      .number({ error: 'must be a number of minutes' })
      .int({ error: 'must be a whole number of minutes' })
      .min(1, { error: 'must be at least 1 minute before the deadline' })
      .max(MAX_REMINDER_OFFSET_MINUTES, { error: 'must be at most 60 days before the deadline' }),
    { error: 'must be a list of times before the deadline' },
  )
  .max(MAX_REMINDER_OFFSETS, { error: `must be at most ${MAX_REMINDER_OFFSETS} reminders` })
  .refine((offsets) => new Set(offsets).size === offsets.length, { error: 'must not name the same time twice' })

export const ReminderSettings = z.strictObject(
  {
    enabled: z.boolean({ error: 'must be true or false' }),
    offsetsMinutes: ReminderOffsets,
  },
  { error: 'must be {enabled, offsetsMinutes}' },
)
export type ReminderSettings = z.infer<typeof ReminderSettings>

export const SettingsValues = z.object({
  /** Base address of the grant service. `GRANT_SERVICE_URL` overrides it for a run. */
  serviceUrl: HttpUrl,
  /** Feedback goes to `<namespace>/grant-apply`. */
  feedbackNamespace: z
    .string({ error: 'must be text' })
    .max(100, { error: 'must be at most 100 characters' })
    .regex(FEEDBACK_NAMESPACE_PATTERN, {
      error: 'must be lowercase letters, digits and single dashes, like "grant-desk"',
    }),
  /** How this person signs reviews of a teammate's draft. */
  reviewerName: z.string({ error: 'must be text' }).trim().max(80, { error: 'must be at most 80 characters' }),
  /** Where drafts live; null means the default folder inside the app's data folder. */
  draftsFolder: AbsolutePath.nullable(),
  /** How often the saved searches are checked for new grants while the app runs; null: never (off). */
  savedSearchRefreshMinutes: z
    .number({ error: 'must be a number of minutes, or off' })
    .int({ error: 'must be a whole number of minutes' })
    .min(5, { error: 'must be at least 5 minutes (or off)' })
    .max(1440, { error: 'must be at most 1440 minutes (a day), or off' })
    .nullable(),
  /** Light or dark colours, or whatever the OS uses ('system'). */
  theme: z.enum(THEMES, { error: 'must be System, Light or Dark' }),
  /** Deadline reminders (see main/core/reminders): on or off, and how long before a deadline. */
  reminders: ReminderSettings,
})
export type SettingsValues = z.infer<typeof SettingsValues>

export const SettingsView = SettingsValues.extend({
  /** The address actually used: `serviceUrl`, unless the environment overrides it. */
  effectiveServiceUrl: z.string(),
  /** Name of the environment variable that overrides `serviceUrl`, or null. */
  serviceUrlOverriddenBy: z.string().nullable(),
  /** The folder actually used for drafts. */
  effectiveDraftsFolder: z.string(),
  defaultDraftsFolder: z.string(),
  /** Something the applicant should know about their settings (e.g. a damaged file was reset). */
  notice: z.string().nullable(),
  /** The saved address that means "the sandbox a start command started" (its default address). */
  defaultServiceUrl: z.string(),
  /**
   * The bundled sandbox a start command started for this run (null when none was): which
   * command, where, whether it is the service in use, and — only while it is — its demo logins.
   */
  sandbox: z
    .object({
      url: z.string(),
      startedBy: z.string(),
      inUse: z.boolean(),
      demoLogins: z.array(z.object({ email: z.string(), password: z.string() })),
    })
    .nullable(),
})
export type SettingsView = z.infer<typeof SettingsView>

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
// Saved searches and new grants (see main/core/saved-searches)

export const MAX_SAVED_SEARCHES = 50
export const MAX_SAVED_SEARCH_NAME_CHARS = 80
export const MAX_SAVED_SEARCH_QUERY_CHARS = 500

/** The grant browser's filters and search, as a saved search keeps them. */
export const SavedSearchFilters = z.strictObject({
  status: z.enum(['open', 'closed', 'all'], { error: 'must be "open", "closed" or "all"' }),
  type: z.enum(['all', 'grant', 'bounty'], { error: 'must be "all", "grant" or "bounty"' }),
  query: z.string({ error: 'must be text' }).max(MAX_SAVED_SEARCH_QUERY_CHARS, { error: `must be at most ${MAX_SAVED_SEARCH_QUERY_CHARS} characters` }),
  sort: z.enum(['deadline', 'reward', 'title'], { error: 'must be "deadline", "reward" or "title"' }),
})
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>

export const SavedSearchName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'Give the search a name.' })
  .max(MAX_SAVED_SEARCH_NAME_CHARS, { error: `must be at most ${MAX_SAVED_SEARCH_NAME_CHARS} characters` })
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'must not contain control characters' })

/** A saved search's id: made by the core, never a path. */
export const SavedSearchId = z.string({ error: 'must be text' }).regex(/^s-[a-z0-9]{8,32}$/, { error: 'must be a saved search id as returned by savedSearches.list' })

export const SavedSearch = z.object({
  id: SavedSearchId,
  name: z.string(),
  filters: SavedSearchFilters,
  createdAt: IsoTimestamp,
  /**
   * When the grants it matched were first taken as already known (its baseline): none of them
   * is ever New. Null until the service could be asked (saved offline with nothing cached).
   */
  baselineAt: IsoTimestamp.nullable(),
  /** The last time its list was checked with the service. */
  lastCheckedAt: IsoTimestamp.nullable(),
  /** Its grants that are New (found after the baseline, not opened since), as of the last check. */
  newGrantIds: z.array(Id),
})
export type SavedSearch = z.infer<typeof SavedSearch>

export const SavedSearchesView = z.object({
  searches: z.array(SavedSearch),
  /** Every grant marked New (in any saved search), until it is opened. */
  newGrantIds: z.array(Id),
  /** The last check of the saved searches with the service could not be made (offline): why. */
  checkProblem: z.string().nullable(),
  /** Something the applicant should know (a damaged file was set aside). */
  notice: z.string().nullable(),
})
export type SavedSearchesView = z.infer<typeof SavedSearchesView>

// ---------------------------------------------------------------------------------------------
// Drafts

/** A draft's id is its file name without `.md`: a slug, so it can never name a path. */
export const DraftId = z
  .string({ error: 'must be text' })
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/, {
    error: 'must be a draft id: lowercase letters, digits and dashes',
  })
export type DraftId = z.infer<typeof DraftId>

/** Opaque version of a draft file (a hash of its bytes); a save names the one it started from. */
export const DraftVersion = z.string({ error: 'must be text' }).regex(/^[a-f0-9]{64}$/, {
  error: 'must be a draft version as returned by drafts.get',
})

/** Pitches far past anything a service accepts are refused before they are written. */
export const PITCH_MAX_CHARS = 1_000_000

const Pitch = z
  .string({ error: 'must be text' })
  .max(PITCH_MAX_CHARS, { error: `must be at most ${PITCH_MAX_CHARS.toLocaleString('en-US')} characters` })

const CustomFields = z.record(z.string(), z.string({ error: 'must be text' }), {
  error: 'must be an object of text values',
})

export const DraftGrant = z.object({
  id: Id,
  title: z.string(),
  reward: z.string(),
  deadline: IsoTimestamp,
  applyEndpoint: z.string(),
  applicationSchema: ApplicationSchema,
  type: GrantType.nullable(),
})

/**
 * A draft whose last submit was refused because the service already had an application to
 * its grant, sent by another draft (`fromDraftId`, when this computer knows which) or from
 * elsewhere: this draft's content was not sent.
 */
export const DraftNotSent = z.object({
  applicationId: Id,
  fromDraftId: DraftId.nullable(),
  at: IsoTimestamp,
})
export type DraftNotSent = z.infer<typeof DraftNotSent>

export const Draft = z.object({
  id: DraftId,
  fileName: z.string(),
  /** Full path of the file, to show and to open in another editor. */
  path: z.string(),
  version: z.string(),
  grant: DraftGrant,
  pitch: z.string(),
  customFields: z.record(z.string(), z.string()),
  status: z.enum(['draft', 'submitted']),
  applicationId: Id.nullable(),
  /** Set while the last submit was refused as "already applied" for another draft's application. */
  notSent: DraftNotSent.nullable().optional(),
  projectKind: ProjectKind.nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
})
export type Draft = z.infer<typeof Draft>

export const DraftSummary = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ok'),
    id: DraftId,
    fileName: z.string(),
    version: z.string(),
    grantId: Id,
    grantTitle: z.string(),
    grantDeadline: IsoTimestamp,
    status: z.enum(['draft', 'submitted']),
    applicationId: Id.nullable(),
    notSent: DraftNotSent.nullable().optional(),
    updatedAt: IsoTimestamp,
    /** Open threads and the verdicts, against the draft as saved. */
    review: ReviewBrief,
  }),
  z.object({
    /** The file could not be read as a draft; it is listed, never overwritten. */
    state: z.literal('damaged'),
    id: DraftId,
    fileName: z.string(),
    version: z.string(),
    reason: z.string(),
  }),
])
export type DraftSummary = z.infer<typeof DraftSummary>

export const DraftsCreateInput = z.strictObject({
  grantId: Id,
  /** Start from this text instead of the grant's template (a copy of another draft). */
  pitch: Pitch.optional(),
  customFields: CustomFields.optional(),
  /** Carried over to a copy, so the checklist judges it by the same declared kind. */
  projectKind: ProjectKind.nullable().optional(),
})

export const DraftsSaveInput = z.strictObject({
  id: DraftId,
  pitch: Pitch,
  customFields: CustomFields,
  baseVersion: DraftVersion,
  /**
   * The applicant asked for this save (Ctrl+S): it always keeps its own version in the draft's
   * history. Without it the save is an autosave, and autosaves within a minute share one version.
   */
  explicit: z.boolean({ error: 'must be true or false' }).optional(),
})

export const DraftsDeleteOutput = z.object({
  id: DraftId,
  /** Deleted drafts are moved here, not erased, so a mistaken delete can be undone by hand. */
  movedTo: z.string(),
})

// ---------------------------------------------------------------------------------------------
// History (earlier versions of a draft, kept in the app's data folder; see main/core/history)

/** A version's id: a sequence number and a random part. Never a path. */
export const HistoryVersionId = z.string({ error: 'must be text' }).regex(/^[0-9]{6,12}-[a-f0-9]{8}$/, {
  error: 'must be a version id as returned by history.list',
})

/**
 * What made a version: an autosave (`save`), Ctrl+S (`explicit`), a restore of an older version,
 * a change that came in through the shared folder (`external`), the submission (`submitted`),
 * or the creation of the draft.
 */
export const HistorySource = z.enum(['save', 'explicit', 'restore', 'external', 'submitted', 'created'])
export type HistorySource = z.infer<typeof HistorySource>

export const HistoryVersion = z.object({
  id: HistoryVersionId,
  /** When it was saved (the last save of a minute of typing, for coalesced autosaves). */
  time: IsoTimestamp,
  /** The reviewer name from Settings of whoever saved it here; null when unset or unknown (external). */
  savedBy: z.string().nullable(),
  source: HistorySource,
  /** The version that was sent when the draft was submitted: never removed from the history. */
  sent: z.boolean(),
  /** Characters of the pitch. */
  size: z.number().int().nonnegative(),
  /** `size` minus the previous version's; null for the first version. */
  sizeChange: z.number().int().nullable(),
  /** What it changed from the previous version: "+3 lines in Budget, fields: Project name". */
  summary: z.string(),
})
export type HistoryVersion = z.infer<typeof HistoryVersion>

export const HistoryListOutput = z.object({
  /** False when earlier versions cannot be kept or read now (the draft itself still saves). */
  available: z.boolean(),
  /** Why not, or which saved versions could not be read, and what to do; null when all is well. */
  reason: z.string().nullable(),
  /** Newest first. */
  versions: z.array(HistoryVersion),
})
export type HistoryListOutput = z.infer<typeof HistoryListOutput>

export const HistoryGetOutput = z.object({
  version: HistoryVersion,
  pitch: z.string(),
  fields: z.record(z.string(), z.string()),
})
export type HistoryGetOutput = z.infer<typeof HistoryGetOutput>

export const HistoryRestoreInput = z.strictObject({
  draftId: DraftId,
  versionId: HistoryVersionId,
  /** The draft's version the applicant is looking at: if it changed since, `conflict`. */
  baseVersion: DraftVersion,
  /** A heading (`#`/`##`) of the pitch: only that section is restored, the rest and the fields stay as they are now. */
  section: z.string({ error: 'must be text' }).trim().min(1, { error: 'must name a section' }).max(500, { error: 'is too long' }).optional(),
})

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

// ---------------------------------------------------------------------------------------------
// Deadline reminders and calendar export (see main/core/reminders, main/core/calendar)

/**
 * What is acknowledged once shown: `due:<draft>:<offset minutes>:<deadline ms>` for a reminder,
 * `moved:<draft>:<deadline ms>` for a deadline the service moved.
 */
export const ReminderKey = z.string({ error: 'must be text' }).regex(/^(?:due:[a-z0-9-]{1,100}:\d{1,6}|moved:[a-z0-9-]{1,100}):-?\d{1,16}$/, {
  error: 'must be a reminder key as returned by reminders.list',
})

export const Reminder = z.object({
  key: ReminderKey,
  /** `due`: the deadline is `offsetMinutes` away (or less); `moved`: the service changed the deadline. */
  kind: z.enum(['due', 'moved']),
  draftId: DraftId,
  grantId: Id,
  grantTitle: z.string(),
  deadline: IsoTimestamp,
  /** The reminder time it stands for (the smallest one due, when several fell due at once); null for `moved`. */
  offsetMinutes: z.number().int().positive().nullable(),
  /** When it fell due. */
  dueAt: IsoTimestamp,
  /** It fell due while Grant Desk was closed, and is shown now, at the next start. */
  late: z.boolean(),
  /** `moved`: the deadline before. */
  previousDeadline: IsoTimestamp.nullable(),
  /** One sentence for the applicant: title of a notification. */
  title: z.string(),
  body: z.string(),
})
export type Reminder = z.infer<typeof Reminder>

export const DueSoonItem = z.object({
  draftId: DraftId,
  grantId: Id,
  grantTitle: z.string(),
  deadline: IsoTimestamp,
  /** The deadline before the service moved it, until the applicant has been told. */
  previousDeadline: IsoTimestamp.nullable(),
})
export type DueSoonItem = z.infer<typeof DueSoonItem>

export const RemindersView = z.object({
  /** The core's time now (a test may set the clock): the list's "closes in…" is counted from it. */
  now: IsoTimestamp,
  settings: ReminderSettings,
  /** Open drafts whose grant closes within the longest reminder time (3 days when reminders are off), soonest first. */
  dueSoon: z.array(DueSoonItem),
  /** Reminders due and not shown yet: the page shows them and acknowledges them (`reminders.acknowledge`). */
  unannounced: z.array(Reminder),
  /**
   * `system`: the host shows reminders itself (the desktop app's notifications), already done;
   * `page`: the page shows them (Web Notifications when allowed, and in the app).
   */
  delivery: z.enum(['system', 'page']),
  /** Something the applicant should know (the reminders' record was damaged and set aside). */
  notice: z.string().nullable(),
})
export type RemindersView = z.infer<typeof RemindersView>

export const CalendarExportInput = z.union(
  [z.strictObject({ grantId: Id }), z.strictObject({ draftId: DraftId }), z.strictObject({ openDrafts: z.literal(true) })],
  { error: 'must be {grantId}, {draftId} or {openDrafts: true}' },
)

export const CalendarExportOutput = z.object({
  /** An iCalendar file (RFC 5545). */
  ics: z.string(),
  fileName: z.string(),
  /** How many deadlines (events) it holds. */
  events: z.number().int().nonnegative(),
})
export type CalendarExportOutput = z.infer<typeof CalendarExportOutput>

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
