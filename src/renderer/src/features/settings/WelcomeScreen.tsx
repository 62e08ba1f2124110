/** Placeholder: replaced by the feature's screen. */
export function WelcomeScreen() {
  return <h1>WelcomeScreen</h1>
}
