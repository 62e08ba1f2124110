/** The contract's settings: values, their view, themes and reminder times. Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { FEEDBACK_NAMESPACE_PATTERN } from '../api'
import { nameProblem } from '../review'
import { AbsolutePath, HttpUrl } from './common'
import { MAX_REMINDER_OFFSET_MINUTES, MAX_REMINDER_OFFSETS, THEMES } from './plain'

// ---------------------------------------------------------------------------------------------
// Settings

export { MAX_REMINDER_OFFSET_MINUTES, MAX_REMINDER_OFFSETS, REMEMBERED_THEME, THEMES } from './plain'
export type Theme = (typeof THEMES)[number]

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

/** Team sync through git (see main/core/sync): both off by default, a sync is made only when asked. */
export const TeamSyncSettings = z.strictObject(
  {
    /** Sync on this interval while the app runs; null: only when asked. */
    everyMinutes: z
      .number({ error: 'must be a number of minutes, or off' })
      .int({ error: 'must be a whole number of minutes' })
      .min(5, { error: 'must be at least 5 minutes (or off)' })
      .max(1440, { error: 'must be at most 1440 minutes (a day), or off' })
      .nullable(),
    /** Sync once when the app starts. */
    onStart: z.boolean({ error: 'must be true or false' }),
  },
  { error: 'must be {everyMinutes, onStart}' },
)
export type TeamSyncSettings = z.infer<typeof TeamSyncSettings>

export const SettingsValues = z.object({
  /** Base address of the grant service. `GRANT_SERVICE_URL` overrides it for a run. */
  serviceUrl: HttpUrl,
  /** Feedback goes to `<namespace>/grant-apply`. */
  feedbackNamespace: z.string({ error: 'must be text' }).max(100, { error: 'must be at most 100 characters' }).regex(FEEDBACK_NAMESPACE_PATTERN, {
    error: 'must be lowercase letters, digits and single dashes, like "grant-desk"',
  }),
  /** How this person signs reviews of a teammate's draft. */
  reviewerName: z
    .string({ error: 'must be text' })
    .trim()
    .max(80, { error: 'must be at most 80 characters' })
    // A name that hides characters or mixes look-alike scripts could pass for a teammate's (see review/identity.ts).
    .refine((name) => name === '' || nameProblem(name) === null, { error: (issue) => nameProblem(String(issue.input).trim()) ?? 'cannot be used' }),
  /**
   * The SSH key that signs this person's verdicts (`ssh-keygen -Y sign`): the path of a private
   * key file, or of the `.pub` of a key held by ssh-agent. Only the path is kept; null: unsigned.
   */
  signingKey: z
    .string({ error: 'must be text' })
    .trim()
    .max(4096, { error: 'is too long' })
    .refine((value) => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(value), { error: 'must be the full path of an SSH key file, like /home/you/.ssh/id_ed25519' })
    .nullable(),
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
  /** Automatic team sync of a drafts folder kept in git: on an interval, on start (both off by default). */
  teamSync: TeamSyncSettings,
  /**
   * Check the pitch's links (as "Check links" does) on each explicit save (Ctrl+S) while online.
   * Off by default: no link is asked unless the applicant asks.
   */
  checkLinksOnSave: z.boolean({ error: 'must be true or false' }),
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
