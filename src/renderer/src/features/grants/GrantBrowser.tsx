/** Placeholder: replaced by the feature's screen. */
export function GrantBrowser() {
  return <h1>GrantBrowser</h1>
}
