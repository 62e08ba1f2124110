/**
 * The application frame: the header (screens, who is logged in), the offline banner, the
 * current screen, the status bar, and the login dialog that can open over any screen.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react'
import { ErrorNotice } from './components/ErrorNotice'
import { Spinner } from './components/Spinner'
import type { AppError } from '../../shared/ipc'
import { OfflineBanner } from './features/connectivity/OfflineBanner'
import { StatusLine } from './features/connectivity/StatusLine'
import { DueSoonMenu } from './features/reminders/DueSoonMenu'
import { WaitingBanner } from './features/connectivity/WaitingBanner'
import { startConnectivity } from './features/connectivity/recheck'
import { UnsavedDraftsAlert } from './features/editor/UnsavedDraftsAlert'
import { GrantBrowser } from './features/grants/GrantBrowser'
import { startSavedSearches } from './features/saved-searches/savedSearchesSlice'
import { type Route, startHashRouting, useNavigation } from './features/navigation/navigationSlice'
import { LoginDialog } from './features/session/LoginDialog'
import { startSession, useSession } from './features/session/sessionSlice'
import { useSettings } from './features/settings/settingsSlice'
import { useAppliedTheme } from './features/settings/theme'

const NAV: { label: string; route: Route; key: Route['name'][] }[] = [
  { label: 'Grants', route: { name: 'grants' }, key: ['grants', 'grant'] },
  { label: 'Drafts', route: { name: 'drafts' }, key: ['drafts', 'draft'] },
  { label: 'Applications', route: { name: 'applications' }, key: ['applications'] },
  { label: 'Settings', route: { name: 'settings' }, key: ['settings'] },
  { label: 'Report an outdated guide', route: { name: 'feedback' }, key: ['feedback'] },
]

/**
 * Every screen but the grant list (the first one of an applicant who is logged in) is its own
 * chunk, loaded when first shown: the editor, Markdown rendering and review code were a megabyte
 * of script that every start parsed and ran before the list could show. Once the first screen
 * is up, the others are fetched in the background (`preloadScreens`), so opening one later is
 * as quick as before.
 */
const SCREENS = {
  welcome: () => import('./features/settings/WelcomeScreen').then((m) => ({ default: m.WelcomeScreen })),
  grant: () => import('./features/grants/GrantDetail').then((m) => ({ default: m.GrantDetail })),
  drafts: () => import('./features/drafts/DraftsList').then((m) => ({ default: m.DraftsList })),
  draft: () => import('./features/editor/DraftEditor').then((m) => ({ default: m.DraftEditor })),
  applications: () => import('./features/applications/ApplicationsScreen').then((m) => ({ default: m.ApplicationsScreen })),
  settings: () => import('./features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
  feedback: () => import('./features/feedback/FeedbackScreen').then((m) => ({ default: m.FeedbackScreen })),
}
const WelcomeScreen = lazy(SCREENS.welcome)
const GrantDetail = lazy(SCREENS.grant)
const DraftsList = lazy(SCREENS.drafts)
const DraftEditor = lazy(SCREENS.draft)
const ApplicationsScreen = lazy(SCREENS.applications)
const SettingsScreen = lazy(SCREENS.settings)
const FeedbackScreen = lazy(SCREENS.feedback)

/** How long after the first screen is chosen the other screens' code is fetched: it must not compete with that screen's first data. */
const PRELOAD_AFTER_MS = 3_000

/** Fetches every screen's chunk a while after start, when the browser is idle (a failed fetch is tried again when the screen opens). */
function preloadScreens(): () => void {
  let idle: number | null = null
  const timer = window.setTimeout(() => {
    const load = () => {
      for (const screen of Object.values(SCREENS)) void screen().catch(() => {})
    }
    idle = window.requestIdleCallback ? window.requestIdleCallback(load) : window.setTimeout(load, 0)
  }, PRELOAD_AFTER_MS)
  return () => {
    window.clearTimeout(timer)
    if (idle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(idle)
  }
}

function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'welcome':
      return <WelcomeScreen />
    case 'grants':
      return <GrantBrowser />
    case 'grant':
      return <GrantDetail id={route.id} />
    case 'drafts':
      return <DraftsList />
    case 'draft':
      return <DraftEditor key={route.id} id={route.id} />
    case 'applications':
      return <ApplicationsScreen />
    case 'settings':
      return <SettingsScreen />
    case 'feedback':
      return <FeedbackScreen />
  }
}

export function App() {
  const route = useNavigation((s) => s.route)
  const go = useNavigation((s) => s.go)
  const session = useSession((s) => s.status)
  const logout = useSession((s) => s.logout)
  const settings = useSettings((s) => s.view)
  const settingsError = useSettings((s) => s.error)
  const [started, setStarted] = useState(false)
  useAppliedTheme()

  useEffect(() => {
    const stopSession = startSession()
    const stopConnectivity = startConnectivity()
    const stopSavedSearches = startSavedSearches()
    const stopRouting = startHashRouting()
    void useSettings.getState().load()
    return () => {
      stopSession()
      stopConnectivity()
      stopSavedSearches()
      stopRouting()
    }
  }, [])

  // The other screens' code, once the first one has had the machine to itself.
  useEffect(() => (started ? preloadScreens() : undefined), [started])

  // First screen: the welcome (address check + login) for someone not logged in, else the grants.
  // A screen restored from the address (a reload) stays: drafts open without a login.
  useEffect(() => {
    if (started || !session) return
    setStarted(true)
    if (!session.loggedIn && !useNavigation.getState().restored) go({ name: 'welcome' }, { replace: true })
  }, [session, started, go])

  // After a screen change the button that caused it is usually gone and focus falls to the
  // page; put it at the start of the new screen so keyboard and screen-reader users go on from
  // there. Screens that place focus themselves (back to the row you came from) are left alone.
  const main = useRef<HTMLElement>(null)
  const firstRoute = useRef(true)
  useEffect(() => {
    if (firstRoute.current) {
      firstRoute.current = false
      return
    }
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement
      if (active === null || active === document.body || !active.isConnected) main.current?.focus()
    })
    return () => cancelAnimationFrame(frame)
  }, [route])

  const [logoutError, setLogoutError] = useState<AppError | null>(null)
  const onLogout = async () => {
    const error = await logout()
    setLogoutError(error)
    if (!error) go({ name: 'welcome' })
  }

  const loggedIn = session?.loggedIn ?? false

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <span className="app-name">Grant Desk</span>
        <nav aria-label="Screens">
          {NAV.map((item) => (
            <button
              key={item.label}
              type="button"
              className="nav-item"
              aria-current={item.key.includes(route.name) ? 'page' : undefined}
              onClick={() => go(item.route)}
            >
              {item.label}
            </button>
          ))}
        </nav>
        <div className="session-area">
          <DueSoonMenu />
          {loggedIn ? (
            <>
              <span className="hint">{session?.email}</span>
              <button type="button" onClick={() => void onLogout()}>
                Log out
              </button>
            </>
          ) : route.name === 'welcome' || route.name === 'settings' ? null : (
            // The welcome and settings screens show the login form themselves.
            <button type="button" onClick={() => go({ name: 'welcome' })}>
              Log in
            </button>
          )}
        </div>
      </header>
      <OfflineBanner />
      <WaitingBanner />
      <UnsavedDraftsAlert />
      {logoutError && <ErrorNotice error={logoutError} onRetry={() => void onLogout()} retryLabel="Log out again" />}
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner label="Opening…" />}>
          <Screen route={route} />
        </Suspense>
      </main>
      <footer className="status-bar">
        <StatusLine settings={settings} settingsError={settingsError} loggedIn={session ? session.loggedIn : null} email={session?.email ?? null} />
      </footer>
      <LoginDialog />
    </div>
  )
}

