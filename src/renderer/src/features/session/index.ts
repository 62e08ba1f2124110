/** Logging in (the form, the dialog over an expired session): what the rest of the app may use of this feature. */
export { LoginDialog } from './LoginDialog'
export { LoginForm } from './LoginForm'
