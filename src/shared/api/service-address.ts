/**
 * What a grant service address means for credentials: the origin they belong to, and whether
 * they would travel in clear. Shared by the core (which sends credentials only to the origin
 * that issued them) and the renderer (which says which service a login is for, and warns
 * before a login over plain HTTP to another computer).
 */

/**
 * The service's origin, normalised: scheme, host and port, lower-case, without a default
 * port, path, query or trailing dot (`HTTP://Example.org:80/api` → `http://example.org`).
 * Null for anything that is not an http(s) address.
 */
export function serviceOrigin(address: string): string | null {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.hostname === '') return null
  // `example.org.` names the same host as `example.org`; keep one key for both.
  const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname
  const port = url.port === '' ? '' : `:${url.port}`
  return `${url.protocol}//${host.toLowerCase()}${port}`
}

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]`: traffic that never leaves this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true
  if (/^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * True when credentials sent to `address` would cross a network unencrypted: plain `http:` to
 * a host other than this computer.
 */
export function sendsCredentialsInClear(address: string): boolean {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    return false
  }
  return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
}

/** `host:port` (or `host`) of an origin, for sentences: "the service at grants.example.org". */
export function originLabel(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return origin
  }
}
