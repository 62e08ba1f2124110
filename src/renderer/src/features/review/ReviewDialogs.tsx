/**
 * The review's dialogs, rendered once at the end of the editor screen: the composer of a new
 * thread and, over it when an action needs one, the one-time "your name" dialog.
 */
import { CommentComposer } from './CommentComposer'
import { ReviewerNameDialog } from './ReviewerNameDialog'

export function ReviewDialogs() {
  return (
    <>
      <CommentComposer />
      <ReviewerNameDialog />
    </>
  )
}
