/** A draft's team review (margin, panel, comment command, summaries): what the rest of the app may use of this feature. */
export { CommentButton, useCommentShortcut } from './CommentButton'
export { ReviewBriefView } from './ReviewBriefView'
export { ReviewDialogs } from './ReviewDialogs'
export { ReviewMargin } from './ReviewMargin'
export { ReviewPanel } from './ReviewPanel'
export { SubmitReviewSummary } from './SubmitReviewSummary'
export { markCurrent, openThreadCard, useThreadMarks } from './threadMarks'
export { OWN_CTRL_ENTER } from './ThreadCard'
