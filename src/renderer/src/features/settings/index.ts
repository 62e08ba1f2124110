/** The Settings and Welcome screens: what the rest of the app may use of this feature. */
export { SettingsScreen } from './SettingsScreen'
export { WelcomeScreen } from './WelcomeScreen'
