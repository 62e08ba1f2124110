/**
 * "New" on a thread that a sync brought and this person has not seen yet. Seen means shown:
 * once the Review panel has shown a draft's new threads for a moment, they are marked seen in
 * the core (kept per person, in the app's data folder), and keep the mark until the panel
 * closes, so it does not vanish while being read.
 */
import { useEffect } from 'react'
import { useSync } from '../../state/sync/sync'

/** Long enough that a panel opened and closed in passing has not "seen" anything. */
const SEEN_AFTER_MS = 1_500

export function NewThreadMark({ draftId, threadId }: { draftId: string | null; threadId: string }) {
  const isNew = useSync(
    (s) =>
      draftId !== null && (s.shownNew.includes(`${draftId}/${threadId}`) || s.unseen.some((item) => item.draftId === draftId && item.threadId === threadId)),
  )
  const reply = useSync((s) => s.unseen.find((item) => item.draftId === draftId && item.threadId === threadId)?.kind === 'reply')
  if (!isNew) return null
  return (
    <span className="badge badge-info thread-new" data-testid="thread-new">
      {reply ? 'New reply' : 'New'}
    </span>
  )
}

/** While the Review panel of `draftId` is shown: its new threads are marked seen after a moment. */
export function useMarkNewThreadsSeen(draftId: string | null): void {
  const unseenHere = useSync((s) =>
    draftId === null
      ? ''
      : s.unseen
          .filter((item) => item.draftId === draftId)
          .map((item) => item.threadId)
          .join('\n'),
  )
  useEffect(() => {
    if (draftId === null || unseenHere === '') return
    const timer = window.setTimeout(() => void useSync.getState().markSeen(draftId, unseenHere.split('\n')), SEEN_AFTER_MS)
    return () => window.clearTimeout(timer)
  }, [draftId, unseenHere])
  useEffect(() => {
    if (draftId === null) return
    return () => useSync.getState().forgetShown(draftId)
  }, [draftId])
}
