/**
 * When a deadline counts as "closing soon": the checklist's note and the app's highlight use
 * the same three days, so a grant never looks urgent in one place and calm in the other.
 */
export const CLOSING_SOON_MS = 3 * 86_400_000
