/**
 * The application frame: the header (screens, who is logged in), the offline banner, the
 * current screen, the status bar, and the login dialog that can open over any screen.
 */
import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ErrorNotice } from './components/ErrorNotice'
import { Spinner } from './components/Spinner'
import type { AppError } from '../../shared/ipc'
import { APP_SCREENS } from '../../shared/text'
import { ApplicationsScreen } from './features/applications'
import { ConflictHost } from './features/conflicts'
import { OfflineBanner, StatusLine, WaitingBanner } from './features/connectivity'
import { DueSoonMenu } from './features/reminders'
import { startConnectivity } from './state/connectivity'
import { afterFirstScreen, dropFirstPaint, firstScreenShown, isFirstScreenShown, type Route, startHashRouting, useNavigation } from './state/app'
import { DraftsList } from './features/drafts'
import { DraftEditor, UnsavedDraftsAlert } from './features/editor'
import { FeedbackScreen } from './features/feedback'
import { GrantBrowser, GrantDetail } from './features/grants'
import { startSavedSearches } from './state/saved-searches'
import { LoginDialog } from './features/session'
import { startSession, useSession } from './state/session'
import { SettingsScreen, WelcomeScreen } from './features/settings'
import { ArrivalNotice, SyncConflicts, SyncStatus } from './features/sync'
import { startSync } from './state/sync'
import { useSettings, useAppliedTheme } from './state/settings'

/** The header's screens: their names are shared with the host's first paint, which draws the same header. */
const NAV: { label: string; route: Route; key: readonly Route['name'][] }[] = APP_SCREENS.map((item) => ({
  label: item.label,
  route: { name: item.screen },
  key: item.current,
}))

/**
 * Every screen but the grant list (the first one of an applicant who is logged in) is a chunk of
 * its own, loaded when first shown (each feature's index.ts exports it with `lazyScreen`): the
 * editor, Markdown rendering and review code made a megabyte of script that every start parsed
 * and ran before the list could show. A few seconds after start, when the browser is idle, the
 * others are fetched in the background, so that opening one later is as quick as before.
 */
const LAZY_SCREENS = [WelcomeScreen, GrantDetail, DraftsList, DraftEditor, ApplicationsScreen, SettingsScreen, FeedbackScreen]
/** Long enough for the first screen to have had its data and its paint. */
const PRELOAD_AFTER_MS = 3_000

function preloadScreens(): () => void {
  let idle: number | null = null
  const timer = window.setTimeout(() => {
    const load = () => {
      for (const screen of LAZY_SCREENS) void screen.preload().catch(() => {})
    }
    idle = window.requestIdleCallback ? window.requestIdleCallback(load) : window.setTimeout(load, 0)
  }, PRELOAD_AFTER_MS)
  return () => {
    window.clearTimeout(timer)
    if (idle !== null) (window.cancelIdleCallback ?? window.clearTimeout)(idle)
  }
}

/**
 * The shell's parts that the first screen never shows (each a chunk of its own, see the features'
 * index.ts): rendered, and so fetched, once the first screen has shown. In the start script, the
 * unsaved-drafts notice brought the editor's store and the review's anchoring with
 * diff-match-patch, and the conflict view its merge code, ahead of the grant list.
 */
function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(isFirstScreenShown)
  useEffect(() => afterFirstScreen(() => setShown(true)), [])
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null
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
  // Whether the first screen was chosen: once per run, so no render depends on it.
  const started = useRef(false)
  useAppliedTheme()

  useEffect(() => {
    const stopSession = startSession()
    const stopConnectivity = startConnectivity()
    const stopSavedSearches = startSavedSearches()
    const stopRouting = startHashRouting()
    const stopSync = startSync()
    // The status line's settings wait for the first screen (state/app/firstScreen.ts).
    const stopSettings = afterFirstScreen(() => void useSettings.getState().load())
    const stopPreload = preloadScreens()
    return () => {
      stopSettings()
      stopPreload()
      stopSession()
      stopConnectivity()
      stopSavedSearches()
      stopRouting()
      stopSync()
    }
  }, [])

  // The grant list says itself when it has shown (GrantBrowser); any other first screen (the
  // welcome, a screen restored from the address), or a move away from the list before it showed,
  // lets what waits for the first screen go at once.
  useEffect(() => {
    if (route.name !== 'grants') firstScreenShown()
  }, [route])
  // The host's picture of the grant list goes in the frame that draws another screen (the grant
  // list takes it away itself, as it draws its rows: GrantBrowser).
  useLayoutEffect(() => {
    if (route.name !== 'grants') dropFirstPaint()
  }, [route])

  // First screen: the welcome (address check + login) for someone not logged in, else the grants.
  // A screen restored from the address (a reload) stays: drafts open without a login.
  useEffect(() => {
    if (started.current || !session) return
    started.current = true
    if (!session.loggedIn && !useNavigation.getState().restored) go({ name: 'welcome' }, { replace: true })
  }, [session, go])

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
    // A new screen starts at its top: the window kept the last screen's scroll (the welcome
    // screen scrolled to its Log in button opened the grants 30 px down, the header hidden).
    if (document.scrollingElement) document.scrollingElement.scrollTop = 0
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement
      // Without preventScroll the browser scrolls <main> to the window's top, hiding the
      // navigation above it: the first screen opened 50 px down (the welcome redirect).
      if (active === null || active === document.body || !active.isConnected) main.current?.focus({ preventScroll: true })
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
      <AfterFirstScreen>
        <UnsavedDraftsAlert />
      </AfterFirstScreen>
      <SyncConflicts />
      {logoutError && <ErrorNotice error={logoutError} onRetry={() => void onLogout()} retryLabel="Log out again" />}
      <main id="main" ref={main} className="app-main" tabIndex={-1}>
        <Suspense fallback={<Spinner label="Opening…" />}>
          <Screen route={route} />
        </Suspense>
      </main>
      <footer className="status-bar">
        <StatusLine settings={settings} settingsError={settingsError} loggedIn={session ? session.loggedIn : null} email={session?.email ?? null} />
        <SyncStatus />
      </footer>
      <ArrivalNotice />
      <AfterFirstScreen>
        <LoginDialog />
        <ConflictHost />
      </AfterFirstScreen>
    </div>
  )
}
