/**
 * The report being written and what became of the last one. Kept outside the screen so a
 * half-written report survives a visit to another screen.
 */
import { create } from 'zustand'
import type { AppError } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'

export type FeedbackResult = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; message: string; id: string | null } | { state: 'failed'; error: AppError }

interface FeedbackState {
  text: string
  result: FeedbackResult
  setText(text: string): void
  send(): Promise<void>
}

export const useFeedback = create<FeedbackState>((set, get) => ({
  text: '',
  result: { state: 'idle' },
  setText: (text) => set({ text }),
  send: async () => {
    set({ result: { state: 'sending' } })
    const result = await call('feedback.send', { issue: get().text })
    // Sent: the report is with the service, so the box is emptied for the next one; failed: kept.
    set(result.ok ? { text: '', result: { state: 'sent', message: result.value.message, id: result.value.id } } : { result: { state: 'failed', error: result.error } })
  },
}))

/** Characters as a person (and the service's limit) counts them: code points, not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length
}
