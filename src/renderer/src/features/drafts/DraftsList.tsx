/** Placeholder: replaced by the feature's screen. */
export function DraftsList() {
  return <h1>DraftsList</h1>
}
