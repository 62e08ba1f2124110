/**
 * The browser host's routes (server.ts listens): the IPC contract at `POST /rpc/<channel>` and the
 * core's events at `GET /events`, each behind the checks that server.ts's header describes, and a
 * 404 for anything else the page's files and the launch address (page.ts) do not answer. Hono and
 * these routes load once the page has drawn its first screen (page-turn.ts), or with the first
 * call that needs them: 25–55 ms of compiling on a 2-core machine (issue 34's start-up row).
 */
import type { RequestListener } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Core } from '../main/core/core'
import type { Logger } from '../main/core/errors'
import { FORBIDDEN, SECURITY_HEADERS, TOKEN_HEADER, UNEXPECTED, WRONG_HOST, allowedHosts, failure, sameSecret } from './access'

/** A pitch may be a million characters; its JSON, with escapes and multi-byte UTF-8, more. */
const MAX_BODY_BYTES = 16 * 1024 * 1024
/** Keeps idle proxies and the browser from dropping a quiet event stream. */
const SSE_PING_MS = 15_000

export interface HostRoutesOptions {
  core: Pick<Core, 'dispatch' | 'subscribe'>
  log: Logger
  token: string
  /** The port listened on (known before the first request). */
  port: () => number
  /** The open event streams' closers: the host closes them as it stops. */
  streams: Set<() => void>
}

/** The routes as a node:http request listener. */
export function hostRoutes(options: HostRoutesOptions): RequestListener {
  const { core, log, token, streams } = options
  // The port is known once listening; every request arrives after that.
  const hosts = () => allowedHosts(options.port())
  const allowedOrigins = () => hosts().map((h) => `http://${h}`)
  const app = new Hono()

  const commonHeaders = (c: Context) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.header(name, value)
  }

  app.use('*', async (c, next) => {
    // Hono types a '*' route's input as `any`; the context itself is the plain one commonHeaders takes.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    commonHeaders(c)
    const host = c.req.header('host') ?? ''
    let urlHost = ''
    try {
      urlHost = new URL(c.req.url).host
    } catch {
      // left empty: refused below
    }
    if (!hosts().includes(host) || !hosts().includes(urlHost)) return c.text(WRONG_HOST, 403)
    const path = c.req.path
    if (path === '/events' || path === '/rpc' || path.startsWith('/rpc/')) {
      // Only the header counts: a token in the query string would end up in logs and history.
      const given = c.req.header(TOKEN_HEADER)
      const origin = c.req.header('origin')
      if ((origin !== undefined && !allowedOrigins().includes(origin)) || given === undefined || !sameSecret(given, token)) {
        return c.json(FORBIDDEN, 403)
      }
    }
    await next()
  })

  app.post(
    '/rpc/:channel',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(failure('invalid_input', 'That request is too large for Grant Desk to take.'), 413),
    }),
    async (c) => {
      const text = await c.req.text()
      let input: unknown
      if (text.trim() !== '') {
        try {
          input = JSON.parse(text)
        } catch {
          return c.json(failure('invalid_input', 'That request could not be used: its body is not valid JSON.'), 400)
        }
      }
      // Whatever the outcome, the transport worked: the envelope carries success or failure.
      return c.json(await core.dispatch(c.req.param('channel'), input))
    },
  )
  app.all('/rpc', (c) => c.json(failure('invalid_input', 'Name an action: POST /rpc/<channel>.'), 404))
  app.all('/rpc/*', (c) => {
    if (c.req.method === 'POST') return c.json(failure('invalid_input', 'Grant Desk has no action at this address.'), 404)
    c.header('Allow', 'POST')
    return c.json(failure('invalid_input', 'Grant Desk’s actions are called with POST.'), 405)
  })

  app.get('/events', (c) => {
    const encoder = new TextEncoder()
    let cleanup = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true
        const send = (text: string) => {
          if (!open) return
          try {
            controller.enqueue(encoder.encode(text))
          } catch {
            cleanup()
          }
        }
        const unsubscribe = core.subscribe((event, payload) => send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`))
        const ping = setInterval(() => send(': ping\n\n'), SSE_PING_MS)
        const end = () => {
          if (!open) return
          open = false
          unsubscribe()
          clearInterval(ping)
          streams.delete(close)
        }
        const close = () => {
          end()
          try {
            controller.close()
          } catch {
            // already closed by the client
          }
        }
        cleanup = end
        streams.add(close)
        // Sent once subscribed, so a client that has read it will see every later event.
        send(': connected\nretry: 2000\n\n')
      },
      cancel() {
        cleanup()
      },
    })
    return c.body(body, 200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' })
  })
  app.all('/events', (c) => {
    c.header('Allow', 'GET')
    return c.json(failure('invalid_input', 'Events are read with GET /events.'), 405)
  })

  app.all('*', (c) => c.text('Not found', 404))

  app.onError((error, c) => {
    log.error('the browser host failed to answer a request', error)
    return c.req.path.startsWith('/rpc') ? c.json(UNEXPECTED, 500) : c.text(UNEXPECTED.error.message, 500)
  })

  const listener = getRequestListener(app.fetch, { hostname: '127.0.0.1' })
  // Hono's listener answers every request itself, errors included (app.onError above).
  return (request, response) => void listener(request, response)
}
