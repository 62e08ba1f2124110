/**
 * What a failed call means for the applicant: one `AppFailure` per HTTP status (decided by
 * status first, the body's code second), an unreadable or oversized answer, a used-up budget.
 * The technical details go to the log, never into the message.
 */
import type { ErrorCode } from '../../../shared/ipc'
import { AppFailure, type Logger } from '../errors'
import { applicationIdOf, classifyApply400, describe, formatBytes, formatWait, retryAfterMs } from './http'
import { asSentence, clip } from './text'
import type { Call, Extra } from './types'

/**
 * What a refused answer means. Its body is read by error-body.ts, loaded with the first refusal:
 * it parses HTML (parse5 and hast, a quarter of the core's code), which no answer of a working
 * service needs, so a start does not load it before the grant list (issue 34).
 */
export async function statusFailure(log: Logger, call: Call, status: number, headers: Headers, text: string, contentType: string | null): Promise<AppFailure> {
  const { readErrorBody } = await import('./error-body')
  const said = readErrorBody(text, contentType)
  const svc = said.message === null ? null : asSentence(said.message)
  const host = call.host
  log.warn(`${describe(call)}: HTTP ${status}`, { code: said.code, body: clip(text.trim(), 500) })
  const fail = (code: ErrorCode, message: string, extra: Extra = {}, reason?: string) =>
    new AppFailure(code, message, extra, reason === undefined ? {} : { reason })
  const fieldsExtra: Extra = said.fields && Object.keys(said.fields).length > 0 ? { fields: said.fields } : {}
  const afterMs = retryAfterMs(headers)
  const retryExtra: Extra = afterMs === null ? {} : { retryAfterSeconds: Math.max(0, Math.ceil(afterMs / 1000)) }

  if (status === 401 || status === 403) {
    if (call.op === 'login') {
      return fail('unauthorized', `${svc ?? 'The grant service did not accept this email and password.'} Check the email and password and try again.`)
    }
    if (call.op === 'apply') {
      return fail(
        'unauthorized',
        `The grant service at ${host} refused your sign-in token.${svc ? ` It said: ${svc}` : ''} Log in again and submit; your draft is kept.`,
      )
    }
    return fail(
      'unauthorized',
      `The grant service at ${host} refused the request (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Log in again and try once more.`,
    )
  }

  if (status === 404) {
    if (call.op === 'grant' || call.op === 'apply') {
      return fail(
        'not_found',
        `This grant is no longer on the service at ${host}; the sponsor may have withdrawn it. Refresh the grant list${call.op === 'apply' ? ' — your draft is kept' : ''}.`,
      )
    }
    return fail(
      'not_found',
      `The grant service at ${host} does not know ${new URL(call.url).pathname}. The service address in Settings may be wrong; check it and try again.`,
    )
  }

  if (status === 409 && call.op === 'apply') {
    const id = applicationIdOf(said.applicationId, text)
    return fail(
      'duplicate',
      id
        ? `You have already applied to this grant (application ${id}).`
        : 'The grant service says you have already applied to this grant, but its answer did not name the application. Nothing new was sent and your draft is kept; submit again in a moment to get the application’s id, or check with the sponsor.',
      id ? { applicationId: id } : {},
    )
  }

  if (status === 413) {
    return fail(
      'invalid_input',
      call.op === 'apply'
        ? `The application is too large for the grant service at ${host}. Shorten the pitch (or long fields) and submit again; your draft is kept.`
        : `The request is too large for the grant service at ${host}. Shorten it and try again.`,
      fieldsExtra,
    )
  }

  if (call.op === 'apply' && (status === 400 || status === 422)) {
    const kind = status === 422 ? 'invalid' : classifyApply400(said.code, said.fields)
    if (kind === 'invalid') {
      return fail(
        'invalid_input',
        `${svc ?? 'The grant service did not accept the application as filled in.'} Fix the marked fields and submit again.`,
        fieldsExtra,
      )
    }
    if (kind === 'closed') {
      return fail(
        'deadline_passed',
        'The sponsor has closed this grant early, so it no longer accepts applications. Your draft is kept; look for another grant to send it to.',
        {},
        'grant_closed',
      )
    }
    return fail(
      'deadline_passed',
      `${svc ?? 'The deadline for this grant has passed, so it no longer accepts applications.'} Your draft is kept; look for another grant to send it to.`,
    )
  }

  if (status === 400 || status === 422) {
    const what = call.op === 'login' ? 'Check the email and password and try again.' : 'Check what was sent and try again.'
    return fail('invalid_input', `${svc ?? `The grant service at ${host} did not accept the request.`} ${what}`, fieldsExtra)
  }

  if (status === 429) {
    const seconds = retryExtra.retryAfterSeconds
    const wait = seconds === undefined ? 'Wait a minute' : `Wait ${formatWait(seconds)}`
    return fail(
      'rate_limited',
      `The grant service at ${host} is receiving too many requests and asked Grant Desk to slow down.${svc ? ` It said: ${svc}` : ''} ${wait} and try again; your work is kept.`,
      retryExtra,
    )
  }

  if (status >= 500) {
    const seconds = retryExtra.retryAfterSeconds
    const when = seconds === undefined ? 'in a few minutes' : `in ${formatWait(seconds)}`
    return fail(
      'server_error',
      `The grant service at ${host} had a problem and did not finish (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Your work is kept; try again ${when}.`,
      retryExtra,
    )
  }

  return fail(
    'server_error',
    `The grant service at ${host} gave an answer Grant Desk did not expect (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Your work is kept; try again later.`,
  )
}

export function badResponse(log: Logger, call: Call, detail: string, extraLog?: unknown): AppFailure {
  log.warn(`${describe(call)}: ${detail}`, extraLog)
  const message =
    call.op === 'apply'
      ? `The grant service at ${call.host} answered, but Grant Desk cannot read the answer, so it cannot confirm your application. Your draft is kept; submit again — if the first one arrived, the service will say you already applied.`
      : `The grant service at ${call.host} sent an answer Grant Desk cannot read. Your work is kept; try again later, and if it keeps happening, check the service address in Settings.`
  return new AppFailure('bad_response', message)
}

export function tooLarge(log: Logger, call: Call, limit: number, declared: string | null): AppFailure {
  log.warn(`${describe(call)}: the answer's body passed the ${limit}-byte limit and was dropped`, { contentLength: declared })
  const size = formatBytes(limit)
  const message =
    call.op === 'apply'
      ? `The grant service at ${call.host} answered your application with more than ${size}, far more than a confirmation should be, so Grant Desk stopped reading it and cannot confirm the application arrived. Your draft is kept; submit again — if the first one arrived, the service will say you already applied.`
      : `The grant service at ${call.host} sent an answer larger than ${size}, more than ${call.op === 'list' ? 'any grant list' : 'such an answer'} should be, so Grant Desk stopped reading it. Your work is kept; try again later, and if it keeps happening, check the service address in Settings.`
  return new AppFailure('bad_response', message)
}

export function budgetSpent(log: Logger, call: Call): AppFailure {
  log.warn(`${describe(call)}: not sent, the action's time budget is used up`)
  const message =
    call.op === 'apply'
      ? `The grant service at ${call.host} is answering too slowly, so Grant Desk stopped before sending your application. Your draft is kept; submit again in a moment.`
      : `The grant service at ${call.host} is answering too slowly, so Grant Desk stopped waiting. Your work is kept; try again in a moment.`
  return new AppFailure('timeout', message)
}
