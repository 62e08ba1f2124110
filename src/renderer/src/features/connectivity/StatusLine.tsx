/**
 * The quiet line at the foot of the window: whether the grant service answers, and who is
 * logged in. The service's address is for Settings (and the tooltip here), not for every
 * screen; a problem that stops the app from working at all (no bridge, no settings) takes
 * the line's place in words.
 */
import type { AppError, SettingsView } from '../../../../shared/ipc'
import { bridgeMissing } from '../../lib/bridge'
import { useConnectivity } from '../../state/connectivity/connectivity'

type Connection = { tone: 'online' | 'offline' | 'checking' | 'problem'; text: string }

export function connectionState(online: boolean | null, settings: SettingsView | null, settingsError: AppError | null): Connection {
  if (bridgeMissing()) return { tone: 'problem', text: 'Not connected: the app’s bridge did not load.' }
  if (settingsError) return { tone: 'problem', text: settingsError.message }
  if (!settings || online === null) return { tone: 'checking', text: 'Checking the connection…' }
  return online ? { tone: 'online', text: 'Online' } : { tone: 'offline', text: 'Offline' }
}

export function sessionText(loggedIn: boolean | null, email: string | null): string {
  if (loggedIn === null) return ''
  return loggedIn ? `Logged in as ${email ?? 'unknown'}` : 'Not logged in'
}

export function StatusLine({
  settings,
  settingsError,
  loggedIn,
  email,
}: {
  settings: SettingsView | null
  settingsError: AppError | null
  /** null while the session is still being read. */
  loggedIn: boolean | null
  email: string | null
}) {
  const online = useConnectivity((s) => s.online)
  const connection = connectionState(online, settings, settingsError)
  const who = connection.tone === 'problem' ? '' : sessionText(loggedIn, email)
  return (
    <span role="status" data-testid="wiring" className="status-line">
      <span
        className={`status-connection status-${connection.tone}`}
        data-testid="connection-state"
        title={settings ? `Grant service: ${settings.effectiveServiceUrl}` : undefined}
      >
        {connection.text}
      </span>
      {who && (
        <>
          <span className="status-sep" aria-hidden="true">
            ·
          </span>
          <span data-testid="session-state">{who}</span>
        </>
      )}
    </span>
  )
}
