/** Placeholder: replaced by the feature's screen. */
export function SettingsScreen() {
  return <h1>SettingsScreen</h1>
}
