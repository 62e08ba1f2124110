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
import { excerpt } from '../shared/checklist/rules/review'
import type { DraftFile } from '../shared/draft-file'
import { ANCHOR_BUDGET, placeAnchors, type AnchorBudget, type Placement, type TextQuote } from '../shared/review/anchor'
import { describeApproval, describeThreads, isOpen, summarize, type ReviewerState } from '../shared/review/state'
import type { ApprovalState, ReviewData, ThreadView } from '../shared/review/view'

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
  line?: number
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
  author: string
  verdict: 'approve' | 'request-changes'
  state: ReviewerState
  note: string
  createdAt: string
}

/** One draft's review, as `--format json` prints it (an array of these, one per draft). */
export interface DraftReviewReport {
  file: string
  id: string
  openThreads: number
  approval: ApprovalState
  /** "2 open threads · changes requested by Ben" */
  summary: string
  threads: ThreadReport[]
  /** Each reviewer's latest verdict, oldest first. */
  verdicts: VerdictReport[]
  unreadable: { fileName: string; reason: string }[]
}

/**
 * The anchor of a quote, keys in the documented order (target, field, line, quote, status);
 * `lineOffset` turns a line of the located text into the line reported.
 */
function quoted(target: 'pitch' | 'field', field: string | undefined, quote: string, match: Placement, lineOffset: number): AnchorReport {
  return {
    target,
    ...(field !== undefined ? { field } : {}),
    ...('line' in match ? { line: match.line + lineOffset } : {}),
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
  const verdicts = summary.reviewers
    .map(({ author, state, verdict }): VerdictReport => ({ author, verdict: verdict.verdict, state, note: verdict.note, createdAt: verdict.createdAt }))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
  return {
    file,
    id,
    openThreads: summary.openThreads,
    approval: summary.approval,
    summary: `${describeThreads(summary)} · ${describeApproval(summary)}`,
    threads,
    verdicts,
    unreadable: data.unreadable.map(({ fileName, reason }) => ({ fileName, reason })),
  }
}

/** Why a draft fails `--require-approval`, or null when it passes: approved as it is, nothing open. */
export function approvalProblem(report: DraftReviewReport): string | null {
  const reasons: string[] = []
  if (report.openThreads > 0) reasons.push(report.openThreads === 1 ? '1 open thread' : `${report.openThreads} open threads`)
  // The summary is describeThreads · describeApproval; the second half says why it is not approved.
  if (report.approval !== 'approved') reasons.push(report.summary.split(' · ')[1] ?? report.approval)
  return reasons.length === 0 ? null : reasons.join('; ')
}

const VERDICT_WORDS: Record<ReviewerState, string> = {
  approved: 'approved',
  'approved-earlier': 'approved an earlier version',
  'changes-requested': 'changes requested',
  'changes-made': 'changes made',
}

function anchorText(anchor: AnchorReport): string {
  const quote = anchor.quote === undefined ? '' : ` “${excerpt(anchor.quote, 60)}”`
  const place =
    anchor.status === 'outdated' ? 'outdated' : anchor.status === 'pending' ? 'not placed yet' : anchor.status === 'fuzzy' ? `line ${anchor.line} (reworded)` : `line ${anchor.line}`
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

function plural(n: number, one: string, many: string): string {
  return n === 0 ? `no ${many}` : n === 1 ? `1 ${one}` : `${n} ${many}`
}

/**
 * Per draft: the overall line, one line per thread (state, anchor, author, replies, the start of
 * its text), its suggestion, each reviewer's latest verdict, and unreadable records; then a total.
 */
export function formatReviewText(reports: readonly DraftReviewReport[]): string {
  const lines: string[] = []
  for (const report of reports) {
    const unreadable = report.unreadable.length > 0 ? ` · ${plural(report.unreadable.length, 'unreadable record', 'unreadable records')}` : ''
    lines.push(`${report.file}: ${report.summary}${unreadable}`)
    for (const thread of report.threads) {
      const live = thread.replies.filter((reply) => !reply.deleted).length
      const who = thread.author === '' ? '' : ` · ${thread.author}`
      const body = thread.deleted ? ' · comment deleted' : thread.anchor.status === 'missing' ? '' : `: “${excerpt(thread.body, 80)}”`
      lines.push(`  ${thread.state} · ${anchorText(thread.anchor)}${who} · ${plural(live, 'reply', 'replies')}${body}`)
      if (thread.suggestion) {
        const decision = thread.suggestion.decision === null ? 'not decided' : `${thread.suggestion.decision} by ${thread.suggestion.decidedBy}`
        lines.push(`      suggestion “${excerpt(thread.suggestion.text, 80)}”: ${decision}`)
      }
    }
    for (const verdict of report.verdicts) {
      const note = verdict.note.trim() === '' ? '' : `: “${excerpt(verdict.note, 80)}”`
      lines.push(`  verdict · ${verdict.author} · ${VERDICT_WORDS[verdict.state]} · ${verdict.createdAt}${note}`)
    }
    // The folder reader's reasons start with the file's name already.
    for (const record of report.unreadable) lines.push(`  unreadable · ${record.reason.startsWith(record.fileName) ? '' : `${record.fileName}: `}${record.reason}`)
  }
  const clear = reports.filter((report) => approvalProblem(report) === null).length
  lines.push(`${reports.length} ${reports.length === 1 ? 'draft' : 'drafts'} reviewed: ${clear} approved with no open threads.`)
  return lines.join('\n')
}
