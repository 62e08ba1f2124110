/**
 * The browser host's preload: defines the same `window.grantDesk` as Electron's preload, over
 * HTTP (`POST /rpc/<channel>`, `GET /events`) instead of IPC, so the renderer cannot tell the
 * two apart. Built as a classic script (`out/browser/bridge.js`) that the host puts before the
 * app's module script, so it runs first.
 *
 * The token arrives in the address's fragment (`#token=…`), which the browser never sends to
 * a server. It is kept in sessionStorage so a reload of this tab still works, and removed from
 * the address bar so it is not bookmarked, shared in a screenshot or kept in history. It and
 * the `fetch` used to send it stay inside this closure: a script that replaces `window.fetch`
 * later never sees the token.
 */
import { type IpcResult, IPC_EVENTS, SAVED_LIST_AT_START, asksSavedListAtStart, buildGrantDeskApi, type Invoke, type Subscribe } from '../shared/ipc'

const TOKEN_HEADER = 'x-grant-desk-token'
const TOKEN_KEY = 'grant-desk-token'
const RECONNECT_FIRST_MS = 500
const RECONNECT_MAX_MS = 10_000

// Captured before the app runs, so what the page does to its globals later cannot intercept.
const send = window.fetch.bind(window)
const storage = window.sessionStorage
const history = window.history
const location = window.location

function takeToken(): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''))
  const fromUrl = fragment.get('token')
  if (fromUrl) {
    try {
      storage.setItem(TOKEN_KEY, fromUrl)
    } catch {
      // Storage refused (private mode quota): this load still works, a reload will not.
    }
    fragment.delete('token')
    const rest = fragment.toString()
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`)
    return fromUrl
  }
  try {
    return storage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

const token = takeToken()

const OFFLINE: IpcResult<never> = {
  ok: false,
  error: {
    code: 'offline',
    message: 'Grant Desk’s browser host is not answering. Check that `npm run start:browser` is still running, then reload.',
  },
}

const NO_TOKEN: IpcResult<never> = {
  ok: false,
  error: {
    code: 'unauthorized',
    message: 'This page has no key to Grant Desk’s browser host. Open the address `npm run start:browser` printed (it ends in #token=…).',
  },
}

function isEnvelope(value: unknown): value is IpcResult<unknown> {
  if (typeof value !== 'object' || value === null) return false
  const ok = (value as { ok?: unknown }).ok
  if (ok === true) return 'value' in value
  if (ok === false) {
    const error = (value as { error?: unknown }).error
    return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  }
  return false
}

const invoke: Invoke = async (channel, input) => {
  if (!token) return NO_TOKEN
  try {
    const response = await send(`/rpc/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
      // No body is how "no input" travels, as `undefined` does over Electron's IPC.
      body: input === undefined ? '' : JSON.stringify(input),
      cache: 'no-store',
    })
    const answer: unknown = await response.json()
    return isEnvelope(answer) ? answer : OFFLINE
  } catch {
    return OFFLINE
  }
}

/** How long the answer asked for as the page loads waits to be taken: the app asks at once as it starts. */
const EARLY_ANSWER_KEPT_MS = 10_000

/**
 * The saved grant list, asked for as this script runs: the page is parsed, the app's scripts
 * are not run yet. The app asks for the same as it starts (src/renderer/src/state/grants), about
 * 100 ms later on a 2-core machine, and gets this answer: once, and only while it is fresh (issue
 * 34: the rows at start waited for the app's script to ask).
 */
let early: { answer: Promise<IpcResult<unknown>>; until: number } | null = token
  ? { answer: invoke('grants.list', SAVED_LIST_AT_START), until: Date.now() + EARLY_ANSWER_KEPT_MS }
  : null

const invokeOrTakeEarly: Invoke = (channel, input) => {
  if (early && channel === 'grants.list' && asksSavedListAtStart(input)) {
    const { answer, until } = early
    early = null
    if (Date.now() <= until) return answer
  }
  return invoke(channel, input)
}

type Listener = Parameters<Subscribe>[0]
const listeners = new Set<Listener>()
let stream: AbortController | null = null

function deliver(event: string, data: string): void {
  if (!(IPC_EVENTS as readonly string[]).includes(event)) return
  let payload: unknown
  try {
    payload = JSON.parse(data)
  } catch {
    return
  }
  for (const listener of [...listeners]) {
    try {
      listener(event as (typeof IPC_EVENTS)[number], payload)
    } catch (error) {
      // One listener's bug must not silence the others; still show it in the console.
      console.error(error)
    }
  }
}

/** Reads one connection to `/events` until it ends; true if it was accepted. */
async function readEvents(signal: AbortSignal): Promise<'ended' | 'refused'> {
  const response = await send('/events', {
    headers: { [TOKEN_HEADER]: token ?? '', accept: 'text/event-stream' },
    cache: 'no-store',
    signal,
  })
  if (response.status === 403) return 'refused'
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let event = ''
  let data: string[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return 'ended'
    buffer += value
    const lines = buffer.split(/\r\n|\r|\n/)
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) deliver(event || 'message', data.join('\n'))
        event = ''
        data = []
        continue
      }
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const rawValue = colon === -1 ? '' : line.slice(colon + 1)
      const fieldValue = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue
      if (field === 'event') event = fieldValue
      else if (field === 'data') data.push(fieldValue)
    }
  }
}

async function keepReading(controller: AbortController): Promise<void> {
  let delay = RECONNECT_FIRST_MS
  while (!controller.signal.aborted) {
    const started = Date.now()
    try {
      // A refusal will not change until the page gets a new token: stop rather than hammer.
      if ((await readEvents(controller.signal)) === 'refused') return
    } catch {
      if (controller.signal.aborted) return
    }
    // A connection that lasted a while was healthy: start the backoff over.
    if (Date.now() - started > RECONNECT_MAX_MS) delay = RECONNECT_FIRST_MS
    await new Promise((done) => setTimeout(done, delay))
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }
}

const subscribe: Subscribe = (listener) => {
  listeners.add(listener)
  if (!stream && token) {
    const controller = new AbortController()
    stream = controller
    void keepReading(controller)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && stream) {
      stream.abort()
      stream = null
    }
  }
}

Object.defineProperty(window, 'grantDesk', {
  value: buildGrantDeskApi(invokeOrTakeEarly, subscribe),
  enumerable: true,
  writable: false,
  configurable: false,
})
