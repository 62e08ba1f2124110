/**
 * Opens over whatever screen is showing when an action meets an expired session; after a
 * successful login the interrupted action runs again (lib/bridge.ts). Nothing on the screen
 * underneath is unmounted, so nothing typed is lost.
 */
import { Dialog } from '../../components/Dialog'
import { LoginForm } from './LoginForm'
import { useSession } from '../../state/session/session'

export function LoginDialog() {
  const prompt = useSession((s) => s.prompt)
  const closePrompt = useSession((s) => s.closePrompt)
  if (!prompt) return null
  return (
    <Dialog title="Log in to continue" onClose={() => closePrompt(false)} testId="login-dialog">
      <p>{prompt.reason}</p>
      <p className="hint">Your work is kept. After you log in, what you were doing continues.</p>
      <LoginForm onLoggedIn={() => closePrompt(true)} submitLabel="Log in and continue" autoFocus />
      <button type="button" onClick={() => closePrompt(false)}>
        Cancel
      </button>
    </Dialog>
  )
}
