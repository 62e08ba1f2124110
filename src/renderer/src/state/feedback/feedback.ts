/**
 * The report being written and what became of the last one. Kept outside the screen so a
 * half-written report survives a visit to another screen.
 */
import { createStore } from '../store'
import { FEEDBACK_ISSUE_MAX, characterCount } from '../../../../shared/api'
import type { AppError } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'

export type FeedbackSendState =
  { state: 'idle' } | { state: 'sending' } | { state: 'sent'; message: string; id: string | null } | { state: 'failed'; error: AppError }

interface FeedbackState {
  text: string
  sendState: FeedbackSendState
  setText: (text: string) => void
  send: () => Promise<void>
}

export const useFeedback = createStore<FeedbackState>((set, get) => ({
  text: '',
  sendState: { state: 'idle' },
  setText: (text) => set({ text }),
  send: async () => {
    set({ sendState: { state: 'sending' } })
    const result = await call('feedback.send', { issue: get().text })
    // Sent: the report is with the service, so the box is emptied for the next one; failed: kept.
    set(
      result.ok
        ? { text: '', sendState: { state: 'sent', message: result.value.message, id: result.value.id } }
        : { sendState: { state: 'failed', error: result.error } },
    )
  },
}))

/** Over the service's limit, counted as `FeedbackRequest` counts it. */
export function issueTooLong(text: string): boolean {
  return characterCount(text) > FEEDBACK_ISSUE_MAX
}
