/**
 * What the drafts side does on the core's hub (hub.ts): watching the folder the settings name,
 * noting the review service's own writes, and telling the views which drafts are no longer as
 * they last read them. (The author records kept beside each draft are the review side's:
 * reviews/follow.ts.)
 */
import type { CoreEvents } from '../events'
import type { Logger } from '../errors'
import type { CoreHub } from '../hub'
import type { DraftStore } from './store'

/**
 * Records the review service wrote are this app's own: the watcher is not to report them as a
 * teammate's. So every window and tab is told here, once they are noted (a view that reads again
 * at once gets the new brief): a second tab's Review panel and list learn of the first tab's
 * verdict, comment or author record only this way.
 */
export function noteOwnReviews(hub: CoreHub, drafts: Pick<DraftStore, 'noteReviewsWritten'>, events: CoreEvents): void {
  hub.on('reviews.written', async (subject) => {
    try {
      await drafts.noteReviewsWritten(subject.folder, subject.id)
    } finally {
      events.emit('drafts.changed', { ids: [subject.id] })
    }
  })
}

/**
 * Every window and tab is told of every draft that changed, whoever changed it: the watcher's
 * (another program, a teammate, a policy change) and the store's own. A second tab of one host
 * learns of the first tab's save only this way (the watcher never reports the store's writes);
 * of its review records, through `noteOwnReviews`.
 */
export function tellViews(hub: CoreHub, events: CoreEvents): void {
  hub.on('drafts.stale', ({ ids }) => events.emit('drafts.changed', { ids }))
  hub.on('draft.changed', (event) => {
    // An external change comes with the watcher's `drafts.stale` as well.
    if (event.kind === 'external') return
    if (event.kind === 'deleted') events.emit('drafts.changed', { ids: [event.id] })
    else events.emit('drafts.changed', { ids: [event.draft.id], versions: { [event.draft.id]: event.draft.version } })
  })
}

/**
 * Watches the drafts folder the settings name (again whenever it changes), publishing what
 * changed on disk as `drafts.stale`. Returns the function that stops watching.
 */
export async function watchDrafts(hub: CoreHub, drafts: Pick<DraftStore, 'watch'>, log: Logger): Promise<() => void> {
  let stopWatching: (() => void) | null = null
  const start = async () => {
    stopWatching?.()
    stopWatching = null
    try {
      stopWatching = await drafts.watch((ids) => hub.tell('drafts.stale', { ids }))
    } catch (error) {
      // Without a watcher the app still works; it only learns of outside edits on the next list.
      log.warn('the drafts folder cannot be watched', error)
    }
  }
  const stopFollowing = hub.on('settings.changed', async ({ before, after }) => {
    if (after.effectiveDraftsFolder !== before.effectiveDraftsFolder) await start()
  })
  await start()
  return () => {
    stopFollowing()
    stopWatching?.()
    stopWatching = null
  }
}
