/** Small pieces of HTTP the client needs: retry rules, Retry-After, wording of waits and sizes, cause chains. */
import { Id } from '../../../shared/api'
import type { Call } from './types'
import { fileSize, plural } from '../../../shared/text'

export const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
/** Retry-After is honoured for 5xx too: a service in maintenance says when it is back. */
export const RETRY_AFTER_STATUSES = [429, 500, 502, 503, 504]
/** ky refuses larger timers. */
export const MAX_TIMER_MS = 2_147_483_647
/** A retry is started only when at least this much of the action's budget is left after its wait. */
export const MIN_ATTEMPT_MS = 500
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
/** Errors that prove the request never left this machine, so re-sending it is pointless. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

export const formatBytes = fileSize

/** "a second", "40 seconds", "3 minutes", "2 hours": a wait the service asked for, rounded up (never promising less). */
export function formatWait(seconds: number): string {
  if (seconds <= 1) return 'a second'
  if (seconds < 90) return plural(seconds, 'second')
  const minutes = Math.ceil(seconds / 60)
  return minutes < 90 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour')
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function describe(call: Call): string {
  let path = call.url
  try {
    const url = new URL(call.url)
    path = url.pathname + url.search
  } catch {
    // Logged as given.
  }
  return `${call.method} ${call.host}${path}`
}

/**
 * How long a response asks to wait, in ms, read the way ky reads it (so that our "too long to
 * wait" decision matches ky's): seconds, an HTTP date, or a large number taken as a timestamp.
 */
export function retryAfterMs(headers: Headers): number | null {
  const raw =
    headers.get('Retry-After') ??
    headers.get('RateLimit-Reset') ??
    headers.get('X-RateLimit-Retry-After') ??
    headers.get('X-RateLimit-Reset') ??
    headers.get('X-Rate-Limit-Reset')
  if (raw === null || raw.trim() === '') return null
  let after = Number(raw) * 1000
  if (Number.isNaN(after)) {
    const at = Date.parse(raw)
    if (Number.isNaN(at)) return null
    after = at - Date.now()
  } else if (after >= Date.parse('2024-01-01')) {
    after -= Date.now()
  }
  return Math.max(0, after)
}

export function classifyApply400(code: string | null, fields: Record<string, string> | null): 'invalid' | 'closed' | 'deadline' {
  if (fields !== null && Object.keys(fields).length > 0) return 'invalid'
  const c = (code ?? '').toLowerCase()
  if (c === 'grant_closed' || /closed/.test(c)) return 'closed'
  if (/deadline/.test(c)) return 'deadline'
  if (/invalid|validation|malformed|missing|required|bad_request|too_long|too_large/.test(c)) return 'invalid'
  // The spec's one documented 400 on apply.
  return 'deadline'
}

/** The existing application's id: from the body's fields, else the first UUID in its text. */
export function applicationIdOf(fromBody: string | null, text: string): string | null {
  if (fromBody !== null && Id.safeParse(fromBody).success) return fromBody
  const found = UUID_IN_TEXT.exec(text)
  return found ? found[0] : null
}

export function causeChain(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code
      parts.push(`${current.name}: ${current.message}${typeof code === 'string' ? ` (${code})` : ''}`)
      current = current.cause
    } else {
      // A cause that is not an Error (a string, a code) is written as JavaScript writes it.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      parts.push(String(current))
      break
    }
  }
  return parts.join(' ← ')
}

export function neverSent(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true
    // Node wraps a happy-eyeballs failure in an AggregateError of the per-address errors.
    if (current instanceof AggregateError && current.errors.length > 0 && current.errors.every((inner) => neverSent(inner))) return true
    current = current.cause
  }
  return false
}
