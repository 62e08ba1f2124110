/**
 * state/review: The open draft's review: threads, verdicts, comments and suggesting mode (features/review).
 *
 * The area's door: a feature or another state area outside this folder imports these names from
 * here, never a file of the folder (eslint.config.js, docs/architecture.md).
 */
export { useReview, useReviewSession } from './review'
export { startFieldComment, startPitchComment } from './startComment'
export { useEditMode, useSuggesting } from './suggesting'
export type { EditMode } from './suggesting'
export { useOpenThreadsByField } from './useOpenThreadsByField'
