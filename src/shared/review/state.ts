/**
 * What a draft's review records add up to: threads with their replies and state, the verdicts
 * (each with the core's check of it), the authors, and the policy that applies. Whether the
 * draft is approved is gate.ts's business.
 *
 * Pure functions over plain data, shared by the core (drafts list, submit), the CLI
 * (`grant-desk review`) and the renderer (live, against the text being typed), so all three
 * always agree on "approved", "approved an earlier version" and "changes made since".
 */
import type { ReviewRecord, UnreadableRecord, VerdictRecord } from './records'
import type { AuthorView, CommentView, PolicyView, ReviewData, ThreadEvent, ThreadView, VerdictCheck, VerdictView } from './view'

/** The policy of a folder without a policy file. */
export const DEFAULT_POLICY_VIEW: PolicyView = { file: null, approvals: 1, approvers: null, requireSigned: false, allowedSigners: null, problem: null }

/** What the fold needs besides the records: the policy in force and the core's check of each verdict. */
export interface FoldContext {
  policy: PolicyView
  /** Hash, name, date and signature of one verdict record (core/reviews/verdict-checks.ts). */
  checkVerdict: (record: VerdictRecord) => VerdictCheck
}

/** Without the core's check a verdict is never counted: the fold fails closed. */
const UNCHECKED: FoldContext = {
  policy: DEFAULT_POLICY_VIEW,
  checkVerdict: () => ({ problem: 'was not checked', signature: 'none', future: false }),
}

/** The pitch and fields a verdict is compared with. */
export interface ReviewedContent {
  pitch: string
  fields: Record<string, string>
}

function byTime<T extends { createdAt: string; id: string }>(a: T, b: T): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function comment(record: {
  id: string
  author: string
  created_at: string
  body: string
  edited_at?: string | undefined
  deleted_at?: string | undefined
}): CommentView {
  const deleted = record.deleted_at !== undefined
  return { id: record.id, author: record.author, createdAt: record.created_at, editedAt: record.edited_at ?? null, deleted, body: deleted ? '' : record.body }
}

/** Folds records (in any order, duplicates by id already removed) into threads and verdicts. */
export function foldRecords(records: readonly ReviewRecord[], unreadable: readonly UnreadableRecord[] = [], context: FoldContext = UNCHECKED): ReviewData {
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
      suggestion:
        record.suggestion !== undefined && record.deleted_at === undefined
          ? { text: record.suggestion, decision: null, decidedBy: null, decidedAt: null }
          : null,
      replies: [],
      resolved: false,
      events: [],
      missing: false,
    })
  }
  const verdicts: VerdictView[] = []
  const authors: AuthorView[] = []
  const events: { thread: string; event: ThreadEvent; id: string }[] = []
  for (const record of records) {
    if (record.kind === 'verdict') {
      verdicts.push({
        id: record.id,
        author: record.author,
        createdAt: record.created_at,
        verdict: record.verdict,
        note: record.note,
        supersedes: record.supersedes ?? null,
        reviewed: record.reviewed,
        check: context.checkVerdict(record),
      })
      continue
    }
    if (record.kind === 'author') {
      authors.push({ id: record.id, name: record.author, role: record.role, createdAt: record.created_at })
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
    else if (record.kind === 'suggestion')
      events.push({ thread: record.thread, id: record.id, event: { kind: record.decision, author: record.author, at: record.created_at } })
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
  return {
    threads: [...threads.values()].sort(byTime),
    verdicts: verdicts.sort(byTime),
    authors: authors.sort(byTime),
    policy: context.policy,
    unreadable: [...unreadable],
  }
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

/**
 * Whether anyone has reviewed the draft at all: a record, or a record file that could not be
 * read. The checklist's review rules run only then (in the editor, the CLI and before
 * submitting alike): "nobody approved yet" is no news to someone who works alone.
 */
export function hasReview(data: ReviewData): boolean {
  return data.threads.length > 0 || data.verdicts.length > 0 || data.unreadable.length > 0 || data.policy.problem !== null
}
