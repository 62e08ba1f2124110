/**
 * Asks links whether they answer (issue 33), with the bounds lychee's and markdown-link-check's
 * users ask for: HEAD, then GET when HEAD is refused; redirects followed up to 5; one timeout
 * per link (10 s); at most 4 requests at a time and 2 per host. Node's own fetch (undici), with
 * `redirect: 'manual'` so each hop is counted and each request holds its host's slot. No
 * `electron` here: the CLI, the desktop app and the browser host share it.
 */
import { Semaphore } from 'async-mutex'
import type { LinkOutcome } from '../../../shared/ipc'

export interface CheckBounds {
  /** Per link, redirects and a GET after a refused HEAD included. */
  timeoutMs: number
  maxRedirects: number
  concurrency: number
  perHost: number
}

export const DEFAULT_BOUNDS: CheckBounds = { timeoutMs: 10_000, maxRedirects: 5, concurrency: 4, perHost: 2 }

/** Answers to HEAD that mean "not this method", not "not this page": GET is asked then. */
const HEAD_REFUSED = new Set([400, 403, 405, 406, 501])
/** Failures that mean there is no network at all; when no link got past them, the check is "offline". */
export const NO_NETWORK = new Set(['EAI_AGAIN', 'ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH'])
const DEAD_CODES: Record<string, string> = {
  ENOTFOUND: 'names a host that does not exist (no DNS answer)',
  EAI_AGAIN: 'names a host that could not be found (DNS failure)',
  ECONNREFUSED: 'refused the connection',
}
const USER_AGENT = 'grant-desk-link-check (+https://github.com/grant-desk)'

/** What one link gave, with the failure's code when it never answered (for the offline verdict). */
export interface Asked {
  outcome: LinkOutcome
  code?: string | undefined
}

/** The request slots: 4 in all, 2 per host; a request takes its host's slot first, so waiting for a busy host holds no global slot. */
export class RequestSlots {
  private readonly all: Semaphore
  private readonly hosts = new Map<string, Semaphore>()

  constructor(private readonly bounds: Pick<CheckBounds, 'concurrency' | 'perHost'>) {
    this.all = new Semaphore(bounds.concurrency)
  }

  async run<T>(host: string, work: () => Promise<T>): Promise<T> {
    let slot = this.hosts.get(host)
    if (!slot) {
      slot = new Semaphore(this.bounds.perHost)
      this.hosts.set(host, slot)
    }
    return slot.runExclusive(() => this.all.runExclusive(work))
  }
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * The link's time: spent only while one of its requests runs (waiting for a slot behind other
 * links is not the link's fault), across every hop and the GET after a refused HEAD.
 */
class LinkClock {
  #left: number
  expired = false
  constructor(ms: number) {
    this.#left = ms
  }
  async run<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const start = performance.now()
    const signal = AbortSignal.timeout(Math.max(1, Math.ceil(this.#left)))
    try {
      return await request(signal)
    } finally {
      this.#left -= performance.now() - start
      if (signal.aborted) this.expired = true
    }
  }
}

/** One request; the body of an answer is never read (a GET's is cancelled). */
async function ask(url: URL, method: 'HEAD' | 'GET', clock: LinkClock, slots: RequestSlots): Promise<Response> {
  return slots.run(url.host.toLowerCase(), () =>
    clock.run(async (signal) => {
      const response = await fetch(url, { method, redirect: 'manual', signal, headers: { 'user-agent': USER_AGENT, accept: '*/*' } })
      await response.body?.cancel().catch(() => undefined)
      return response
    }),
  )
}

function byStatus(status: number, now: number): LinkOutcome {
  if (status === 404 || status === 410) return { state: 'dead', status, reason: `answers ${status}`, checkedAt: now }
  if (status === 429) return { state: 'unsure', status, reason: 'answers 429 (too many requests)', checkedAt: now }
  if (status >= 500) return { state: 'unsure', status, reason: `answers ${status} (a server error)`, checkedAt: now }
  // 2xx, and 401/403 and the like: the page is there, behind a login or a bot filter.
  return { state: 'ok', status, reason: `answers ${status}`, checkedAt: now }
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`)

/** Asks one link; never throws. */
export async function checkOne(link: string, slots: RequestSlots, bounds: CheckBounds = DEFAULT_BOUNDS, now: () => number = Date.now): Promise<Asked> {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return { outcome: { state: 'dead', reason: 'is not a valid web address', checkedAt: now() } }
  }
  const clock = new LinkClock(bounds.timeoutMs)
  try {
    for (let hops = 0; ; hops++) {
      let response = await ask(url, 'HEAD', clock, slots)
      if (HEAD_REFUSED.has(response.status)) response = await ask(url, 'GET', clock, slots)
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
      if (location === null) return { outcome: byStatus(response.status, now()) }
      if (hops >= bounds.maxRedirects) {
        return { outcome: { state: 'unsure', status: response.status, reason: `redirects more than ${bounds.maxRedirects} times`, checkedAt: now() } }
      }
      url = new URL(location, url)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { outcome: { state: 'unsure', status: response.status, reason: `redirects to ${url.protocol} (not a web page)`, checkedAt: now() } }
      }
    }
  } catch (error) {
    const code = errorCode(error)
    if ((error as Error).name === 'TimeoutError' || clock.expired) {
      return { outcome: { state: 'unsure', reason: `did not answer within ${seconds(bounds.timeoutMs)}`, checkedAt: now() }, code: 'TIMEOUT' }
    }
    if (code && DEAD_CODES[code]) return { outcome: { state: 'dead', reason: DEAD_CODES[code], checkedAt: now() }, code }
    return { outcome: { state: 'unsure', reason: 'dropped the connection before answering', checkedAt: now() }, code: code ?? 'UNKNOWN' }
  }
}
