/**
 * First run: is the grant service reachable at the address in use, and logging in. Browsing
 * grants needs no login, so that is offered straight away too.
 */
import { useEffect } from 'react'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { go } from '../../state/app'
import { LoginForm } from '../session'
import { useSession } from '../../state/session'
import { AddressCheckStatus } from './AddressCheckStatus'
import { RetryNotice } from './RetryNotice'
import { useSettings } from '../../state/settings/settings'
import './settings.css'

export function WelcomeScreen() {
  const view = useSettings((s) => s.view)
  const settingsError = useSettings((s) => s.error)
  const loadSettings = useSettings((s) => s.load)
  const check = useSettings((s) => s.check)
  const status = useSession((s) => s.status)
  const sessionError = useSession((s) => s.error)
  const refreshSession = useSession((s) => s.refresh)
  const loggedIn = status?.loggedIn === true

  useEffect(() => {
    const settings = useSettings.getState()
    if (!settings.view) void settings.load()
    void settings.checkAddress()
  }, [])

  return (
    <section aria-labelledby="welcome-heading">
      <h1 id="welcome-heading">Welcome to Grant Desk</h1>
      <p>Find grants and bounties, draft your pitch on this computer (it works offline), check it, and submit it.</p>

      <section className="welcome-step" aria-labelledby="welcome-service-heading">
        <h2 id="welcome-service-heading">Grant service</h2>
        {view ? (
          <p>
            Address: <code data-testid="welcome-service-url">{view.effectiveServiceUrl}</code>
            {view.serviceUrlOverriddenBy ? (
              ` (set by ${view.serviceUrlOverriddenBy} for this run)`
            ) : view.sandbox?.inUse ? (
              <>
                {' '}
                — the sandbox started by <code>{view.sandbox.startedBy}</code>, with demo data. You can point at another service in Settings.
              </>
            ) : (
              ''
            )}
          </p>
        ) : settingsError ? (
          <ErrorNotice error={settingsError} onRetry={() => void loadSettings()} />
        ) : (
          <p>Address: reading settings…</p>
        )}
        <AddressCheckStatus check={check.state === 'idle' ? { state: 'checking' } : check} testId="welcome-check" />
        {check.state === 'failed' && (
          <div className="welcome-actions">
            <button type="button" onClick={() => void useSettings.getState().checkAddress()}>
              Check again
            </button>
            <button type="button" onClick={() => go({ name: 'settings' })}>
              Change the address in Settings
            </button>
          </div>
        )}
      </section>

      <section className="welcome-step" aria-labelledby="welcome-login-heading">
        <h2 id="welcome-login-heading">Log in</h2>
        {!status && !sessionError && <Loading label="Checking whether you are logged in…" />}
        {!status && sessionError && <RetryNotice error={sessionError} onRetry={refreshSession} busyLabel="Checking whether you are logged in…" />}
        {loggedIn && (
          <>
            <p>You are logged in as {status.email}.</p>
            <button type="button" className="primary" onClick={() => go({ name: 'grants' })}>
              Go to grants
            </button>
          </>
        )}
        {!loggedIn && (status || sessionError) && (
          <>
            <p>Log in with your grant service account to submit applications and send reports.</p>
            <LoginForm onLoggedIn={() => go({ name: 'grants' })} />
            <div className="welcome-actions">
              <button type="button" onClick={() => go({ name: 'grants' })}>
                Browse grants without logging in
              </button>
            </div>
            <p className="hint">Browsing needs no login; submitting does, and you will be asked then.</p>
          </>
        )}
      </section>
    </section>
  )
}
