/** The contract's errors: what every channel answers when it fails (see docs/core.md). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { Id } from '../api'
import { SyncProblem } from './sync'

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
  /** One line for the applicant: "Not ready: 3 must fix, 1 to improve." */
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
