/**
 * Who is logged in to the grant service in use, where the credentials are kept, logging in or
 * out, and the logins kept for other service addresses (used again when the address is
 * switched back, and erasable here).
 */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { originLabel } from '../../../../shared/api'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { LoginForm } from '../session'
import { useSession } from '../../state/session'
import { RetryNotice } from './RetryNotice'

export function AccountSection() {
  const status = useSession((s) => s.status)
  const statusError = useSession((s) => s.error)
  const refresh = useSession((s) => s.refresh)
  const logout = useSession((s) => s.logout)
  const forget = useSession((s) => s.forget)
  const [failure, setFailure] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const service = status?.service ? originLabel(status.service) : null

  const run = async (action: () => Promise<AppError | null>) => {
    setBusy(true)
    setFailure(await action())
    setBusy(false)
  }

  return (
    <section aria-labelledby="settings-account-heading">
      <h2 id="settings-account-heading">Account</h2>
      {!status && statusError && <RetryNotice error={statusError} onRetry={refresh} busyLabel="Checking whether you are logged in…" />}
      {!status && !statusError && <Loading label="Checking whether you are logged in…" />}
      {status?.notice && (
        <div className="notice notice-warn" role="status" data-testid="session-notice">
          <p>{status.notice}</p>
        </div>
      )}
      {status?.loggedIn && (
        <>
          <p>
            Logged in to <strong>{service}</strong> as <strong data-testid="account-email">{status.email}</strong>.
          </p>
          <p className="hint">{status.storageNote}</p>
          <button type="button" onClick={() => void run(logout)} disabled={busy}>
            Log out of {service}
          </button>
        </>
      )}
      {status && !status.loggedIn && (
        <>
          <p>
            Not logged in
            {service ? (
              <>
                {' '}
                to <strong>{service}</strong>
              </>
            ) : null}
            . Browsing grants needs no login; submitting and sending reports do.
          </p>
          <LoginForm />
        </>
      )}
      {status && status.otherServices.length > 0 && (
        <div data-testid="other-logins">
          <h3>Logins for other service addresses</h3>
          <p className="hint">Kept so that switching the address back needs no new login. They are only ever sent to their own service.</p>
          <ul>
            {status.otherServices.map(({ service: other, email }) => (
              <li key={other}>
                <strong>{originLabel(other)}</strong> as {email}{' '}
                <button type="button" disabled={busy} onClick={() => void run(() => forget(other))} aria-label={`Erase the login for ${originLabel(other)}`}>
                  Erase
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure && <ErrorNotice error={failure} />}
    </section>
  )
}
