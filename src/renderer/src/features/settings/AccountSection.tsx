/** Who is logged in to the grant service, where the credentials are kept, and logging in or out. */
import { useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { LoginForm } from '../session/LoginForm'
import { useSession } from '../session/sessionSlice'
import { RetryNotice } from './RetryNotice'

export function AccountSection() {
  const status = useSession((s) => s.status)
  const statusError = useSession((s) => s.error)
  const refresh = useSession((s) => s.refresh)
  const logout = useSession((s) => s.logout)
  const [failure, setFailure] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)

  const logOut = async () => {
    setBusy(true)
    setFailure(await logout())
    setBusy(false)
  }

  return (
    <section aria-labelledby="settings-account-heading">
      <h2 id="settings-account-heading">Account</h2>
      {!status && statusError && <RetryNotice error={statusError} onRetry={refresh} busyLabel="Checking whether you are logged in…" />}
      {!status && !statusError && <Loading label="Checking whether you are logged in…" />}
      {status?.loggedIn && (
        <>
          <p>
            Logged in as <strong data-testid="account-email">{status.email}</strong>.
          </p>
          <p className="hint">{status.storageNote}</p>
          <button type="button" onClick={() => void logOut()} disabled={busy}>
            Log out
          </button>
        </>
      )}
      {status && !status.loggedIn && (
        <>
          <p>Not logged in. Browsing grants needs no login; submitting and sending reports do.</p>
          <LoginForm />
        </>
      )}
      {failure && <ErrorNotice error={failure} />}
    </section>
  )
}
