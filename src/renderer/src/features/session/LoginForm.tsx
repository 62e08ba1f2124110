/**
 * Email and password for the grant service. Errors come from the core in the applicant's
 * terms (wrong credentials, service unreachable); where the credentials will be kept is said
 * before they are typed.
 */
import { type FormEvent, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useSession } from './sessionSlice'

export function LoginForm({ onLoggedIn, submitLabel = 'Log in', autoFocus }: { onLoggedIn?: () => void; submitLabel?: string; autoFocus?: boolean }) {
  const status = useSession((s) => s.status)
  const login = useSession((s) => s.login)
  const [email, setEmail] = useState(status?.email ?? '')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const failure = await login(email.trim(), password)
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
      <label>
        Email
        <input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required {...(autoFocus ? { 'data-autofocus': true } : {})} />
      </label>
      <label>
        Password
        <input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {error && <ErrorNotice error={error} />}
      {status && <p className="hint">{status.storageNote}</p>}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Logging in…' : submitLabel}
      </button>
    </form>
  )
}
