/** The contract's team review actions (records beside the draft; see shared/review/records.ts). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { Anchor, MAX_COMMENT_CHARS, MAX_QUOTE_CHARS } from '../review'
import { DraftId } from './drafts'

export const CommentBody = z
  .string({ error: 'must be text' })
  .max(MAX_COMMENT_CHARS, { error: `must be at most ${MAX_COMMENT_CHARS.toLocaleString('en-US')} characters` })
export const ReviewTarget = { draftId: DraftId }

export const ReviewsAddThreadInput = z
  .strictObject({
    ...ReviewTarget,
    anchor: Anchor,
    body: CommentBody,
    /** Replacement text for the quote (a pitch or field passage only). */
    suggestion: z
      .string({ error: 'must be text' })
      .max(MAX_QUOTE_CHARS * 2, { error: 'is too long' })
      .optional(),
  })
  .refine((input) => input.body.trim() !== '' || input.suggestion !== undefined, {
    error: 'Write a comment (or a suggested replacement) first.',
    path: ['body'],
  })
  .refine((input) => input.suggestion === undefined || input.anchor.target === 'pitch' || (input.anchor.target === 'field' && input.anchor.quote !== null), {
    error: 'A suggestion replaces selected text: select the text first.',
    path: ['suggestion'],
  })

export const NonEmptyBody = CommentBody.refine((body) => body.trim() !== '', { error: 'Write something first.' })
