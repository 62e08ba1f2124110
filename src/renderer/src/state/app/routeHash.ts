/**
 * A route as an address fragment and back: `#/grants`, `#/grant/<id>`, `#/draft/<id>?tab=fields`.
 * Ids are percent-encoded, so a draft named with spaces, `&` or `=` survives the trip (and can
 * never read as the browser host's `token=`). Anything else — an old bookmark, a hand-typed
 * fragment, the host's `#token=…` — reads as "no route", never as an error.
 */

/** A screen of the app; `navigation.ts` keeps the current one. */
export type Route =
  | { name: 'welcome' }
  | { name: 'grants' }
  | { name: 'grant'; id: string }
  | { name: 'drafts' }
  | { name: 'draft'; id: string }
  | { name: 'applications' }
  | { name: 'settings' }
  | { name: 'feedback' }

const PLAIN: readonly Route['name'][] = ['welcome', 'grants', 'drafts', 'applications', 'settings', 'feedback']
/** A tab is one short word a screen chose; anything else in the address is ignored. */
const TAB = /^[a-z0-9][a-z0-9-]{0,39}$/i
const MAX_ID = 300

export function routeHash(route: Route, tab: string | null): string {
  const path = 'id' in route ? `/${route.name}/${encodeURIComponent(route.id)}` : `/${route.name}`
  return `#${path}${tab !== null && TAB.test(tab) ? `?tab=${encodeURIComponent(tab)}` : ''}`
}

export function parseHash(hash: string): { route: Route; tab: string | null } | null {
  const match = /^#?\/([a-z]+)(?:\/([^/?#]+))?\/?(?:\?(.*))?$/.exec(hash)
  if (!match) return null
  const [, name, rawId, query] = match
  const tabValue = query === undefined ? null : new URLSearchParams(query).get('tab')
  const tab = tabValue !== null && TAB.test(tabValue) ? tabValue : null
  if (rawId === undefined) {
    return (PLAIN as readonly string[]).includes(name!) ? { route: { name: name as (typeof PLAIN)[number] } as Route, tab } : null
  }
  if (name !== 'grant' && name !== 'draft') return null
  let id: string
  try {
    id = decodeURIComponent(rawId)
  } catch {
    return null // a broken %-escape
  }
  if (id.trim() === '' || id.length > MAX_ID) return null
  return { route: { name, id }, tab }
}
