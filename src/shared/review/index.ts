/**
 * Team review: the records kept beside a draft (comments, verdicts, their signatures), the
 * review policy, the views the app shows of them, the gate that says whether a draft may go,
 * and the anchoring of a comment's quote in a pitch that changed since (anchor.ts, with
 * diff-match-patch: the builds treat src/shared as free of side effects, so a bundle that
 * uses none of the anchoring leaves it out). Uses the api and text parts.
 */
export * from './anchor'
export * from './gate'
export * from './identity'
export * from './limits'
export * from './policy'
export * from './records'
export * from './signing'
export * from './state'
export * from './suggest'
export * from './view'
export * from './word-diff'
