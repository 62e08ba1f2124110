/**
 * The review of a draft as the core hands it to the renderer: records folded into threads and
 * verdicts (see state.ts), as zod schemas so the IPC contract validates it on the way out and
 * every side is typed from this one definition.
 */
import { z } from 'zod'
import { IsoTimestamp } from '../api'
import { Anchor, ReviewedVersion } from './records'

export const CommentView = z.object({
  id: z.string(),
  author: z.string(),
  createdAt: IsoTimestamp,
  editedAt: IsoTimestamp.nullable(),
  /** Deleted by its author: the text is gone, its place in the thread is kept. */
  deleted: z.boolean(),
  body: z.string(),
})
export type CommentView = z.infer<typeof CommentView>

export const ThreadEvent = z.object({
  kind: z.enum(['resolve', 'reopen', 'applied', 'declined']),
  author: z.string(),
  at: IsoTimestamp,
})
export type ThreadEvent = z.infer<typeof ThreadEvent>

export const ThreadView = CommentView.extend({
  anchor: Anchor,
  suggestion: z
    .object({
      text: z.string(),
      decision: z.enum(['applied', 'declined']).nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: IsoTimestamp.nullable(),
    })
    .nullable(),
  replies: z.array(CommentView),
  resolved: z.boolean(),
  /** Resolutions, reopenings and suggestion decisions, oldest first. */
  events: z.array(ThreadEvent),
  /** Replies arrived for a thread whose own record is not in the folder (not synced yet, or unreadable). */
  missing: z.boolean(),
})
export type ThreadView = z.infer<typeof ThreadView>

export const VerdictView = z.object({
  id: z.string(),
  author: z.string(),
  createdAt: IsoTimestamp,
  verdict: z.enum(['approve', 'request-changes']),
  note: z.string(),
  reviewed: ReviewedVersion,
})
export type VerdictView = z.infer<typeof VerdictView>

export const UnreadableRecordView = z.object({ fileName: z.string(), reason: z.string() })

export const ReviewData = z.object({
  threads: z.array(ThreadView),
  /** Every verdict, oldest first (a reviewer's latest one counts). */
  verdicts: z.array(VerdictView),
  /** Record files that could not be read: listed with the reason, left untouched. */
  unreadable: z.array(UnreadableRecordView),
})
export type ReviewData = z.infer<typeof ReviewData>

export const ApprovalState = z.enum(['none', 'approved', 'stale', 'changes-requested', 'changes-made'])
export type ApprovalState = z.infer<typeof ApprovalState>

/** A draft's review in one line, for the drafts list and the submit confirmation. */
export const ReviewBrief = z.object({
  openThreads: z.number().int().nonnegative(),
  /**
   * `changes-requested` while any reviewer's request stands; else `approved` when someone
   * approved exactly this text; else `stale` when approvals are of earlier versions only;
   * `changes-made` when requests were answered and nobody approved since; else `none`.
   */
  approval: ApprovalState,
  /** "approved by Ada", "Ada approved an earlier version", … */
  text: z.string(),
  unreadable: z.number().int().nonnegative(),
})
export type ReviewBrief = z.infer<typeof ReviewBrief>
