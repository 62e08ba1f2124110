/**
 * The grant service over HTTP (spec: shared/grant-service-api.md). Every answer is checked
 * against the shared zod schemas, and every failure becomes an `AppFailure` with a contract
 * code and a sentence an applicant can act on; the technical details go to the log.
 *
 * The spec shows almost nothing about errors, so the client reads error bodies of any shape
 * (`readErrorBody`) and decides by status first, body code second.
 */
import ky, { HTTPError, TimeoutError, type Options } from 'ky'
import type { z } from 'zod'
import {
  ApplicationResult,
  Credentials,
  FeedbackResult,
  GrantDetail,
  GrantList,
  Id,
  issueMessages,
  isHttpUrl,
  originLabel,
  serviceOrigin,
} from '../../../shared/api'
import { remainingBudgetMs } from '../action-budget'
import { WRONG_ORIGIN } from '../credential'
import { AppFailure, consoleLogger } from '../errors'
import { applyUrl } from './apply-url'
import { BodyTooLarge, ERROR_BODY_BYTES, readBody } from './body'
import { badResponse, budgetSpent, statusFailure, tooLarge } from './failures'
import {
  MAX_TIMER_MS,
  MIN_ATTEMPT_MS,
  RETRY_AFTER_STATUSES,
  RETRY_STATUSES,
  causeChain,
  clamp,
  describe,
  formatWait,
  neverSent,
  retryAfterMs,
  sleep,
} from './http'
import { clip } from './text'
import type { Answer, Call, Operation, ServiceClient, ServiceClientOptions } from './types'

/** `reason` of a `duplicate` that answered the re-send of the same request: this body was the application. */
export const DUPLICATE_OF_OWN_SEND = 'duplicate_of_own_send'

/** Failures that came from the network layer (for `onReachability(false)` once the call is over). */
const networkFailures = new WeakSet<AppFailure>()
/** Network failures already reported to `onReachability` when their first attempt was refused (settle does not report them twice). */
const reportedFailures = new WeakSet<AppFailure>()
/** Network failures where the request provably was not sent (connection refused, no such host). */
const unsentFailures = new WeakSet<AppFailure>()

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const timeoutMs = clamp(options.timeoutMs ?? 15_000, 1, MAX_TIMER_MS)
  const retryLimit = Math.max(0, Math.floor(options.retryLimit ?? 2))
  const retryDelayMs = Math.max(0, options.retryDelayMs ?? 500)
  const maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? 5_000)
  const maxRetryAfterMs = Math.max(0, options.maxRetryAfterMs ?? 30_000)
  const log = options.log ?? consoleLogger
  const bodyLimits = {
    list: Math.max(1, options.maxBodyBytes?.list ?? 5 * 1024 * 1024),
    other: Math.max(1, options.maxBodyBytes?.other ?? 2 * 1024 * 1024),
  }

  const report = (online: boolean) => {
    try {
      options.onReachability?.(online)
    } catch (error) {
      log.error('onReachability listener failed', error)
    }
  }

  async function base(): Promise<{ base: string; host: string }> {
    const raw = String(await options.baseUrl()).trim()
    const value = raw.replace(/\/+$/, '')
    if (isHttpUrl(value)) return { base: value, host: new URL(value).host }
    // Not a network failure: nothing was tried, so reachability is not reported.
    throw new AppFailure(
      'offline',
      `The grant service address "${clip(raw, 80)}" is not a web address, so Grant Desk cannot reach the service. Correct it in Settings (for example http://127.0.0.1:8787); your work is kept.`,
    )
  }

  /** One request, retried by ky when it is a GET; returns a 2xx answer or throws `AppFailure`. */
  async function send(call: Call): Promise<Answer> {
    // A login goes only to the origin that issued it, whatever the address says by now.
    if (call.credential !== undefined && serviceOrigin(call.url) !== call.credential.origin) {
      log.warn(`${describe(call)}: a credential of ${call.credential.origin} was not sent to another origin`)
      throw new AppFailure(
        'unauthorized',
        `Grant Desk did not send your login to ${call.host}: it belongs to ${originLabel(call.credential.origin)}, and the service address has changed. Log in to ${call.host}, then try again; your work is kept.`,
        {},
        { reason: WRONG_ORIGIN },
      )
    }
    // The action's total budget bounds every attempt, every wait and the body (action-budget.ts).
    const budget = remainingBudgetMs()
    if (budget !== null && budget < MIN_ATTEMPT_MS) throw budgetSpent(log, call)
    const attemptMs = budget === null ? timeoutMs : Math.min(timeoutMs, budget)
    const bodyAbort = new AbortController()
    // Set when an attempt was refused and reported at once, before ky's retries: the footer
    // must not say Online for the seconds the retries take after the service died.
    let reportedDown = false
    const deadline = budget === null ? null : setTimeout(() => bodyAbort.abort(new TimeoutError(new Request(call.url))), Math.max(1, budget))
    // ky's timeout ends when the headers arrive; the body gets what is left of the same attempt,
    // so one attempt (headers and body together) never takes longer than `attemptMs`.
    let attemptStarted = Date.now()
    const attemptLeft = () => Math.max(1, attemptMs - (Date.now() - attemptStarted))
    let waiting = false
    const endWait = () => {
      if (!waiting) return
      waiting = false
      notifyWait(0, call.op)
    }
    const kyOptions: Options = {
      method: call.method,
      timeout: attemptMs,
      throwHttpErrors: true,
      signal: bodyAbort.signal,
      headers: {
        accept: 'application/json',
        ...(call.credential !== undefined ? { authorization: `Bearer ${call.credential.token}` } : {}),
      },
      ...(call.json !== undefined ? { json: call.json } : {}),
      retry: {
        limit: call.once ? 0 : retryLimit,
        // POSTs are never retried here: apply has its own single, duplicate-safe re-send.
        methods: ['get'],
        statusCodes: RETRY_STATUSES,
        afterStatusCodes: RETRY_AFTER_STATUSES,
        backoffLimit: maxRetryDelayMs,
        delay: (attempt) => retryDelayMs * 2 ** (attempt - 1),
        retryOnTimeout: false,
        // ky clamps an over-long Retry-After to maxRetryAfter and still waits; we fail at once
        // so that the applicant hears "wait N minutes" instead of staring at a spinner.
        // A wait that does not leave room for another attempt within the action's budget is not
        // started either: the applicant gets the answer (and its Retry-After) at once.
        shouldRetry: ({ error, retryCount }) => {
          const status = error instanceof HTTPError ? error.response.status : null
          if (status !== null && !RETRY_STATUSES.includes(status)) return undefined
          const after =
            status !== null && RETRY_AFTER_STATUSES.includes(status) ? retryAfterMs(error instanceof HTTPError ? error.response.headers : new Headers()) : null
          if (after !== null && after > maxRetryAfterMs) return false
          const wait = after ?? Math.min(maxRetryDelayMs, retryDelayMs * 2 ** (retryCount - 1))
          const left = remainingBudgetMs()
          if (left !== null && left - wait < MIN_ATTEMPT_MS) return false
          if (after !== null && after >= 1000 && !(error instanceof TimeoutError)) {
            waiting = true
            notifyWait(Math.ceil(after / 1000), call.op)
          }
          return undefined
        },
      },
      hooks: {
        beforeRequest: [
          () => {
            attemptStarted = Date.now()
          },
        ],
        beforeRetry: [
          ({ error }) => {
            endWait()
            // Only a refusal (nothing listens, no such host) proves the service is down; a dropped
            // connection that the retry may recover from does not flip the footer to Offline.
            if (!(error instanceof HTTPError) && !reportedDown && neverSent(error)) {
              reportedDown = true
              report(false)
            }
            if (error instanceof HTTPError) {
              reportedDown = false
              report(true)
              // ky leaves the refused answer's body unread; drop it, so its connection closes now
              // instead of holding a socket (and up to a buffer of a large error page) until GC.
              void error.response.body?.cancel().catch(() => undefined)
            }
          },
        ],
      },
    }

    try {
      let response: Response
      try {
        response = await ky(call.url, kyOptions)
      } catch (error) {
        if (error instanceof HTTPError) {
          report(true)
          const text = await readBody(error.response, bodyAbort, ERROR_BODY_BYTES, attemptLeft(), true).catch((readError: unknown) => {
            log.warn(`${describe(call)}: the body of the ${error.response.status} answer could not be read`, readError)
            return ''
          })
          throw await statusFailure(log, call, error.response.status, error.response.headers, text, error.response.headers.get('content-type'))
        }
        const failure = transportFailure(call, error, attemptMs)
        if (reportedDown) reportedFailures.add(failure)
        throw failure
      }
      report(true)
      const limit = call.op === 'list' ? bodyLimits.list : bodyLimits.other
      try {
        const text = await readBody(response, bodyAbort, limit, attemptLeft())
        return { status: response.status, text, contentType: response.headers.get('content-type') }
      } catch (error) {
        if (error instanceof BodyTooLarge) throw tooLarge(log, call, error.limit, response.headers.get('content-length'))
        throw transportFailure(call, error, attemptMs)
      }
    } finally {
      if (deadline !== null) clearTimeout(deadline)
      endWait()
    }
  }

  /** Tells the listener (the applicant's countdown) of a wait the service asked for; its failure never fails the call. */
  function notifyWait(seconds: number, operation: Operation): void {
    try {
      options.onWait?.({ seconds, operation })
    } catch (error) {
      log.error('onWait listener failed', error)
    }
  }

  function transportFailure(call: Call, error: unknown, withinMs: number = timeoutMs): AppFailure {
    if (error instanceof AppFailure) return error
    if (error instanceof TimeoutError) {
      log.warn(`${describe(call)}: timed out after ${withinMs} ms`)
      const within = withinMs >= 1000 ? `within ${formatWait(Math.round(withinMs / 1000))}` : 'in time'
      const message =
        call.op === 'apply'
          ? `The grant service at ${call.host} did not answer ${within}, so Grant Desk cannot tell whether your application arrived. Your draft is kept; submit again in a moment — if the first one landed, the service will say you already applied.`
          : `The grant service at ${call.host} did not answer ${within}. It may be busy; your work is kept, and you can try again in a moment.`
      return new AppFailure('timeout', message, {}, { cause: error })
    }
    log.warn(`${describe(call)}: network failure`, causeChain(error))
    const failure = new AppFailure(
      'offline',
      `Grant Desk cannot reach the grant service at ${call.host}. Check your connection — your work is kept, and you can try again.`,
      {},
      { cause: error },
    )
    networkFailures.add(failure)
    if (neverSent(error)) unsentFailures.add(failure)
    return failure
  }

  function parseAnswer<S extends z.ZodType>(call: Call, answer: Answer, schema: S): z.output<S> {
    let value: unknown
    try {
      value = JSON.parse(answer.text)
    } catch {
      throw badResponse(log, call, `HTTP ${answer.status} body is not JSON`, { contentType: answer.contentType, body: clip(answer.text.trim(), 200) })
    }
    const parsed = schema.safeParse(value)
    // Only the issue paths and messages are logged: a login answer carries secrets.
    if (!parsed.success) throw badResponse(log, call, `HTTP ${answer.status} body has the wrong shape`, issueMessages(parsed.error))
    return parsed.data
  }

  /** Reports the end of a call to `onReachability` and passes the failure on. */
  async function settle<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof AppFailure && networkFailures.has(error) && !reportedFailures.has(error)) report(false)
      throw error
    }
  }

  return {
    login: (body) =>
      settle(async () => {
        const { base: root, host } = await base()
        const call: Call = { op: 'login', method: 'POST', url: `${root}/api/auth/login`, host, json: body }
        const credentials = parseAnswer(call, await send(call), Credentials)
        return { credentials, origin: serviceOrigin(call.url)! }
      }),

    listGrants: (query) =>
      settle(async () => {
        const { base: root, host } = await base()
        const search = new URLSearchParams({ status: query.status })
        if (query.type !== undefined) search.set('type', query.type)
        const call: Call = { op: 'list', method: 'GET', url: `${root}/api/build?${search.toString()}`, host }
        return parseAnswer(call, await send(call), GrantList)
      }),

    getGrant: (id) =>
      settle(async () => {
        const { base: root, host } = await base()
        // A non-UUID would become a different path (`..`, `/`): refuse it before it is sent.
        if (!Id.safeParse(id).success) {
          throw new AppFailure('invalid_input', `"${clip(id, 60)}" is not a grant id. Pick the grant from the list again.`)
        }
        const call: Call = { op: 'grant', method: 'GET', url: `${root}/api/build/${encodeURIComponent(id)}`, host }
        return parseAnswer(call, await send(call), GrantDetail)
      }),

    applyTarget: async (grantId, applyEndpoint) => applyUrl((await base()).base, grantId, applyEndpoint),

    apply: ({ grantId, applyEndpoint, body, credential }) =>
      settle(async () => {
        const { base: root, host } = await base()
        const call: Call = { op: 'apply', method: 'POST', url: applyUrl(root, grantId, applyEndpoint), host, json: body, credential }
        let answer: Answer
        try {
          answer = await send(call)
        } catch (error) {
          // The first request may have landed before the connection failed. Re-sending is safe:
          // a second application is answered 409 with the first one's id (→ duplicate).
          if (!(error instanceof AppFailure) || !(error.code === 'offline' || error.code === 'timeout')) throw error
          if (unsentFailures.has(error)) throw error
          // Only within the action's budget. Without room for it, the first attempt's failure is
          // the answer: it says the application may have arrived, where `send` would say
          // "stopped before sending" about the re-send alone and mislead the applicant.
          const pause = Math.min(retryDelayMs, maxRetryDelayMs)
          const left = remainingBudgetMs()
          if (left !== null && left - pause < MIN_ATTEMPT_MS) {
            log.warn(`${describe(call)}: not re-sent after "${error.code}", the action's time budget is used up`)
            throw error
          }
          log.warn(`${describe(call)}: re-sending once after "${error.code}"`)
          await sleep(pause)
          try {
            answer = await send(call)
          } catch (resendError) {
            // "Already applied" to the re-send: the first request landed. Said as data, so the
            // caller knows that this body is the application (and not another one's).
            if (resendError instanceof AppFailure && resendError.code === 'duplicate') {
              throw new AppFailure('duplicate', resendError.message, resendError.extra, { cause: resendError, reason: DUPLICATE_OF_OWN_SEND })
            }
            throw resendError
          }
        }
        return parseAnswer(call, answer, ApplicationResult)
      }),

    probe: async () => {
      // An address that is not a web address is the applicant's to fix: that failure is the answer.
      const { base: root, host } = await base()
      try {
        await settle(() => send({ op: 'list', method: 'GET', url: `${root}/api/build?status=open`, host, once: true }))
        return true
      } catch (error) {
        if (error instanceof AppFailure && (networkFailures.has(error) || error.code === 'timeout')) return false
        // Any other failure came from an answer (an error status, a body too large): it is there.
        return true
      }
    },

    sendFeedback: (body) =>
      settle(async () => {
        const { base: root, host } = await base()
        const call: Call = { op: 'feedback', method: 'POST', url: `${root}/api/feedback`, host, json: body }
        const answer = await send(call)
        // The spec does not show the answer: any 2xx means the report arrived.
        let value: unknown = {}
        try {
          value = answer.text.trim() === '' ? {} : JSON.parse(answer.text)
        } catch {
          log.warn(`${describe(call)}: HTTP ${answer.status} body is not JSON; counted as received`)
        }
        const parsed = FeedbackResult.safeParse(value)
        if (!parsed.success) {
          log.warn(`${describe(call)}: HTTP ${answer.status} body has an unexpected shape; counted as received`, issueMessages(parsed.error))
          return {}
        }
        return parsed.data
      }),
  }
}
