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
