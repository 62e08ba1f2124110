/**
 * The sandbox's HTTP interface: the spec's endpoints, with a documented choice for every
 * "not shown" (docs/service.md). Requests are validated with the shared schemas; every error
 * is `{"error":{"code","message","fields"?}}` and bad input never produces a 5xx.
 */
import type { IncomingMessage } from 'node:http'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import {
  ApplicationRequest,
  type ApplicationResult,
  type ErrorBody,
  FeedbackRequest,
  Id,
  ListGrantsQuery,
  LoginRequest,
  issueMessages,
  customFieldProblems,
} from '../shared/api'
import type { ServiceStore } from './store'

export const MAX_BODY_BYTES = 1024 * 1024

export interface AppOptions {
  store: ServiceStore
  tokenTtlMs: number
  clock?: () => number
  /** Where unexpected errors are reported; bad input is never reported here. */
  logError?: (error: unknown) => void
}

function fail(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  extra: { fields?: Record<string, string>; application_id?: string } = {},
) {
  const body: ErrorBody = { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } }
  if (extra.application_id) body.application_id = extra.application_id
  return c.json(body, status)
}

function invalid(c: Context, error: z.ZodError, what: string) {
  const fields = issueMessages(error)
  const summary = Object.entries(fields)
    .map(([path, message]) => (path === '(body)' ? message : `${path} ${message}`))
    .join('; ')
  return fail(c, 400, 'invalid_input', `${what}: ${summary}.`, { fields })
}

/** The JSON body, or a 400 response. Errors of reading the body (size limit) propagate. */
async function readJson(c: Context): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const text = await c.req.text()
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return {
      ok: false,
      response: fail(c, 400, 'invalid_json', 'The request body is not valid JSON. Send a JSON object with Content-Type: application/json.'),
    }
  }
}

/**
 * Whether the request says it has a body (a Content-Length other than 0, or a
 * Transfer-Encoding). Read from Node's raw header list when the node server passes it (building
 * the Request's Headers for this, on every request, cost more than the answer to a GET).
 */
function declaresBody(c: Context): boolean {
  const raw = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.rawHeaders
  if (!raw) {
    const length = c.req.header('content-length')
    return (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
  }
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (name.length === 14 && name.toLowerCase() === 'content-length' && raw[i + 1] !== '0') return true
    if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') return true
  }
  return false
}

/** The answer, saying `Connection: close` when the request sent a body that was never read. */
function closeIfBody(c: Context, response: Response): Response {
  if (declaresBody(c)) response.headers.set('Connection', 'close')
  return response
}

/** A handler that never reads the request's body (see `closeIfBody`). */
function unread(handler: (c: Context) => Response): (c: Context) => Response {
  return (c) => closeIfBody(c, handler(c))
}

function bearer(c: Context): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
  return match ? match[1]! : null
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

export function createApp({ store, tokenTtlMs, clock = Date.now, logError = console.error }: AppOptions): Hono {
  const app = new Hono()

  // An answer given before the request's body was read (413, 401, 404, malformed JSON…) leaves
  // the rest of that body on a keep-alive connection, where it would be read as the next
  // request. Such answers close the connection instead; draining a huge body would be worse.
  // Only POST routes read a body, so only they get the two middlewares (and the body limit: its
  // check reads `c.req.raw`, which makes the node adapter build a full Request). A read then runs
  // as one plain handler with no middleware chain around it (an asynchronous chain on every GET
  // halved the sandbox's throughput); a body sent with any other request is never read, so that
  // answer closes the connection (`unread`, and the not-found and error handlers below).
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) =>
      fail(c, 413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MiB. Shorten the pitch or the fields and send again.`),
  })
  app.on('POST', '*', async (c, next) => {
    if (!declaresBody(c)) return next()
    await next()
    if (c.res.status >= 400 || !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close')
  })
  app.on('POST', '*', (c, next) => (declaresBody(c) ? limitBody(c, next) : next()))

  app.post('/api/auth/login', async (c) => {
    const body = await readJson(c)
    if (!body.ok) return body.response
    const parsed = LoginRequest.safeParse(body.value)
    if (!parsed.success) return invalid(c, parsed.error, 'Login needs an email and a password')
    const credentials = await store.login(parsed.data.email, parsed.data.password, tokenTtlMs)
    if (!credentials) return fail(c, 401, 'invalid_credentials', 'The email or password is wrong.')
    return c.json(credentials, 200)
  })

  app.get(
    '/api/build',
    unread((c) => {
      const parsed = ListGrantsQuery.safeParse({ status: c.req.query('status'), type: c.req.query('type') })
      if (!parsed.success) return invalid(c, parsed.error, 'Unsupported filter')
      // The same bytes `c.json({items, count})` sent, kept by the store while the list is unchanged.
      return c.body(store.listGrantsBody(parsed.data), 200, { 'content-type': 'application/json' })
    }),
  )

  app.get(
    '/api/build/:id',
    unread((c) => {
      const id = c.req.param('id') ?? '' // the route has it; the handler's type is the plain Context's
      if (!Id.safeParse(id).success) return fail(c, 400, 'invalid_id', `"${id}" is not a grant id (a UUID).`)
      // The same bytes `c.json(detail)` sent, kept by the store while the grant is unchanged.
      const detail = store.grantDetailBody(id)
      if (detail === undefined) return fail(c, 404, 'grant_not_found', `There is no grant with id ${id}.`)
      return c.body(detail, 200, { 'content-type': 'application/json' })
    }),
  )

  app.post('/api/build/:id/apply', async (c) => {
    const token = bearer(c)
    if (!token) {
      c.header('WWW-Authenticate', 'Bearer')
      return fail(c, 401, 'unauthorized', 'Log in first: send Authorization: Bearer <access_token or api_key>.')
    }
    const auth = store.authenticate(token)
    if (auth.kind === 'expired') {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token", error_description="expired"')
      return fail(c, 401, 'token_expired', 'The access token has expired. Log in again, or use your api key.')
    }
    if (auth.kind === 'invalid') {
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"')
      return fail(c, 401, 'invalid_token', 'The token is not valid. Log in again to get a new one.')
    }

    const id = c.req.param('id')
    if (!Id.safeParse(id).success) return fail(c, 400, 'invalid_id', `"${id}" is not a grant id (a UUID).`)
    const grant = store.getGrant(id)
    if (!grant) return fail(c, 404, 'grant_not_found', `There is no grant with id ${id}.`)

    const body = await readJson(c)
    if (!body.ok) return body.response

    // An existing application is the most useful answer, even to a resend after the deadline.
    const existing = store.findApplication(auth.userId, grant.id)
    if (existing) return alreadyApplied(c, existing)

    if (grant.deadlineMs <= clock()) {
      return fail(
        c,
        400,
        'deadline_passed',
        `The deadline for this grant passed on ${dateFormat.format(grant.deadlineMs)} UTC; it no longer accepts applications.`,
      )
    }
    if (grant.status === 'closed') {
      return fail(c, 400, 'grant_closed', 'This grant has been closed by its sponsor and no longer accepts applications.')
    }

    const parsed = ApplicationRequest.safeParse(body.value)
    if (!parsed.success) return invalid(c, parsed.error, 'The application is incomplete')
    const { pitch, custom_fields } = parsed.data
    if (grant.application_schema === null) {
      if (custom_fields !== undefined) {
        return fail(c, 400, 'invalid_input', 'This grant takes a free-form application: send only pitch, without custom_fields.', {
          fields: { custom_fields: 'must not be sent: the grant has no application form' },
        })
      }
    } else {
      const problems = customFieldProblems(grant.application_schema, custom_fields ?? {})
      if (Object.keys(problems).length > 0) {
        return fail(c, 400, 'invalid_input', `The application form is not filled in correctly: ${Object.values(problems).join('; ')}.`, {
          fields: problems,
        })
      }
    }

    const outcome = store.apply(auth.userId, grant.id, pitch, custom_fields)
    if (!outcome.created) return alreadyApplied(c, outcome.applicationId)
    const result: ApplicationResult = {
      application_id: outcome.applicationId,
      grant_id: grant.id,
      grant_title: grant.title,
      status: 'pending',
      message: `Application received for "${grant.title}". Its status is pending.`,
    }
    return c.json(result, 201)
  })

  app.post('/api/feedback', async (c) => {
    const body = await readJson(c)
    if (!body.ok) return body.response
    const parsed = FeedbackRequest.safeParse(body.value)
    if (!parsed.success) return invalid(c, parsed.error, 'The report is incomplete')
    // A token is optional here; when a valid one is sent the report is linked to its user.
    const token = bearer(c)
    const auth = token ? store.authenticate(token) : null
    const id = store.addFeedback(parsed.data.skill, parsed.data.issue, auth?.kind === 'user' ? auth.userId : null)
    return c.json({ id, message: 'Thank you: the report was received.' }, 201)
  })

  app.notFound(unread((c) => fail(c, 404, 'not_found', `There is no ${c.req.method} ${c.req.path} on this service.`)))

  app.onError((error, c) => {
    logError(error)
    return closeIfBody(c, fail(c, 500, 'internal_error', 'The service failed unexpectedly. Try again; if it keeps failing, report it.'))
  })

  return app
}

function alreadyApplied(c: Context, applicationId: string) {
  return fail(c, 409, 'already_applied', `You have already applied to this grant (application ${applicationId}).`, {
    application_id: applicationId,
  })
}
