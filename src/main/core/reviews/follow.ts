/**
 * What the review side does on the core's hub (hub.ts): every save that changed what a reviewer
 * reads makes its saver an author, kept as a record in the draft's review folder.
 */
import type { Logger } from '../errors'
import type { CoreHub } from '../hub'
import type { PendingWork } from '../pending-work'
import { changedContent, type ReviewService } from './reviews'

/**
 * Who saved a change is an author of the draft (one record each, in its review folder), written
 * as `writes`: its `idle` is what a read of a draft's authorship, and a sync's commit, wait for.
 */
export function recordAuthors(hub: CoreHub, reviews: Pick<ReviewService, 'recordAuthor'>, writes: PendingWork, log: Logger): void {
  hub.on('draft.changed', (event) => {
    if (event.kind === 'created' || (event.kind === 'saved' && changedContent(event.before, event.draft))) {
      writes.run(
        () => reviews.recordAuthor(event.folder, event.draft.id, event.kind === 'created' ? 'created' : 'edited'),
        (error) => log.warn('could not record the author of a draft', error),
      )
    }
  })
}
