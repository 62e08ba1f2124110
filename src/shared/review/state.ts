/**
 * What a draft's review records add up to: threads with their replies and state, each
 * reviewer's latest verdict, and whether the draft is approved as it stands now.
 *
 * Pure functions over plain data, shared by the core (drafts list, submit), the CLI
 * (`grant-desk review`) and the renderer (live, against the text being typed), so all three
 * always agree on "approved", "approved an earlier version" and "changes made since".
 */
import type { ReviewRecord, UnreadableRecord } from './records'
import type { ApprovalState, CommentView, ReviewBrief, ReviewData, ThreadEvent, ThreadView, VerdictView } from './view'
import { plural } from '../wording'

export type { CommentView, ThreadEvent, ThreadView, VerdictView, ReviewData, ApprovalState }

/** The pitch and fields a verdict is compared with. */
export interface ReviewedContent {
  pitch: string
  fields: Record<string, string>
}

function byTime<T extends { createdAt: string; id: string }>(a: T, b: T): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function comment(record: { id: string; author: string; created_at: string; body: string; edited_at?: string | undefined; deleted_at?: string | undefined }): CommentView {
  const deleted = record.deleted_at !== undefined
  return { id: record.id, author: record.author, createdAt: record.created_at, editedAt: record.edited_at ?? null, deleted, body: deleted ? '' : record.body }
}

/** Folds records (in any order, duplicates by id already removed) into threads and verdicts. */
export function foldRecords(records: readonly ReviewRecord[], unreadable: readonly UnreadableRecord[] = []): ReviewData {
  const threads = new Map<string, ThreadView>()
  const placeholder = (id: string, createdAt: string): ThreadView => ({
    id,
    author: '',
    createdAt,
    editedAt: null,
    deleted: false,
    body: '',
    anchor: { target: 'draft' },
    suggestion: null,
    replies: [],
    resolved: false,
    events: [],
    missing: true,
  })
  for (const record of records) {
    if (record.kind !== 'thread') continue
    threads.set(record.id, {
      ...comment(record),
      anchor: record.anchor,
      suggestion: record.suggestion !== undefined && record.deleted_at === undefined ? { text: record.suggestion, decision: null, decidedBy: null, decidedAt: null } : null,
      replies: [],
      resolved: false,
      events: [],
      missing: false,
    })
  }
  const verdicts: VerdictView[] = []
  const events: { thread: string; event: ThreadEvent; id: string }[] = []
  for (const record of records) {
    if (record.kind === 'verdict') {
      verdicts.push({ id: record.id, author: record.author, createdAt: record.created_at, verdict: record.verdict, note: record.note, reviewed: record.reviewed })
      continue
    }
    if (record.kind === 'thread') continue
    let thread = threads.get(record.thread)
    if (!thread) {
      thread = placeholder(record.thread, record.created_at)
      threads.set(record.thread, thread)
    } else if (thread.missing && record.created_at < thread.createdAt) {
      // A placeholder sorts by its earliest record, whatever order the folder was read in.
      thread.createdAt = record.created_at
    }
    if (record.kind === 'reply') thread.replies.push(comment(record))
    else if (record.kind === 'suggestion') events.push({ thread: record.thread, id: record.id, event: { kind: record.decision, author: record.author, at: record.created_at } })
    else events.push({ thread: record.thread, id: record.id, event: { kind: record.kind, author: record.author, at: record.created_at } })
  }
  events.sort((a, b) => byTime({ createdAt: a.event.at, id: a.id }, { createdAt: b.event.at, id: b.id }))
  for (const { thread: id, event } of events) {
    const thread = threads.get(id)!
    thread.events.push(event)
    if (event.kind === 'resolve') thread.resolved = true
    else if (event.kind === 'reopen') thread.resolved = false
    else if (thread.suggestion) {
      // Applying a suggestion settles its thread; declining it leaves the thread to be resolved.
      thread.suggestion = { ...thread.suggestion, decision: event.kind, decidedBy: event.author, decidedAt: event.at }
      if (event.kind === 'applied') thread.resolved = true
    }
  }
  for (const thread of threads.values()) thread.replies.sort(byTime)
  return { threads: [...threads.values()].sort(byTime), verdicts: verdicts.sort(byTime), unreadable: [...unreadable] }
}

/** Field values compared as the service sees them: a missing field and an empty one are the same. */
export function sameContent(a: ReviewedContent, b: ReviewedContent): boolean {
  if (a.pitch !== b.pitch) return false
  const names = new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])
  for (const name of names) if ((a.fields[name] ?? '') !== (b.fields[name] ?? '')) return false
  return true
}

/** A thread still asks something of the author: not resolved, and not an empty shell. */
export function isOpen(thread: ThreadView): boolean {
  if (thread.resolved) return false
  if (thread.deleted || thread.missing) return thread.replies.some((reply) => !reply.deleted)
  return true
}

export type ReviewerState = 'approved' | 'approved-earlier' | 'changes-requested' | 'changes-made'

export interface ReviewerVerdict {
  author: string
  state: ReviewerState
  /** The reviewer's latest verdict, the one that counts. */
  verdict: VerdictView
}

export interface ReviewSummary {
  openThreads: number
  reviewers: ReviewerVerdict[]
  approval: ApprovalState
  unreadable: number
}

export function reviewerVerdicts(data: ReviewData, current: ReviewedContent): ReviewerVerdict[] {
  const latest = new Map<string, VerdictView>()
  for (const verdict of data.verdicts) latest.set(verdict.author, verdict)
  return [...latest.values()].map((verdict) => {
    const unchanged = sameContent(verdict.reviewed, current)
    if (verdict.verdict === 'approve') return { author: verdict.author, verdict, state: unchanged ? 'approved' : 'approved-earlier' }
    const theirs = data.threads.filter((thread) => thread.author === verdict.author && !thread.deleted)
    const answered = theirs.every((thread) => !isOpen(thread)) && (theirs.length > 0 || !unchanged)
    return { author: verdict.author, verdict, state: answered ? 'changes-made' : 'changes-requested' }
  })
}

export function summarize(data: ReviewData, current: ReviewedContent): ReviewSummary {
  const reviewers = reviewerVerdicts(data, current)
  const has = (state: ReviewerState) => reviewers.some((reviewer) => reviewer.state === state)
  const approval: ApprovalState = has('changes-requested')
    ? 'changes-requested'
    : has('approved')
      ? 'approved'
      : has('approved-earlier')
        ? 'stale'
        : has('changes-made')
          ? 'changes-made'
          : 'none'
  return { openThreads: data.threads.filter(isOpen).length, reviewers, approval, unreadable: data.unreadable.length }
}

/** One line for a list or a terminal: "2 open threads · approved by Ada". */
export function describeApproval(summary: ReviewSummary): string {
  const names = (state: ReviewerState) =>
    summary.reviewers
      .filter((reviewer) => reviewer.state === state)
      .map((reviewer) => reviewer.author)
      .join(', ')
  switch (summary.approval) {
    case 'approved':
      return `approved by ${names('approved')}`
    case 'stale':
      return `${names('approved-earlier')} approved an earlier version`
    case 'changes-requested':
      return `changes requested by ${names('changes-requested')}`
    case 'changes-made':
      return `changes made since ${names('changes-made')} requested them`
    case 'none':
      return 'not approved yet'
  }
}

export function describeThreads(summary: ReviewSummary): string {
  return plural(summary.openThreads, 'open thread', { zero: 'no' })
}

export function reviewBrief(data: ReviewData, current: ReviewedContent): ReviewBrief {
  const summary = summarize(data, current)
  return { openThreads: summary.openThreads, approval: summary.approval, text: describeApproval(summary), unreadable: summary.unreadable }
}

/**
 * Whether anyone has reviewed the draft at all: a record, or a record file that could not be
 * read. The checklist's review rules run only then (in the editor, the CLI and before
 * submitting alike): "nobody approved yet" is no news to someone who works alone.
 */
export function hasReview(data: ReviewData): boolean {
  return data.threads.length > 0 || data.verdicts.length > 0 || data.unreadable.length > 0
}
