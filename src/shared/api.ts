/**
 * The grant service's resources (spec: shared/grant-service-api.md §2) as zod schemas.
 *
 * One definition serves both sides: the sandbox validates requests with these schemas and
 * the app validates the service's responses with them. Two rules shape every schema:
 * - Tolerant where the spec says "not shown": unknown extra fields are ignored (zod strips
 *   them), `track` is any string, a schema field `type` is any string, and the detail may or
 *   may not carry `sponsor` / `status` / `track`.
 * - Strict where the app depends on it: ids are UUID-shaped, deadlines are ISO 8601
 *   timestamps, a grant's status is `open` or `closed`.
 */
import { z } from 'zod'

/**
 * A UUID-shaped id (8-4-4-4-12 hex). `z.guid()` rather than `z.uuid()` because the spec only
 * says "UUID": a service may hand out ids without RFC 9562 version bits, and refusing those
 * would make the whole list unreadable for no gain.
 */
export const Id = z.guid({ error: 'must be a UUID' })

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/

/**
 * Milliseconds since the epoch of an ISO 8601 / RFC 3339 timestamp with a date, a time and a
 * zone; null for anything else, including impossible dates (30 February) and times without a
 * zone (which instant they mean is unknowable). Seconds and fractions are optional, and the
 * offset may be written `+02:00`, `+0200` or `+02`, because all of these are ISO 8601.
 */
export function parseIsoTimestamp(text: string): number | null {
  const m = ISO_TIMESTAMP.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number]
  const second = Number(m[6] ?? 0)
  const millis = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000)
  const offsetHours = Number(m[10] ?? 0)
  const offsetMinutes = Number(m[11] ?? 0)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis)
  const sign = m[9] === '-' ? -1 : 1
  return utc - sign * (offsetHours * 60 + offsetMinutes) * 60_000
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The value of the digit at `at` (the caller has checked that it is one). */
function digit(text: string, at: number): number {
  return text.charCodeAt(at) - 48
}

/** Positions of the digits in `2026-11-21T12:00:00.000Z`. */
const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]

/**
 * True when `text` is already `toISOString()` form (`2026-11-21T12:00:00.000Z`, what most
 * services send) and names a real instant, so that it is its own normal form. Checked
 * character by character, without a regex or a Date.
 */
function isCanonicalTimestamp(text: string): boolean {
  if (text.length !== 24) return false
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':' || text[19] !== '.' || text[23] !== 'Z') return false
  for (const at of DIGIT_POSITIONS) {
    const code = text.charCodeAt(at)
    if (code < 48 || code > 57) return false
  }
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3)
  const month = digit(text, 5) * 10 + digit(text, 6)
  const day = digit(text, 8) * 10 + digit(text, 9)
  const hour = digit(text, 11) * 10 + digit(text, 12)
  const minute = digit(text, 14) * 10 + digit(text, 15)
  const second = digit(text, 17) * 10 + digit(text, 18)
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)
}

/** The timestamp in `toISOString()` form, or null when it is not an ISO timestamp with a zone. */
export function normaliseIsoTimestamp(text: string): string | null {
  if (isCanonicalTimestamp(text)) return text
  const ms = parseIsoTimestamp(text)
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * An ISO 8601 timestamp (see `parseIsoTimestamp`), normalised to UTC `toISOString()` form so
 * that everything downstream compares, sorts and displays one format. One check that both
 * validates and normalises (rather than a transform), with a fast path for values already in
 * that form: a 10,000-grant list is checked in a few milliseconds (bench/contract.bench.ts).
 */
export const IsoTimestamp = z.string({ error: 'invalid ISO date' }).check((payload) => {
  const normal = normaliseIsoTimestamp(payload.value)
  if (normal === null) payload.issues.push({ code: 'custom', message: 'invalid ISO date', input: payload.value })
  else payload.value = normal
})

export const GrantStatus = z.enum(['open', 'closed'], { error: 'must be "open" or "closed"' })
export type GrantStatus = z.infer<typeof GrantStatus>

/** The `type` keyword filter of list_grants. */
export const GrantType = z.enum(['grant', 'bounty'], { error: 'must be "grant" or "bounty"' })
export type GrantType = z.infer<typeof GrantType>

/** Element of the list_grants result. */
export const GrantSummary = z.object({
  id: Id,
  title: z.string(),
  sponsor: z.string(),
  reward: z.string(),
  deadline: IsoTimestamp,
  status: GrantStatus,
  /** Allowed values not shown by the spec: any label. */
  track: z.string(),
})
export type GrantSummary = z.infer<typeof GrantSummary>

/** Query of list_grants. `status` defaults to `open` as the spec says. */
export const ListGrantsQuery = z.object({
  status: z
    .enum(['open', 'closed', 'all'], { error: 'must be "open", "closed" or "all"' })
    .default('open'),
  type: GrantType.optional(),
})
export type ListGrantsQuery = z.input<typeof ListGrantsQuery>

export const GrantList = z.object({
  items: z.array(GrantSummary),
  count: z.number().int().nonnegative(),
})
export type GrantList = z.infer<typeof GrantList>

/** Element of `application_schema`. */
export const SchemaField = z.object({
  name: z.string().min(1, { error: 'must not be empty' }),
  label: z.string(),
  /**
   * Values seen: `url`, `textarea`; the full list is not shown, so any string is kept as-is
   * and the app degrades unknown types to a labelled text input.
   */
  type: z.string().min(1, { error: 'must not be empty' }),
  required: z.boolean({ error: 'must be true or false' }),
  /**
   * Choices of a `select` field. Not in the spec: the sandbox sends it for its `select`
   * fields; a client that ignores it still gets a usable text input.
   */
  options: z.array(z.string()).optional(),
  /**
   * The most characters a value may have. Not in the spec: a service that states a limit can
   * send it, and the app then counts against it and flags a value over it.
   */
  max_length: z.number().int().positive().optional(),
})
export type SchemaField = z.infer<typeof SchemaField>

/** `null` means a free-form application: only `pitch` is sent. */
export const ApplicationSchema = z.array(SchemaField).nullable()
export type ApplicationSchema = z.infer<typeof ApplicationSchema>

/** Result of get_grant. */
export const GrantDetail = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  reward: z.string(),
  deadline: IsoTimestamp,
  application_schema: ApplicationSchema,
  template_md: z.string(),
  /** "POST /api/build/{id}/apply" */
  _apply_endpoint: z.string(),
  // Not shown whether the detail carries these; never rely on them being present.
  sponsor: z.string().optional(),
  status: GrantStatus.optional(),
  track: z.string().optional(),
})
export type GrantDetail = z.infer<typeof GrantDetail>

const nonBlank = (what: string) =>
  z.string({ error: `${what} must be text` }).refine((s) => s.trim().length > 0, {
    error: `${what} must not be empty`,
  })

/** Body of apply_grant. */
export const ApplicationRequest = z.object({
  pitch: nonBlank('pitch'),
  custom_fields: z
    .record(z.string(), z.string({ error: 'must be text' }), {
      error: 'must be an object of text values',
    })
    .optional(),
})
export type ApplicationRequest = z.infer<typeof ApplicationRequest>

/** Response of apply_grant (201). */
export const ApplicationResult = z.object({
  application_id: Id,
  grant_id: Id,
  grant_title: z.string(),
  /** `pending` on creation; other states are not shown, so any string. */
  status: z.string(),
  message: z.string(),
})
export type ApplicationResult = z.infer<typeof ApplicationResult>

export const LoginRequest = z.object({
  email: z.email({ error: 'must be an email address' }),
  password: z.string({ error: 'must be text' }).min(1, { error: 'must not be empty' }),
})
export type LoginRequest = z.infer<typeof LoginRequest>

/** Response of login. */
export const Credentials = z.object({
  access_token: z.string().min(1),
  api_key: z.string().min(1),
})
export type Credentials = z.infer<typeof Credentials>

/** Namespace of the guide: lowercase letters, digits and single dashes. */
export const FEEDBACK_NAMESPACE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const FEEDBACK_SKILL_PATTERN = new RegExp(`${FEEDBACK_NAMESPACE_PATTERN.source.slice(0, -1)}\\/grant-apply$`)
export const FEEDBACK_ISSUE_MAX = 10_000

/** Characters as a person counts them: code points, not UTF-16 units (an emoji is one). */
export function characterCount(text: string): number {
  return [...text].length
}

export const FeedbackRequest = z.object({
  skill: z.string({ error: 'must be text' }).regex(FEEDBACK_SKILL_PATTERN, {
    error: 'must look like "<namespace>/grant-apply" (lowercase letters, digits and dashes)',
  }),
  issue: nonBlank('issue').refine((s) => characterCount(s) <= FEEDBACK_ISSUE_MAX, {
    error: `must be at most ${FEEDBACK_ISSUE_MAX.toLocaleString('en-US')} characters`,
  }),
})
export type FeedbackRequest = z.infer<typeof FeedbackRequest>

/**
 * Response of feedback. Not shown by the spec, so every field is optional: a service that
 * answers with anything else (or nothing) still counts as having received the report.
 * The sandbox answers `{id, message}`.
 */
export const FeedbackResult = z.object({
  id: z.string().optional(),
  message: z.string().optional(),
})
export type FeedbackResult = z.infer<typeof FeedbackResult>

/**
 * The sandbox's error body: `{"error":{"code","message","fields"?}}`, plus `application_id`
 * at the top level on 409. The spec does not show an error shape, so the app must also cope
 * with bodies that do not match this (see the service client).
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Per-field messages of a validation error, keyed by a dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
  application_id: Id.optional(),
})
export type ErrorBody = z.infer<typeof ErrorBody>

/** A zod issue path as people write it: `grants[3].deadline`. */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out
}

/** Per-field messages of a zod error, keyed by `formatIssuePath`; the root is `(body)`. */
export function issueMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = formatIssuePath(issue.path) || '(body)'
    fields[key] ??= issue.message
  }
  return fields
}
