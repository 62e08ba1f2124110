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
import { GrantStatus, GrantStatusFilter, GrantType, Id } from './grant-list'
import { IsoTimestamp } from './iso-timestamp'
import { formatIssuePath } from './issue-path'

/**
 * The grant list's schemas (ids, status, type, a grant's summary, the list) live in a module of
 * their own, re-exported here: the browser host's main thread checks the saved list with them
 * while it serves the page, without evaluating the rest of the contract (grant-list.ts).
 */
export { GrantList, GrantSort, GrantStatus, GrantStatusFilter, GrantSummary, GrantType, GrantTypeFilter, Id } from './grant-list'

/** Timestamps with a zone, normalised to UTC (src/shared/api/iso-timestamp.ts). */
export { IsoTimestamp, normaliseIsoTimestamp, parseIsoTimestamp } from './iso-timestamp'

/** Query of list_grants. `status` defaults to `open` as the spec says. */
export const ListGrantsQuery = z.object({
  status: GrantStatusFilter.default('open'),
  type: GrantType.optional(),
})
export type ListGrantsQuery = z.input<typeof ListGrantsQuery>

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
    // Worded when an issue is too long, not when the contract loads: a number's first format starts ICU (tens of milliseconds).
    error: () => `must be at most ${FEEDBACK_ISSUE_MAX.toLocaleString('en-US')} characters`,
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

/** Per-field messages of a zod error, keyed by `formatIssuePath`; the root is `(body)`. */
export function issueMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = formatIssuePath(issue.path) || '(body)'
    fields[key] ??= issue.message
  }
  return fields
}
