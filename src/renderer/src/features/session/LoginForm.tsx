/**
 * Email and password for the grant service. Errors come from the core in the applicant's
 * terms (wrong credentials, service unreachable). Before anything is typed the form says
 * which service the login is for and where it will be kept; over plain HTTP to another
 * computer it asks for a confirmation first (the core refuses without it too). When the service
 * is the sandbox a start command started, its demo logins are offered.
 */
import { type FormEvent, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { originLabel } from '../../../../shared/api'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useSettings } from '../../state/settings'
import { useSession } from '../../state/session/session'
import { BusyMark } from '../../components/Spinner'

export function LoginForm({ onLoggedIn, submitLabel = 'Log in', autoFocus }: { onLoggedIn?: () => void; submitLabel?: string; autoFocus?: boolean }) {
  const status = useSession((s) => s.status)
  const login = useSession((s) => s.login)
  const [email, setEmail] = useState(status?.email ?? '')
  const [password, setPassword] = useState('')
  const [allowPlainHttp, setAllowPlainHttp] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const service = status?.service ? originLabel(status.service) : null
  const plainHttp = status?.plainHttp ?? false
  // Only while the service is the bundled sandbox (the core sends them only then).
  const demoLogins = useSettings((s) => (s.view?.sandbox?.inUse ? s.view.sandbox.demoLogins : null))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const failure = await login(email.trim(), password, { allowPlainHttp })
    setBusy(false)
    if (failure) {
      setError(failure)
      return
    }
    setPassword('')
    onLoggedIn?.()
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label="Log in to the grant service" noValidate>
      {service && (
        <p className="hint" data-testid="login-service">
          Your login is for the grant service at <strong>{service}</strong> and is sent nowhere else.
        </p>
      )}
      {demoLogins && demoLogins.length > 0 && (
        <div className="demo-logins" data-testid="demo-logins">
          <p className="hint">This is the sandbox with demo data. Its demo logins:</p>
          <ul>
            {demoLogins.map((demo) => (
              <li key={demo.email}>
                <code>{demo.email}</code> / <code>{demo.password}</code>{' '}
                <button
                  type="button"
                  onClick={() => {
                    setEmail(demo.email)
                    setPassword(demo.password)
                  }}
                >
                  Use {demo.email}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label>
        Email
        <input
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          {...(autoFocus ? { 'data-autofocus': true } : {})}
        />
      </label>
      <label>
        Password
        <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {plainHttp && (
        <div className="notice notice-warn" data-testid="login-plain-http">
          <p>
            {service ?? 'This service'} is reached over plain HTTP: your password and login would cross the network unencrypted, where others on it could read
            them. Use the service’s https:// address in Settings if it has one.
          </p>
          <label>
            <input type="checkbox" checked={allowPlainHttp} onChange={(e) => setAllowPlainHttp(e.target.checked)} /> Log in over plain HTTP anyway
          </label>
        </div>
      )}
      {error && <ErrorNotice error={error} />}
      {status && <p className="hint">{status.storageNote}</p>}
      <button type="submit" className="primary" disabled={busy || (plainHttp && !allowPlainHttp)}>
        <BusyMark busy={busy} />
        {busy ? 'Logging in…' : submitLabel}
      </button>
    </form>
  )
}
