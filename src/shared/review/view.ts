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

/**
 * What the core found when it checked a verdict record against itself and the policy: its name,
 * its date, its reviewed text against its hash, its signature. A verdict with a `problem` is
 * listed as not counted, with the problem as the reason, and takes no part in ordering.
 */
export const VerdictCheck = z.object({
  problem: z.string().nullable(),
  /**
   * `verified`: signed by the key the allowed-signers file lists for its author; `bad`: a
   * signature that does not verify (edited after signing, another person's key, a key not in
   * the file); `unchecked`: signed, but the policy names no allowed-signers file; `none`: unsigned.
   */
  signature: z.enum(['none', 'verified', 'bad', 'unchecked']),
  /** Dated after the moment it was read (beyond a few minutes of clock difference). */
  future: z.boolean(),
})
export type VerdictCheck = z.infer<typeof VerdictCheck>

export const VerdictView = z.object({
  id: z.string(),
  author: z.string(),
  createdAt: IsoTimestamp,
  verdict: z.enum(['approve', 'request-changes']),
  note: z.string(),
  /** The reviewer's verdicts this one replaces; null for a verdict from before chains (it replaces none). */
  supersedes: z.array(z.string()).nullable(),
  reviewed: ReviewedVersion,
  check: VerdictCheck,
})
export type VerdictView = z.infer<typeof VerdictView>

export const UnreadableRecordView = z.object({ fileName: z.string(), reason: z.string() })

/** Someone who created the draft or saved a change to it (one author record each; the first one counts). */
export const AuthorView = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['created', 'edited']),
  createdAt: IsoTimestamp,
})
export type AuthorView = z.infer<typeof AuthorView>

/** The team's policy file as it applies to this draft (see review/policy.ts). */
export const PolicyView = z.object({
  /** Where it was found, as a path to show; null: no policy file (the defaults apply). */
  file: z.string().nullable(),
  approvals: z.number().int().positive(),
  approvers: z.array(z.string()).nullable(),
  requireSigned: z.boolean(),
  allowedSigners: z.string().nullable(),
  /** Why the policy file cannot be used, with what to fix; while set, no draft counts as approved. */
  problem: z.string().nullable(),
})
export type PolicyView = z.infer<typeof PolicyView>

export const ReviewData = z.object({
  threads: z.array(ThreadView),
  /** Every verdict record that could be read, oldest first by record id; the chains order them (review/gate.ts). */
  verdicts: z.array(VerdictView),
  /** Who wrote the draft, one entry per author record. */
  authors: z.array(AuthorView),
  policy: PolicyView,
  /** Record files that could not be read: listed with the reason, left untouched. */
  unreadable: z.array(UnreadableRecordView),
})
export type ReviewData = z.infer<typeof ReviewData>

/**
 * `unknown` while anything it depends on cannot be read (a record, the policy file) or one
 * reviewer's verdicts cannot be ordered: never approved then. `partly-approved`: fewer counted
 * approvals of this text than the policy asks for.
 */
export const ApprovalState = z.enum(['none', 'approved', 'partly-approved', 'stale', 'changes-requested', 'changes-made', 'unknown'])
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
  /** Approvals that count (non-authors, on this text, valid, as the policy says) and how many it needs. */
  approvals: z.object({ counted: z.number().int().nonnegative(), required: z.number().int().positive() }),
  /** Who wrote the draft (one name per person). */
  authors: z.array(z.string()),
  /** Verdicts shown but not counted, and why: "Ada wrote this draft: her own approval does not count". */
  notCounted: z.array(z.object({ author: z.string(), reason: z.string() })),
})
export type ReviewBrief = z.infer<typeof ReviewBrief>
