/** Placeholder: replaced by the feature's screen. */
export function ApplicationsScreen() {
  return <h1>ApplicationsScreen</h1>
}
