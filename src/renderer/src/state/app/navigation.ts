/**
 * Which screen is shown, mirrored in the address's fragment (`#/draft/<id>?tab=checklist`) so a
 * reload comes back to the same screen and the browser's (or the mouse's) back and forward
 * buttons walk through screens. `back` returns to where the applicant came from inside the app
 * (detail → list keeps the list's filters, which live in the grants slice).
 *
 * `tab` is one screen-chosen word kept beside the route (the editor's right-column tab, say):
 * any screen may read and set it; changing it replaces the address rather than adding a step,
 * so back goes to the previous screen, not the previous tab.
 *
 * The browser host gives the page its key as `#token=…`; its bridge script takes it out of the
 * address before this module runs, and a fragment this module cannot read as a route is left
 * alone (the default screen shows) rather than rewritten.
 */
import { createStore } from '../store'
import { type Route, parseHash, routeHash } from './routeHash'

export type { Route }

export interface GoOptions {
  /** The tab to show on the new screen (default none: the screen's own default). */
  tab?: string | null
  /** Replace the current step of the browser's history instead of adding one (redirects). */
  replace?: boolean
}

interface NavigationState {
  route: Route
  tab: string | null
  /** True when the first route came from the address (a reload), not from the default. */
  restored: boolean
  history: Route[]
  go: (route: Route, options?: GoOptions) => void
  back: () => void
  setTab: (tab: string | null) => void
}

const DEFAULT_ROUTE: Route = { name: 'grants' }

function currentHash(): string {
  return typeof window === 'undefined' ? '' : window.location.hash
}

function writeHash(route: Route, tab: string | null, replace: boolean): void {
  if (typeof window === 'undefined') return
  const hash = routeHash(route, tab)
  if (window.location.hash === hash) return
  // pushState/replaceState fire no hashchange, so this never echoes back into the store.
  const url = `${window.location.pathname}${window.location.search}${hash}`
  if (replace) window.history.replaceState(window.history.state, '', url)
  else window.history.pushState(window.history.state, '', url)
}

const initial = parseHash(currentHash())

export const useNavigation = createStore<NavigationState>((set, get) => ({
  route: initial?.route ?? DEFAULT_ROUTE,
  tab: initial?.tab ?? null,
  restored: initial !== null,
  history: [],
  go: (route, options = {}) => {
    const tab = options.tab ?? null
    writeHash(route, tab, options.replace ?? false)
    set((state) => ({ route, tab, history: [...state.history.slice(-20), state.route] }))
  },
  back: () => {
    const previous = get().history.at(-1)
    if (!previous) return
    writeHash(previous, null, false)
    set((state) => ({ route: previous, tab: null, history: state.history.slice(0, -1) }))
  },
  setTab: (tab) => {
    writeHash(get().route, tab, true)
    set({ tab })
  },
}))

export function go(route: Route, options?: GoOptions): void {
  useNavigation.getState().go(route, options)
}

function sameRoute(a: Route, b: Route): boolean {
  return routeHash(a, null) === routeHash(b, null)
}

/**
 * Follows the address: back, forward, or a fragment typed by hand. Writes the current route
 * into an address that has none yet (the first load), without adding a step. Returns the stop.
 */
export function startHashRouting(): () => void {
  const state = useNavigation.getState()
  writeHash(state.route, state.tab, true)
  const follow = () => {
    const parsed = parseHash(window.location.hash)
    if (parsed === null) return
    const now = useNavigation.getState()
    if (sameRoute(parsed.route, now.route)) {
      if (parsed.tab !== now.tab) useNavigation.setState({ tab: parsed.tab })
      return
    }
    useNavigation.setState((current) => ({ route: parsed.route, tab: parsed.tab, history: [...current.history.slice(-20), current.route] }))
  }
  window.addEventListener('hashchange', follow)
  window.addEventListener('popstate', follow)
  return () => {
    window.removeEventListener('hashchange', follow)
    window.removeEventListener('popstate', follow)
  }
}
