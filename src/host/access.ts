/**
 * Who may use the browser host (server.ts's header says why): the per-run token's header, the
 * one-time launch address, the refusal a page without the token gets, and the failure envelope.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { AppError, IpcResult } from '../shared/ipc'

export const TOKEN_HEADER = 'x-grant-desk-token'

/** Where a one-time launch code is redeemed. */
export const LAUNCH_PATH = '/open/'

export function failure(code: AppError['code'], message: string): Extract<IpcResult<never>, { ok: false }> {
  return { ok: false, error: { code, message } }
}

export const FORBIDDEN = failure(
  'unauthorized',
  'This page is not allowed to use Grant Desk’s browser host. Open the address `npm run start:browser` printed (it ends in #token=…).',
)

/** A request the host failed to answer (a bug): the page's files and the routes alike. */
export const UNEXPECTED = failure(
  'server_error',
  'Grant Desk’s browser host hit an unexpected problem. Try again; if it keeps happening, restart `npm run start:browser`.',
)

/** Sent with every answer: no sniffing, no referrer, no framing, no use by other sites, nothing kept unless said (but see pageHeaders). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
}

/**
 * SECURITY_HEADERS for an answer that a browser may show as a page (the page, the launch address's
 * redirect to it) whose navigation said `fetchSite`. They hold the opener policy, which cuts a page
 * that opened this one, or that this one opened, off from it (no handle to navigate it or send it
 * messages). Not when the browser itself started the navigation (`Sec-Fetch-Site: none`: the app
 * window the host opened, an address typed or bookmarked): such a page has no opener, and every
 * link the app opens is `noopener`. There the policy only cost: Chromium moves the page into a
 * renderer process of its own, which took the page 300–340 ms more at every start to draw its
 * grants on a 2-core machine (issue 34's start-up row, docs/benchmarks.md). What that leaves open:
 * a tab that a hostile page opened, into which the person then types the app's address with its
 * token. Every other navigation (another site's link or `window.open`, the page's own reload, a
 * browser that does not say) still gets the policy.
 */
export function pageHeaders(fetchSite: string | string[] | undefined): Record<string, string> {
  if (fetchSite !== 'none') return { ...SECURITY_HEADERS }
  const { 'Cross-Origin-Opener-Policy': _cut, ...rest } = SECURITY_HEADERS
  return rest
}

export const WRONG_HOST = 'Forbidden: this server answers only to 127.0.0.1 and localhost.'

/** The Host names this server answers to on `port` (against DNS rebinding: server.ts's header). */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}
