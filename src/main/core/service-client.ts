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
  formatIssuePath,
  issueMessages,
  type ApplicationRequest,
  type FeedbackRequest,
  type GrantType,
  type LoginRequest,
} from '../../shared/api'
import type { AppError, ErrorCode } from '../../shared/ipc'
import { isHttpUrl } from '../../shared/fields'
import { originLabel, serviceOrigin } from '../../shared/service-address'
import { AppFailure, consoleLogger, type Logger } from './errors'
import { type Credential, WRONG_ORIGIN } from './credential'
import { remainingBudgetMs } from './action-budget'

export interface ServiceClientOptions {
  /** Read on every request (settings may change it); no trailing slash. */
  baseUrl: () => string | Promise<string>
  /** Per attempt, default 15_000. */
  timeoutMs?: number
  /** Retries of GETs, default 2. */
  retryLimit?: number
  /** First backoff delay, default 500, doubling, capped at maxRetryDelayMs. */
  retryDelayMs?: number
  /** Default 5_000. */
  maxRetryDelayMs?: number
  /** A Retry-After longer than this is not waited for: fail at once. Default 30_000. */
  maxRetryAfterMs?: number
  /** Details of failures (bad shapes, unexpected bodies) go here, never to the user. */
  log?: Logger
  /**
   * The most bytes of an answer's body that are read, counted while streaming: past it the
   * body is dropped and the call fails `bad_response`. Default 5 MB for the grant list, 2 MB
   * for every other answer.
   */
  maxBodyBytes?: { list?: number; other?: number }
  /**
   * The client is waiting `seconds` because the service asked it to (Retry-After) before
   * trying again; `seconds: 0` when the wait is over. For the applicant's countdown.
   */
  onWait?: (wait: { seconds: number; operation: Operation }) => void
  /** True after any HTTP response arrived, false after a network-level failure (not for timeouts). */
  onReachability?: (online: boolean) => void
}

export interface ServiceClient {
  /** POST /api/auth/login; `origin` is the service origin the password was sent to (the login belongs to it). */
  login(body: LoginRequest): Promise<{ credentials: Credentials; origin: string }>
  /** GET /api/build?status=..&type=.. */
  listGrants(query: { status: 'open' | 'closed' | 'all'; type?: GrantType }): Promise<GrantList>
  /** GET /api/build/{id} */
  getGrant(id: string): Promise<GrantDetail>
  /** POST to `applyUrl(...)`; re-sent once when the connection fails after it may have been sent. */
  apply(args: { grantId: string; applyEndpoint: string; body: ApplicationRequest; credential: Credential }): Promise<ApplicationResult>
  /** Where `apply` would POST for this grant (see `applyUrl`). */
  applyTarget(grantId: string, applyEndpoint: string): Promise<string>
  /** POST /api/feedback; any 2xx counts as received. */
  sendFeedback(body: FeedbackRequest): Promise<FeedbackResult>
}

export type Operation = 'login' | 'list' | 'grant' | 'apply' | 'feedback'

interface Call {
  op: Operation
  method: 'GET' | 'POST'
  url: string
  /** `host:port` of the service, for the applicant's messages. */
  host: string
  json?: unknown
  /** A bearer token and the only origin it may be sent to. */
  credential?: Credential
}

interface Answer {
  status: number
  text: string
  contentType: string | null
}

type Extra = Omit<AppError, 'code' | 'message'>

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504]
/** Retry-After is honoured for 5xx too: a service in maintenance says when it is back. */
const RETRY_AFTER_STATUSES = [429, 500, 502, 503, 504]
/** ky refuses larger timers. */
const MAX_TIMER_MS = 2_147_483_647
const MAX_MESSAGE_CHARS = 300
/** A retry is started only when at least this much of the action's budget is left after its wait. */
const MIN_ATTEMPT_MS = 500
/** An error page is read only this far: its first sentence is all the applicant is shown. */
const ERROR_BODY_BYTES = 64 * 1024

/** The body went past its limit (or declared it would); the stream was cancelled. */
class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`)
  }
}
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
/** Errors that prove the request never left this machine, so re-sending it is pointless. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'])

/** Failures that came from the network layer (for `onReachability(false)` once the call is over). */
const networkFailures = new WeakSet<AppFailure>()
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
    if (budget !== null && budget < MIN_ATTEMPT_MS) throw budgetSpent(call)
    const attemptMs = budget === null ? timeoutMs : Math.min(timeoutMs, budget)
    const bodyAbort = new AbortController()
    const deadline =
      budget === null ? null : setTimeout(() => bodyAbort.abort(new TimeoutError(new Request(call.url))), Math.max(1, budget))
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
        limit: retryLimit,
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
          const after = status !== null && RETRY_AFTER_STATUSES.includes(status) ? retryAfterMs(error instanceof HTTPError ? error.response.headers : new Headers()) : null
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
        beforeRetry: [
          ({ error }) => {
            endWait()
            if (error instanceof HTTPError) report(true)
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
          const text = await readBody(error.response, bodyAbort, ERROR_BODY_BYTES, attemptMs, true).catch((readError: unknown) => {
            log.warn(`${describe(call)}: the body of the ${error.response.status} answer could not be read`, readError)
            return ''
          })
          throw statusFailure(call, error.response.status, error.response.headers, text, error.response.headers.get('content-type'))
        }
        throw transportFailure(call, error, attemptMs)
      }
      report(true)
      const limit = call.op === 'list' ? bodyLimits.list : bodyLimits.other
      try {
        const text = await readBody(response, bodyAbort, limit, attemptMs)
        return { status: response.status, text, contentType: response.headers.get('content-type') }
      } catch (error) {
        if (error instanceof BodyTooLarge) throw tooLarge(call, error.limit, response.headers.get('content-length'))
        throw transportFailure(call, error, attemptMs)
      }
    } finally {
      if (deadline !== null) clearTimeout(deadline)
      endWait()
    }
  }

  /** The action's budget is used up before this request: nothing is sent. */
  function budgetSpent(call: Call): AppFailure {
    log.warn(`${describe(call)}: not sent, the action's time budget is used up`)
    const message =
      call.op === 'apply'
        ? `The grant service at ${call.host} is answering too slowly, so Grant Desk stopped before sending your application. Your draft is kept; submit again in a moment.`
        : `The grant service at ${call.host} is answering too slowly, so Grant Desk stopped waiting. Your work is kept; try again in a moment.`
    return new AppFailure('timeout', message)
  }

  function notifyWait(seconds: number, operation: Operation): void {
    try {
      options.onWait?.({ seconds, operation })
    } catch (error) {
      log.error('onWait listener failed', error)
    }
  }

  function tooLarge(call: Call, limit: number, declared: string | null): AppFailure {
    log.warn(`${describe(call)}: the answer's body passed the ${limit}-byte limit and was dropped`, { contentLength: declared })
    const size = formatBytes(limit)
    const message =
      call.op === 'apply'
        ? `The grant service at ${call.host} answered your application with more than ${size}, far more than a confirmation should be, so Grant Desk stopped reading it and cannot confirm the application arrived. Your draft is kept; submit again — if the first one arrived, the service will say you already applied.`
        : `The grant service at ${call.host} sent an answer larger than ${size}, more than ${call.op === 'list' ? 'any grant list' : 'such an answer'} should be, so Grant Desk stopped reading it. Your work is kept; try again later, and if it keeps happening, check the service address in Settings.`
    return new AppFailure('bad_response', message)
  }

  /**
   * The body as text, at most `limit` bytes, counted as they stream in: a hostile or broken
   * service cannot fill the memory with a 200 MB answer. Past the limit the stream is cancelled
   * (the connection is dropped, not drained) and `BodyTooLarge` thrown, or with `truncate` the
   * first `limit` bytes are kept (error pages). ky's timeout ends when the headers arrive, so
   * a body that stalls afterwards is cut off here with the same per-attempt budget.
   */
  async function readBody(response: Response, abort: AbortController, limit: number, withinMs: number, truncate = false): Promise<string> {
    const declared = Number(response.headers.get('content-length') ?? Number.NaN)
    if (!truncate && Number.isFinite(declared) && declared > limit) {
      void response.body?.cancel().catch(() => undefined)
      throw new BodyTooLarge(limit)
    }
    if (response.body === null) return ''
    const timer = setTimeout(() => abort.abort(new TimeoutError(new Request(response.url || 'http://service.invalid/'))), withinMs)
    const reader = response.body.getReader()
    try {
      const chunks: Uint8Array[] = []
      let size = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        if (size + value.byteLength > limit) {
          void reader.cancel().catch(() => undefined)
          if (!truncate) throw new BodyTooLarge(limit)
          chunks.push(value.subarray(0, limit - size))
          break
        }
        chunks.push(value)
        size += value.byteLength
      }
      return new TextDecoder().decode(Buffer.concat(chunks))
    } catch (error) {
      if (abort.signal.aborted && abort.signal.reason instanceof TimeoutError) throw abort.signal.reason
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  function transportFailure(call: Call, error: unknown, withinMs: number = timeoutMs): AppFailure {
    if (error instanceof AppFailure) return error
    if (error instanceof TimeoutError) {
      log.warn(`${describe(call)}: timed out after ${withinMs} ms`)
      const within = withinMs >= 1000 ? `within ${Math.round(withinMs / 1000)} seconds` : 'in time'
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

  function statusFailure(call: Call, status: number, headers: Headers, text: string, contentType: string | null): AppFailure {
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
        return fail('unauthorized', `The grant service at ${host} refused your sign-in token.${svc ? ` It said: ${svc}` : ''} Log in again and submit; your draft is kept.`)
      }
      return fail('unauthorized', `The grant service at ${host} refused the request (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Log in again and try once more.`)
    }

    if (status === 404) {
      if (call.op === 'grant' || call.op === 'apply') {
        return fail('not_found', `This grant is no longer on the service at ${host}; the sponsor may have withdrawn it. Refresh the grant list${call.op === 'apply' ? ' — your draft is kept' : ''}.`)
      }
      return fail('not_found', `The grant service at ${host} does not know ${new URL(call.url).pathname}. The service address in Settings may be wrong; check it and try again.`)
    }

    if (status === 409 && call.op === 'apply') {
      const id = applicationIdOf(said.applicationId, text)
      return fail('duplicate', id ? `You have already applied to this grant (application ${id}).` : 'You have already applied to this grant.', id ? { applicationId: id } : {})
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
        return fail('invalid_input', `${svc ?? 'The grant service did not accept the application as filled in.'} Fix the marked fields and submit again.`, fieldsExtra)
      }
      if (kind === 'closed') {
        return fail('deadline_passed', 'The sponsor has closed this grant early, so it no longer accepts applications. Your draft is kept; look for another grant to send it to.', {}, 'grant_closed')
      }
      return fail('deadline_passed', `${svc ?? 'The deadline for this grant has passed, so it no longer accepts applications.'} Your draft is kept; look for another grant to send it to.`)
    }

    if (status === 400 || status === 422) {
      const what = call.op === 'login' ? 'Check the email and password and try again.' : 'Check what was sent and try again.'
      return fail('invalid_input', `${svc ?? `The grant service at ${host} did not accept the request.`} ${what}`, fieldsExtra)
    }

    if (status === 429) {
      const seconds = retryExtra.retryAfterSeconds
      const wait = seconds === undefined ? 'Wait a minute' : `Wait ${formatWait(seconds)}`
      return fail('rate_limited', `The grant service at ${host} is receiving too many requests and asked Grant Desk to slow down.${svc ? ` It said: ${svc}` : ''} ${wait} and try again; your work is kept.`, retryExtra)
    }

    if (status >= 500) {
      const seconds = retryExtra.retryAfterSeconds
      const when = seconds === undefined ? 'in a few minutes' : `in ${formatWait(seconds)}`
      return fail('server_error', `The grant service at ${host} had a problem and did not finish (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Your work is kept; try again ${when}.`, retryExtra)
    }

    return fail('server_error', `The grant service at ${host} gave an answer Grant Desk did not expect (HTTP ${status}).${svc ? ` It said: ${svc}` : ''} Your work is kept; try again later.`)
  }

  function badResponse(call: Call, detail: string, extraLog?: unknown): AppFailure {
    log.warn(`${describe(call)}: ${detail}`, extraLog)
    const message =
      call.op === 'apply'
        ? `The grant service at ${call.host} answered, but Grant Desk cannot read the answer, so it cannot confirm your application. Your draft is kept; submit again — if the first one arrived, the service will say you already applied.`
        : `The grant service at ${call.host} sent an answer Grant Desk cannot read. Your work is kept; try again later, and if it keeps happening, check the service address in Settings.`
    return new AppFailure('bad_response', message)
  }

  function parseAnswer<S extends z.ZodType>(call: Call, answer: Answer, schema: S): z.output<S> {
    let value: unknown
    try {
      value = JSON.parse(answer.text)
    } catch {
      throw badResponse(call, `HTTP ${answer.status} body is not JSON`, { contentType: answer.contentType, body: clip(answer.text.trim(), 200) })
    }
    const parsed = schema.safeParse(value)
    // Only the issue paths and messages are logged: a login answer carries secrets.
    if (!parsed.success) throw badResponse(call, `HTTP ${answer.status} body has the wrong shape`, issueMessages(parsed.error))
    return parsed.data
  }

  /** Reports the end of a call to `onReachability` and passes the failure on. */
  async function settle<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof AppFailure && networkFailures.has(error)) report(false)
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
          log.warn(`${describe(call)}: re-sending once after "${error.code}"`)
          await sleep(Math.min(retryDelayMs, maxRetryDelayMs))
          answer = await send(call)
        }
        return parseAnswer(call, answer, ApplicationResult)
      }),

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

/**
 * The URL to POST an application to: `_apply_endpoint` when it is "POST <path>" whose path is
 * on the same service (a relative path, or an absolute URL with the same origin as the base
 * URL), else `${base}/api/build/${grantId}/apply`. Any base path prefix (e.g.
 * http://host/grants-api) is kept for relative paths.
 */
export function applyUrl(baseUrl: string, grantId: string, applyEndpoint: string): string {
  const root = baseUrl.trim().replace(/\/+$/, '')
  const fallback = `${root}/api/build/${encodeURIComponent(grantId)}/apply`
  const match = /^\s*POST\s+(\S+)\s*$/i.exec(applyEndpoint)
  if (!match) return fallback
  let baseParsed: URL
  try {
    baseParsed = new URL(root)
  } catch {
    return fallback
  }
  if (baseParsed.protocol !== 'http:' && baseParsed.protocol !== 'https:') return fallback
  // The spec writes the path as a template; a service might hand it back unexpanded.
  const target = match[1]!.replaceAll('{id}', encodeURIComponent(grantId))
  const prefix = baseParsed.pathname.replace(/\/+$/, '')
  let url: URL
  try {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) {
      // Absolute: taken as is, but only on the same origin — the token must never leave it.
      url = new URL(target, baseParsed)
    } else {
      url = new URL(`${baseParsed.origin}${prefix}${target.startsWith('/') ? '' : '/'}${target}`)
      // `..` segments must not climb out of the base path onto another application of the host.
      if (prefix !== '' && !url.pathname.startsWith(`${prefix}/`)) return fallback
    }
  } catch {
    return fallback
  }
  if (url.origin !== baseParsed.origin) return fallback
  url.hash = ''
  return url.toString()
}

/**
 * What an error body of any shape says: JSON `{error:{code,message,fields}}`, `{error:"text"}`,
 * `{message}`, `{detail}` (string or FastAPI-style array of `{loc,msg}`), `{errors:[...]}`, a
 * plain text string, an HTML page (its `<title>`/`<h1>` text, never markup), or nothing.
 */
export function readErrorBody(
  text: string,
  contentType: string | null,
): { message: string | null; code: string | null; applicationId: string | null; fields: Record<string, string> | null } {
  const none = { message: null, code: null, applicationId: null, fields: null }
  const trimmed = text.trim()
  if (trimmed === '') return none
  const type = (contentType ?? '').toLowerCase()

  if (type.includes('json') || /^[{["]/.test(trimmed)) {
    let value: unknown
    let parsed = false
    try {
      value = JSON.parse(trimmed)
      parsed = true
    } catch {
      // Claimed JSON but is not: read it as text or HTML below.
    }
    if (parsed) return fromJson(value)
  }
  if (type.includes('html') || type.includes('xml') || /^<|<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?>/i.test(trimmed)) {
    return { ...none, message: fromHtml(trimmed) }
  }
  return { ...none, message: cleanText(trimmed) }
}

// ---------------------------------------------------------------------------------------------
// Reading error bodies

type Json = Record<string, unknown>

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/** `invalid_token`, `grant-closed`, `NOT_FOUND`: a machine code rather than a sentence. */
function looksLikeCode(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9]*(?:[_.:-][A-Za-z0-9]+)+$/.test(text)
}

/** A message of one field: a string, a list of strings, or an object with a message. */
function fieldMessage(value: unknown): string | null {
  if (typeof value === 'string') return str(value)
  if (Array.isArray(value)) {
    const parts = value.map(fieldMessage).filter((part): part is string => part !== null)
    return parts.length > 0 ? parts.join('; ') : null
  }
  if (isRecord(value)) return str(value['message']) ?? str(value['msg']) ?? str(value['detail'])
  return null
}

function toFields(value: unknown): Record<string, string> | null {
  if (!isRecord(value)) return null
  const fields: Record<string, string> = {}
  for (const [key, raw] of Object.entries(value)) {
    const message = fieldMessage(raw)
    if (message !== null) fields[key] = cleanText(message) ?? message
  }
  return Object.keys(fields).length > 0 ? fields : null
}

const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie'])

/** FastAPI's `loc: ["body", "custom_fields", "repo"]` as `custom_fields.repo`. */
function locationKey(loc: unknown): string | null {
  if (typeof loc === 'string') return str(loc)
  if (!Array.isArray(loc)) return null
  const parts = loc.filter((part): part is string | number => typeof part === 'string' || typeof part === 'number')
  if (parts.length > 1 && typeof parts[0] === 'string' && LOCATION_ROOTS.has(parts[0])) parts.shift()
  const key = formatIssuePath(parts)
  return key === '' ? null : key
}

/** Items of `detail: [...]` or `errors: [...]`: their messages, and those tied to a field. */
function readIssueList(items: unknown[]): { messages: string[]; fields: Record<string, string> } {
  const messages: string[] = []
  const fields: Record<string, string> = {}
  for (const item of items) {
    if (typeof item === 'string') {
      if (str(item)) messages.push(item.trim())
      continue
    }
    if (!isRecord(item)) continue
    const message = str(item['msg']) ?? str(item['message']) ?? str(item['detail']) ?? str(item['title'])
    if (message === null) continue
    const source = item['source']
    const pointer = isRecord(source) ? str(source['pointer']) ?? str(source['parameter']) : null
    const key =
      locationKey(item['loc']) ??
      str(item['field']) ??
      str(item['path']) ??
      str(item['param']) ??
      str(item['property']) ??
      (pointer === null ? null : pointer.replace(/^\/(?:data\/attributes\/)?/, '').replaceAll('/', '.') || null)
    if (key !== null) {
      fields[key] ??= message
      messages.push(`${key}: ${message}`)
    } else {
      messages.push(message)
    }
  }
  return { messages, fields }
}

function fromJson(value: unknown): ReturnType<typeof readErrorBody> {
  const none = { message: null, code: null, applicationId: null, fields: null }
  if (typeof value === 'string') return { ...none, message: cleanText(value) }
  if (Array.isArray(value)) {
    const { messages, fields } = readIssueList(value)
    return { ...none, message: cleanText(messages.join('; ')), fields: Object.keys(fields).length > 0 ? fields : null }
  }
  if (!isRecord(value)) return none

  let code: string | null = null
  let applicationId: string | null = null
  let fields: Record<string, string> | null = null
  // Candidates in order of preference: a service's own sentence before a status phrase.
  const candidates: Array<string | null> = []

  const error = value['error']
  let errorText: string | null = null
  if (isRecord(error)) {
    code = str(error['code']) ?? str(error['type'])
    candidates.push(str(error['message']), str(error['detail']), str(error['description']))
    fields = toFields(error['fields']) ?? toFields(error['errors'])
    applicationId = str(error['application_id']) ?? str(error['applicationId'])
  } else if (typeof error === 'string' && str(error)) {
    if (looksLikeCode(error.trim())) code = error.trim()
    else errorText = error.trim()
  }

  code ??= str(value['code']) ?? str(value['error_code'])
  applicationId = str(value['application_id']) ?? str(value['applicationId']) ?? applicationId

  const message = value['message']
  candidates.push(str(message), Array.isArray(message) ? fieldMessage(message) : null)

  const detail = value['detail']
  let listSummary: string | null = null
  if (typeof detail === 'string') candidates.push(str(detail))
  else if (isRecord(detail)) candidates.push(str(detail['message']) ?? str(detail['msg']))
  else if (Array.isArray(detail)) {
    const read = readIssueList(detail)
    if (Object.keys(read.fields).length > 0) fields ??= read.fields
    listSummary = read.messages.length > 0 ? read.messages.join('; ') : null
  }

  const errors = value['errors']
  if (Array.isArray(errors)) {
    const read = readIssueList(errors)
    if (Object.keys(read.fields).length > 0) fields ??= read.fields
    listSummary ??= read.messages.length > 0 ? read.messages.join('; ') : null
  } else if (isRecord(errors)) {
    const recordFields = toFields(errors)
    if (recordFields) {
      fields ??= recordFields
      listSummary ??= Object.entries(recordFields)
        .map(([key, text]) => `${key}: ${text}`)
        .join('; ')
    }
  }

  candidates.push(str(value['error_description']), errorText, listSummary, str(value['title']))
  if (fields !== null && listSummary === null) {
    candidates.push(
      Object.entries(fields)
        .map(([key, text]) => `${key}: ${text}`)
        .join('; '),
    )
  }
  let best: string | null = null
  for (const candidate of candidates) {
    if (candidate === null) continue
    best = cleanText(candidate)
    if (best !== null) break
  }
  return { message: best, code, applicationId, fields }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const point = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : ' '
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** Text without any markup: tags go before and after decoding, so `&lt;b&gt;` cannot sneak one in. */
function stripMarkup(text: string): string {
  const noTags = (s: string) => s.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ').replace(/<\/?[a-z!?][^<>]*(?:>|$)/gi, ' ')
  return noTags(decodeEntities(noTags(text))).replace(/[<>]/g, ' ')
}

function fromHtml(html: string): string | null {
  const body = html.replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
  const inner = (tag: string) => {
    const found = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(body)
    return found ? cleanText(found[1]!) : null
  }
  const title = inner('title')
  const h1 = inner('h1')
  let head: string | null
  if (title && h1) head = title.includes(h1) ? title : h1
  else head = h1 ?? title
  if (head === null) return cleanText(body)
  const paragraph = inner('p')
  if (paragraph && !head.includes(paragraph) && head.length + paragraph.length < MAX_MESSAGE_CHARS) {
    return cleanText(`${asSentence(head)} ${paragraph}`)
  }
  return head
}

/** One line of readable text, at most ~300 characters, or null when nothing is left. */
function cleanText(text: string): string | null {
  const flat = stripMarkup(text)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return flat === '' ? null : clip(flat, MAX_MESSAGE_CHARS)
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

function asSentence(text: string): string {
  return /[.!?…)"”]$/.test(text) ? text : `${text}.`
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

function formatWait(seconds: number): string {
  if (seconds <= 1) return 'a second'
  if (seconds < 90) return `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes < 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function describe(call: Call): string {
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
function retryAfterMs(headers: Headers): number | null {
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

function classifyApply400(code: string | null, fields: Record<string, string> | null): 'invalid' | 'closed' | 'deadline' {
  if (fields !== null && Object.keys(fields).length > 0) return 'invalid'
  const c = (code ?? '').toLowerCase()
  if (c === 'grant_closed' || /closed/.test(c)) return 'closed'
  if (/deadline/.test(c)) return 'deadline'
  if (/invalid|validation|malformed|missing|required|bad_request|too_long|too_large/.test(c)) return 'invalid'
  // The spec's one documented 400 on apply.
  return 'deadline'
}

/** The existing application's id: from the body's fields, else the first UUID in its text. */
function applicationIdOf(fromBody: string | null, text: string): string | null {
  if (fromBody !== null && Id.safeParse(fromBody).success) return fromBody
  const found = UUID_IN_TEXT.exec(text)
  return found ? found[0] : null
}

function causeChain(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code
      parts.push(`${current.name}: ${current.message}${typeof code === 'string' ? ` (${code})` : ''}`)
      current = current.cause
    } else {
      parts.push(String(current))
      break
    }
  }
  return parts.join(' ← ')
}

function neverSent(error: unknown): boolean {
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
