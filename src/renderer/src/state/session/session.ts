/**
 * Who is logged in, where the credentials are kept, and the login dialog that opens over the
 * current screen when the session expires mid-action (see lib/bridge.ts: the interrupted call
 * waits for `promptLogin` and is repeated once it resolves true).
 */
import { createStore } from '../store'
import type { AppError, SessionStatus } from '../../../../shared/ipc'
import { call, onEvent, setLoginPrompt } from '../../lib/bridge'

interface LoginPrompt {
  reason: string
  resolve: (loggedIn: boolean) => void
}

interface SessionState {
  status: SessionStatus | null
  /** Why the status could not be read, if it could not. */
  error: AppError | null
  prompt: LoginPrompt | null
  refresh: () => Promise<void>
  /** Resolves to null on success, else the error to show in the form. */
  login: (email: string, password: string, options?: { allowPlainHttp?: boolean }) => Promise<AppError | null>
  /** Logs out of the service in use; logins kept for other addresses stay. */
  logout: () => Promise<AppError | null>
  /** Erases the login kept for another service address. */
  forget: (service: string) => Promise<AppError | null>
  promptLogin: (reason: string) => Promise<boolean>
  /** Closes the dialog; `loggedIn` says whether the waiting action should be repeated. */
  closePrompt: (loggedIn: boolean) => void
}

export const useSession = createStore<SessionState>((set, get) => ({
  status: null,
  error: null,
  prompt: null,
  refresh: async () => {
    const result = await call('session.status')
    set(result.ok ? { status: result.value, error: null } : { error: result.error })
  },
  login: async (email, password, options = {}) => {
    const result = await call('session.login', { email, password, ...(options.allowPlainHttp ? { allowPlainHttp: true } : {}) })
    if (!result.ok) return result.error
    set({ status: result.value, error: null })
    return null
  },
  logout: async () => {
    const result = await call('session.logout')
    if (!result.ok) return result.error
    set({ status: result.value, error: null })
    return null
  },
  forget: async (service) => {
    const result = await call('session.forget', { service })
    if (!result.ok) return result.error
    set({ status: result.value, error: null })
    return null
  },
  promptLogin: (reason) =>
    new Promise<boolean>((resolve) => {
      // Two actions interrupted at once share one dialog; both resume after one login.
      const previous = get().prompt
      set({
        prompt: {
          reason,
          resolve: (loggedIn) => {
            previous?.resolve(loggedIn)
            resolve(loggedIn)
          },
        },
      })
    }),
  closePrompt: (loggedIn) => {
    const prompt = get().prompt
    set({ prompt: null })
    prompt?.resolve(loggedIn)
  },
}))

/** Wires the session to the bridge: the login prompt and the core's expiry event. */
export function startSession(): () => void {
  setLoginPrompt((reason) => useSession.getState().promptLogin(reason))
  const stop = onEvent('session.expired', ({ email }) => {
    const status = useSession.getState().status
    if (status) useSession.setState({ status: { ...status, loggedIn: false, email: email ?? status.email } })
  })
  void useSession.getState().refresh()
  return () => {
    stop()
    setLoginPrompt(null)
  }
}
