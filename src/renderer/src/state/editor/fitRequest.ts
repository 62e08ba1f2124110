/**
 * A draft made from an imported file opens with "Fit to the template" shown (issue 36: after an
 * import, or on demand): the Drafts screen asks for it as it opens the new draft, and the editor
 * takes the request once, for that draft only.
 */
let pending: string | null = null

/** Show the fit when the draft `draftId` is next opened in the editor. */
export function fitWhenOpened(draftId: string): void {
  pending = draftId
}

/** Whether the fit was asked for `draftId`; the request is used up either way it matches. */
export function takeFitRequest(draftId: string): boolean {
  if (pending !== draftId) return false
  pending = null
  return true
}
