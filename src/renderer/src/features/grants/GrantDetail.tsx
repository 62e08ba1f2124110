/** Placeholder: replaced by the feature's screen. */
export function GrantDetail({ id }: { id: string }) {
  return <h1>GrantDetail</h1>
}
