// @vitest-environment jsdom
/**
 * Routes in the address's fragment (jsdom's real `location` and `history`): a reload restores
 * the screen and its tab, back and forward move between screens, and the browser host's
 * `#token=…` or a fragment that is not a route is never taken for one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseHash, routeHash } from '../../../../../src/renderer/src/state/app/routeHash'

type NavigationModule = typeof import('../../../../../src/renderer/src/state/app/navigation')

/** The module as a fresh page load with `hash` in the address would see it. */
async function loadWith(hash: string): Promise<NavigationModule> {
  window.history.replaceState(null, '', `/index.html${hash}`)
  vi.resetModules()
  return import('../../../../../src/renderer/src/state/app/navigation')
}

/** Waits for the popstate/hashchange that `history.back()` fires asynchronously. */
function nextNavigation(): Promise<void> {
  return new Promise((done) => window.addEventListener('popstate', () => setTimeout(done, 0), { once: true }))
}

describe('route ↔ fragment', () => {
  it('round-trips every screen, ids with awkward characters and a tab', () => {
    const routes = [
      { name: 'grants' },
      { name: 'welcome' },
      { name: 'grant', id: '11111111-1111-4111-8111-111111111111' },
      { name: 'draft', id: 'my draft & notes=1 é' },
      { name: 'settings' },
    ] as const
    for (const route of routes) {
      expect(parseHash(routeHash(route, null))).toEqual({ route, tab: null })
      expect(parseHash(routeHash(route, 'checklist'))).toEqual({ route, tab: 'checklist' })
    }
    expect(routeHash({ name: 'draft', id: 'a&token=b' }, null)).toBe('#/draft/a%26token%3Db')
  })

  it('reads the host token, unknown screens, broken escapes and odd tabs as no route', () => {
    expect(parseHash('#token=abc')).toBeNull()
    expect(parseHash('')).toBeNull()
    expect(parseHash('#/nowhere')).toBeNull()
    expect(parseHash('#/settings/extra')).toBeNull()
    expect(parseHash('#/draft/%E0%A4%A')).toBeNull()
    expect(parseHash('#/draft/')).toBeNull()
    expect(parseHash('#/draft/x?tab=<script>')).toEqual({ route: { name: 'draft', id: 'x' }, tab: null })
  })
})

describe('navigation through the address', () => {
  let stop: (() => void) | null = null
  beforeEach(() => {
    stop = null
  })
  afterEach(() => {
    stop?.()
  })

  it('a reload on a draft and tab opens that draft and tab, marked as restored', async () => {
    const { useNavigation } = await loadWith('#/draft/grant-pitch?tab=fields')
    expect(useNavigation.getState().route).toEqual({ name: 'draft', id: 'grant-pitch' })
    expect(useNavigation.getState().tab).toBe('fields')
    expect(useNavigation.getState().restored).toBe(true)
  })

  it('a first load without a route shows the grants and writes them into the address without a new step', async () => {
    const { useNavigation, startHashRouting } = await loadWith('')
    const steps = window.history.length
    stop = startHashRouting()
    expect(useNavigation.getState().route).toEqual({ name: 'grants' })
    expect(useNavigation.getState().restored).toBe(false)
    expect(window.location.hash).toBe('#/grants')
    expect(window.history.length).toBe(steps)
  })

  it('go adds a step, setTab replaces it, and back and forward walk the screens', async () => {
    const { useNavigation, go, startHashRouting } = await loadWith('#/grants')
    stop = startHashRouting()
    go({ name: 'grant', id: 'g1' })
    go({ name: 'draft', id: 'd1' })
    useNavigation.getState().setTab('review')
    expect(window.location.hash).toBe('#/draft/d1?tab=review')

    let moved = nextNavigation()
    window.history.back()
    await moved
    expect(useNavigation.getState().route).toEqual({ name: 'grant', id: 'g1' })
    expect(useNavigation.getState().tab).toBeNull()

    moved = nextNavigation()
    window.history.forward()
    await moved
    expect(useNavigation.getState().route).toEqual({ name: 'draft', id: 'd1' })
    expect(useNavigation.getState().tab).toBe('review')
  })

  it('a redirect replaces the step it came from', async () => {
    const { go, startHashRouting } = await loadWith('#/grants')
    stop = startHashRouting()
    const steps = window.history.length
    go({ name: 'welcome' }, { replace: true })
    expect(window.location.hash).toBe('#/welcome')
    expect(window.history.length).toBe(steps)
  })
})
