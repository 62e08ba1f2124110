/**
 * `grant-desk review`: a draft's team review in a terminal or a CI log, read from the record
 * files beside it. A team that keeps drafts in a repository sees in a pull request whether a
 * draft is approved as it stands, and can gate merging on it (`--require-approval`).
 *
 * The verdicts and "open" come from shared/review/state and the anchors from
 * shared/review/anchor, the functions the app uses, so the CLI and the app never disagree on
 * whether a draft is approved or where a comment sits. Anchors are placed within the app's time
 * budget per draft (ANCHOR_BUDGET): a quote that could not be placed in time is reported as
 * `pending`, "not placed yet", rather than holding up a CI run.
 */
import { excerpt } from '../shared/checklist'
import { terminalLines } from './terminal'
import type { DraftFile } from '../shared/draft-file'
import {
  ANCHOR_BUDGET,
  placeAnchors,
  type AnchorBudget,
  type Placement,
  type TextQuote,
  isOpen,
  describeApproval,
  describeThreads,
  gateProblem,
  summarize,
  type ReviewSummary,
  type ReviewerState,
  nameProblem,
  showHidden,
  type ApprovalState,
  type PolicyView,
  type ReviewData,
  type ThreadView,
  type VerdictCheck,
} from '../shared/review'
import { dateTime, plural } from '../shared/text'

/**
 * Where a thread sits now. `line`: for the pitch, the line of the draft file (as `lint` counts);
 * for a quote in a field, the line within the field's value. `status`: `exact` or `fuzzy` (found,
 * with a few words changed), `outdated` (the quoted text is gone), `pending` (not placed yet:
 * the search for it did not finish within the time budget), `whole` (about the whole field or
 * draft), `missing` (the thread's own record is not in the folder).
 */
export interface AnchorReport {
  target: 'pitch' | 'field' | 'draft' | 'unknown'
  field?: string
  /** The file's line (front matter counted): what an editor's "go to line" takes. */
  line?: number
  /** For a quote in the pitch: its line within the pitch, as the app numbers it. */
  pitchLine?: number
  /** The text quoted when the comment was made. */
  quote?: string
  status: 'exact' | 'fuzzy' | 'outdated' | 'pending' | 'whole' | 'missing'
}

export interface CommentReport {
  id: string
  author: string
  createdAt: string
  /** Deleted by its author: the text is gone, its place is kept. */
  deleted: boolean
  body: string
}

export interface ThreadReport {
  id: string
  /** '' when the thread's own record is missing. */
  author: string
  /** `empty`: a deleted (or missing) comment with no reply left, which asks nothing of anyone. */
  state: 'open' | 'resolved' | 'empty'
  anchor: AnchorReport
  body: string
  deleted: boolean
  createdAt: string
  replies: CommentReport[]
  suggestion?: { text: string; decision: 'applied' | 'declined' | null; decidedBy: string | null; decidedAt: string | null }
}

export interface VerdictReport {
  /** The record's id (its file is `<id>.yaml` in the review folder). */
  id: string
  author: string
  verdict: 'approve' | 'request-changes'
  /** How the verdict stands against the text now; null for a verdict that is replaced or invalid. */
  state: ReviewerState | null
  note: string
  createdAt: string
  /** `current`: its reviewer's verdict now; `superseded`: replaced by a later one of theirs; `invalid`: failed a check; `conflict`: one of several current verdicts of one reviewer. */
  status: 'current' | 'superseded' | 'invalid' | 'conflict'
  /** Counts toward the policy. */
  counted: boolean
  /** Why it does not count; null when it counts or is simply replaced. */
  reason: string | null
  signature: VerdictCheck['signature']
  /** Dated in the future (never counted). */
  future: boolean
}

/** One draft's review, as `--format json` prints it (an array of these, one per draft). */
export interface DraftReviewReport {
  file: string
  id: string
  openThreads: number
  approval: ApprovalState
  /** "2 open threads · changes requested by Ben" */
  summary: string
  /** Approvals that count (by non-authors, on this text, valid, as the policy says), and how many the policy asks for. */
  approvals: { counted: number; required: number }
  /** Who wrote the draft (its author records), one name per person. */
  authors: string[]
  /** The review policy in force (`file: null`: none found, the defaults apply). */
  policy: PolicyView
  threads: ThreadReport[]
  /** Every verdict record, with what became of it. */
  verdicts: VerdictReport[]
  unreadable: { fileName: string; reason: string }[]
  /** Why it does not pass `--require-approval`; null when it does. */
  gate: string | null
}

/**
 * The anchor of a quote, keys in the documented order (target, field, line, pitchLine, quote, status);
 * `lineOffset` turns a line of the located text into the line reported.
 */
function quoted(target: 'pitch' | 'field', field: string | undefined, quote: string, match: Placement, lineOffset: number): AnchorReport {
  return {
    target,
    ...(field !== undefined ? { field } : {}),
    ...('line' in match ? { line: match.line + lineOffset, ...(target === 'pitch' ? { pitchLine: match.line } : {}) } : {}),
    quote,
    status: match.status,
  }
}

/**
 * The threads' places, within one budget for the whole draft: the pitch's quotes first (one
 * search over the pitch), then each field's.
 */
function placeThreads(draft: DraftFile, threads: readonly ThreadView[], budget: AnchorBudget): Map<string, Placement> {
  const end = Date.now() + budget.totalMs
  const placed = new Map<string, Placement>()
  const place = (text: string, quoted: { id: string; quote: TextQuote }[]) => {
    if (quoted.length === 0) return
    const { matches } = placeAnchors({ text, quotes: quoted.map((q) => q.quote) }, { perQuoteMs: budget.perQuoteMs, totalMs: Math.max(0, end - Date.now()) })
    quoted.forEach((q, index) => placed.set(q.id, matches[index]!))
  }
  const live = threads.filter((thread) => !thread.missing)
  place(
    draft.pitch,
    live.flatMap((thread) => (thread.anchor.target === 'pitch' ? [{ id: thread.id, quote: thread.anchor.quote }] : [])),
  )
  const byField = new Map<string, { id: string; quote: TextQuote }[]>()
  for (const thread of live) {
    const anchor = thread.anchor
    if (anchor.target !== 'field' || !anchor.quote) continue
    byField.set(anchor.field, [...(byField.get(anchor.field) ?? []), { id: thread.id, quote: anchor.quote }])
  }
  for (const [field, quoted] of byField) place(draft.frontMatter.custom_fields[field] ?? '', quoted)
  return placed
}

export function reviewReport(file: string, id: string, draft: DraftFile, data: ReviewData, budget: AnchorBudget = ANCHOR_BUDGET): DraftReviewReport {
  const fields = draft.frontMatter.custom_fields
  const summary = summarize(data, { pitch: draft.pitch, fields })
  const placed = placeThreads(draft, data.threads, budget)

  const anchorOf = (thread: ThreadView): AnchorReport => {
    if (thread.missing) return { target: 'unknown', status: 'missing' }
    const anchor = thread.anchor
    if (anchor.target === 'draft') return { target: 'draft', status: 'whole' }
    if (anchor.target === 'pitch') {
      // Lines of the file, as `lint` reports them, so an editor or a CI log can jump there.
      return quoted('pitch', undefined, anchor.quote.exact, placed.get(thread.id)!, draft.pitchLine - 1)
    }
    if (!anchor.quote) return { target: 'field', field: anchor.field, status: 'whole' }
    return quoted('field', anchor.field, anchor.quote.exact, placed.get(thread.id)!, 0)
  }

  const threads = data.threads.map((thread): ThreadReport => ({
    id: thread.id,
    author: thread.author,
    state: isOpen(thread) ? 'open' : thread.resolved ? 'resolved' : 'empty',
    anchor: anchorOf(thread),
    body: thread.body,
    deleted: thread.deleted,
    createdAt: thread.createdAt,
    replies: thread.replies.map(({ id: replyId, author, createdAt, deleted, body }) => ({ id: replyId, author, createdAt, deleted, body })),
    ...(thread.suggestion ? { suggestion: thread.suggestion } : {}),
  }))
  const verdicts = summary.outcomes.map(({ verdict, status, counted, reason }): VerdictReport => ({
    id: verdict.id,
    author: verdict.author,
    verdict: verdict.verdict,
    state: status === 'current' || status === 'conflict' ? stateOf(summary, verdict.id) : null,
    note: verdict.note,
    createdAt: verdict.createdAt,
    status,
    counted,
    reason,
    signature: verdict.check.signature,
    future: verdict.check.future,
  }))
  return {
    file,
    id,
    openThreads: summary.openThreads,
    approval: summary.approval,
    summary: `${describeThreads(summary)} · ${describeApproval(summary)}`,
    approvals: summary.approvals,
    authors: summary.authors,
    policy: data.policy,
    threads,
    verdicts,
    unreadable: data.unreadable.map(({ fileName, reason }) => ({ fileName, reason })),
    gate: gateProblem(summary),
  }
}

function stateOf(summary: ReviewSummary, verdictId: string): ReviewerState | null {
  return summary.reviewers.find((reviewer) => reviewer.current.some((verdict) => verdict.id === verdictId))?.state ?? null
}

/**
 * Why a draft fails `--require-approval`, or null when it passes: approved as the policy asks,
 * nothing open, nothing unreadable. Unreadable records and a policy that cannot be used are
 * named with their reasons, so the CI log says what to fix.
 */
export function approvalProblem(report: DraftReviewReport): string | null {
  if (report.gate === null) return null
  const details = [
    ...report.unreadable.map((record) => (record.reason.startsWith(record.fileName) ? record.reason : `${record.fileName}: ${record.reason}`)),
    ...(report.policy.problem !== null ? [report.policy.problem] : []),
  ]
  return details.length === 0 ? report.gate : `${report.gate} (${details.join(' ')})`
}

const VERDICT_WORDS: Record<ReviewerState, string> = {
  approved: 'approved',
  'approved-earlier': 'approved an earlier version',
  'changes-requested': 'changes requested',
  'changes-made': 'changes made',
  conflict: 'verdicts cannot be ordered',
}

/** A name from a record as the terminal shows it: hidden characters written out, and marked. */
function who(name: string): string {
  const problem = nameProblem(name)
  return problem === null || name === '' ? name : `${showHidden(name)} [name flagged: it ${problem}]`
}

function policyLine(policy: PolicyView): string | null {
  if (policy.file === null) return null
  if (policy.problem !== null) return `  policy · ${policy.problem}`
  const parts = [`${plural(policy.approvals, 'approval')} by non-authors`]
  if (policy.approvers) parts.push(`approvers: ${policy.approvers.join(', ')}`)
  if (policy.requireSigned) parts.push('signed verdicts only')
  return `  policy · ${policy.file}: ${parts.join(' · ')}`
}

function anchorText(anchor: AnchorReport): string {
  const quote = anchor.quote === undefined ? '' : ` “${excerpt(anchor.quote, 60)}”`
  // A pitch's quote is placed by the pitch's line first, as the app says it, then the file's.
  const at = anchor.pitchLine !== undefined ? `pitch line ${anchor.pitchLine} (file line ${anchor.line})` : `line ${anchor.line}`
  const place = anchor.status === 'outdated' ? 'outdated' : anchor.status === 'pending' ? 'not placed yet' : anchor.status === 'fuzzy' ? `${at} (reworded)` : at
  switch (anchor.target) {
    case 'pitch':
      return `${place}${quote}`
    case 'field':
      return anchor.status === 'whole' ? `field ${anchor.field}` : `field ${anchor.field}, ${place}${quote}`
    case 'draft':
      return 'whole draft'
    case 'unknown':
      return 'thread record missing'
  }
}

/**
 * One draft's part of the text output: the overall line, one line per thread (state, anchor,
 * author, replies, the start of its text), its suggestion, each reviewer's latest verdict, and
 * unreadable records; each line escaped for the terminal, joined with line breaks.
 */
export function formatDraftText(report: DraftReviewReport): string {
  const lines: string[] = []
  // The summary says "unknown: 1 unreadable record" itself; the records are listed below.
  lines.push(`${report.file}: ${report.summary}`)
  if (report.authors.length > 0) lines.push(`  authors · ${report.authors.map(who).join(', ')}`)
  const policy = policyLine(report.policy)
  if (policy !== null) lines.push(policy)
  for (const thread of report.threads) {
    const live = thread.replies.filter((reply) => !reply.deleted).length
    const by = thread.author === '' ? '' : ` · ${who(thread.author)}`
    const body = thread.deleted ? ' · comment deleted' : thread.anchor.status === 'missing' ? '' : `: “${excerpt(thread.body, 80)}”`
    lines.push(`  ${thread.state} · ${anchorText(thread.anchor)}${by} · ${plural(live, 'reply', { pluralWord: 'replies', zero: 'no' })}${body}`)
    if (thread.suggestion) {
      const decision = thread.suggestion.decision === null ? 'not decided' : `${thread.suggestion.decision} by ${thread.suggestion.decidedBy}`
      lines.push(`      suggestion “${excerpt(thread.suggestion.text, 80)}”: ${decision}`)
    }
  }
  let replaced = 0
  for (const verdict of report.verdicts) {
    if (verdict.status === 'superseded') {
      replaced++
      continue
    }
    const note = verdict.note.trim() === '' ? '' : `: “${excerpt(verdict.note, 80)}”`
    const words = verdict.state !== null ? VERDICT_WORDS[verdict.state] : verdict.verdict === 'approve' ? 'approve' : 'request changes'
    const signed = verdict.signature === 'verified' ? ' · signed' : ''
    // In the reader's locale and zone, as the app shows it (--format json keeps the ISO time).
    const date = verdict.future ? `${dateTime(verdict.createdAt)} (in the future)` : dateTime(verdict.createdAt)
    const counted = verdict.counted ? '' : ` · not counted: ${verdict.reason ?? 'it does not count'}`
    lines.push(`  verdict · ${who(verdict.author)} · ${words}${signed} · ${date}${note}${counted}`)
  }
  if (replaced > 0) lines.push(`  ${plural(replaced, 'earlier verdict', { zero: 'no' })} replaced by a later one of the same reviewer`)
  // The folder reader's reasons start with the file's name already.
  for (const record of report.unreadable)
    lines.push(`  unreadable · ${record.reason.startsWith(record.fileName) ? '' : `${record.fileName}: `}${record.reason}`)
  return terminalLines(lines)
}

/**
 * The text output: each draft's part (formatDraftText), then a total. `drafts`: those parts,
 * in the reports' order, when they were formatted already (a gate formats each draft as it is
 * weighed, so that little is left to do once the last one is).
 */
export function formatReviewText(reports: readonly DraftReviewReport[], drafts: readonly string[] = reports.map(formatDraftText)): string {
  const clear = reports.filter((report) => approvalProblem(report) === null).length
  return [...drafts, terminalLines([`${plural(reports.length, 'draft')} reviewed: ${clear} approved with no open threads.`])].join('\n')
}
