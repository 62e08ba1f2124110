/**
 * The open draft's link check (issue 33): what "Check links" (or a save, with the setting
 * `checkLinksOnSave` on, while online) found. The checklist reads it (useChecklist), so a dead
 * link is a finding at its place and counts for no evidence. Nothing is asked but on those two
 * actions; the core asks (links.check), with the same checker as `grant-desk lint --check-links`.
 */
import type { AppError, LinkCheck } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { currentText } from './useTextAtPause'
import { useConnectivity } from '../connectivity'
import { useSettings } from '../settings'
import { createStore } from '../store'

interface LinkCheckState {
  /** The draft the result is about; a result of another draft is never shown. */
  draftId: string | null
  checking: boolean
  result: LinkCheck | null
  error: AppError | null
  /** Asks the links of the text as the editor holds it now. */
  check: (draftId: string) => Promise<void>
  /** Another draft was opened (or none): its links were not checked. */
  reset: (draftId: string | null) => void
}

export const useLinkCheck = createStore<LinkCheckState>((set, get) => ({
  draftId: null,
  checking: false,
  result: null,
  error: null,
  check: async (draftId) => {
    set({ draftId, checking: true, error: null, ...(get().draftId !== draftId ? { result: null } : {}) })
    const { pitch, customFields } = currentText()
    const answer = await call('links.check', { pitch, customFields })
    // The applicant moved on to another draft meanwhile: this answer is not about it.
    if (get().draftId !== draftId) return
    set(answer.ok ? { checking: false, result: answer.value } : { checking: false, error: answer.error })
  },
  reset: (draftId) => {
    if (get().draftId !== draftId) set({ draftId, checking: false, result: null, error: null })
  },
}))

/** After an explicit save: the links are checked when the applicant opted in and the app is online. */
export function checkLinksAfterSave(draftId: string): void {
  const online = useConnectivity.getState().online !== false && (typeof navigator === 'undefined' || navigator.onLine !== false)
  if (!online || useSettings.getState().view?.checkLinksOnSave !== true) return
  void useLinkCheck.getState().check(draftId)
}
