/** The reviews channels (see handlers.ts for the door they come through). */
import type { Handlers } from '../handlers'
import type { PendingWork } from '../pending-work'
import type { ReviewService } from './reviews'

export interface ReviewHandlerDeps {
  reviews: ReviewService
  /** The author records being written (reviews/follow.ts): a read of a review waits for them. */
  authorWrites: Pick<PendingWork, 'idle'>
}

export function reviewHandlers({ reviews, authorWrites }: ReviewHandlerDeps) {
  return {
    // A draft saved a moment ago may still be recording its author (reviews/follow.ts): the review
    // waits for that, so the Review panel opened on a new draft already knows who wrote it.
    'reviews.get': async ({ draftId }) => {
      await authorWrites.idle()
      return reviews.get(draftId)
    },
    'reviews.addThread': ({ draftId, ...input }) => reviews.addThread(draftId, input),
    'reviews.reply': ({ draftId, ...input }) => reviews.reply(draftId, input),
    'reviews.setResolved': ({ draftId, ...input }) => reviews.setResolved(draftId, input),
    'reviews.decideSuggestion': ({ draftId, ...input }) => reviews.decideSuggestion(draftId, input),
    'reviews.editComment': ({ draftId, ...input }) => reviews.editComment(draftId, input),
    'reviews.deleteComment': ({ draftId, ...input }) => reviews.deleteComment(draftId, input),
    'reviews.setVerdict': ({ draftId, ...input }) => reviews.setVerdict(draftId, input),
  } satisfies Partial<Handlers>
}
