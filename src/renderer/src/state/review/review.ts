/**
 * The app's review store (see reviewStore.ts), talking to the core through the bridge and saving
 * through the app's editor before a verdict, and the hook that ties it to the draft on screen.
 */
import { useEffect } from 'react'
import { call, onEvent } from '../../lib/bridge'
import { useEditor } from '../editor'
import { useSettings } from '../settings'
import { createReviewStore } from './reviewStore'

export type { ComposeTarget, ReviewState } from './reviewStore'

export const useReview = createReviewStore({
  call: (channel, input) => call(channel, input),
  onEvent,
  // The settings screen shows the name saved from the review's dialog.
  onSettingsSaved: (view) => useSettings.getState().saved(view),
  editor: {
    saveNow: () => useEditor.getState().saveNow(),
    savedVersion: () => useEditor.getState().draft?.version ?? null,
    inConflict: () => useEditor.getState().conflict !== null,
  },
})

/** The review of the draft `draftId` while the calling screen is open (DraftEditor). */
export function useReviewSession(draftId: string): void {
  useEffect(() => {
    const review = useReview.getState()
    review.open(draftId)
    return () => review.close()
  }, [draftId])
}
