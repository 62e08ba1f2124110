/** Placeholder: replaced by the feature's screen. */
export function DraftEditor({ id }: { id: string }) {
  return <h1>DraftEditor</h1>
}
