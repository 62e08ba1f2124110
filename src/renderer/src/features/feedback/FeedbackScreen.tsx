/** Placeholder: replaced by the feature's screen. */
export function FeedbackScreen() {
  return <h1>FeedbackScreen</h1>
}
