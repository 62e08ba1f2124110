/** Logging in (the form, the dialog over an expired session): what the rest of the app may use of this feature. */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded after the first screen (App.tsx): a session expires on a later call, not before the list shows. */
export const LoginDialog = lazyScreen(() => import('./LoginDialog').then((m) => m.LoginDialog))
export { LoginForm } from './LoginForm'
