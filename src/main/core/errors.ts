/**
 * Failures inside the core. Every service throws `AppFailure`; the handlers turn it (or any
 * other throw) into the contract's `AppError` so the renderer gets a code and a sentence.
 */
import type { AppError, ErrorCode } from '../../shared/ipc'
import { day } from '../../shared/text'

export class AppFailure extends Error {
  override name = 'AppFailure'
  readonly code: ErrorCode
  readonly extra: Omit<AppError, 'code' | 'message'>
  /**
   * A finer reason inside the core (e.g. `grant_closed` within `deadline_passed`), so callers
   * branch on data rather than on the wording of a message. Not sent to the renderer.
   */
  readonly reason: string | undefined

  constructor(code: ErrorCode, message: string, extra: Omit<AppError, 'code' | 'message'> = {}, options?: { cause?: unknown; reason?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.extra = extra
    this.reason = options?.reason
  }

  toAppError(): AppError {
    return { code: this.code, message: this.message, ...this.extra }
  }
}

export function isFailure(error: unknown, ...codes: ErrorCode[]): error is AppFailure {
  return error instanceof AppFailure && (codes.length === 0 || codes.includes(error.code))
}

/**
 * The contract's error for anything thrown. An unexpected throw is a bug of ours: the
 * applicant gets a sentence that says what to do, and the details go to the log.
 */
export function toAppError(error: unknown, log: Logger): AppError {
  if (error instanceof AppFailure) return error.toAppError()
  log.error('unexpected failure', error)
  return {
    code: 'storage_error',
    message:
      'Grant Desk hit an unexpected problem and did not finish this action. Nothing you typed was lost; try again, and if it keeps happening, restart the app.',
  }
}

/** "12 Nov 2026" (in en-GB), the way the applicant reads a date: in their locale, and in UTC, the service's zone, so it is the day the service means. */
export function formatDay(iso: string): string {
  return day(iso, { timeZone: 'UTC' })
}

/** Where details of failures go: the console in the apps, a list in tests. */
export interface Logger {
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

export const consoleLogger: Logger = {
  warn: (message, detail) => console.warn(`[grant-desk] ${message}`, ...(detail === undefined ? [] : [detail])),
  error: (message, detail) => console.error(`[grant-desk] ${message}`, ...(detail === undefined ? [] : [detail])),
}

export const silentLogger: Logger = { warn: () => {}, error: () => {} }

/** The `code` of a Node error (`ENOENT`, `ELOCKED`…), or undefined. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}
