/** How review things read on screen: a thread's place, its history, an approval's badge. */
import { type ApprovalState, type ReviewBrief, type ThreadEvent, type ThreadView, showHidden } from '../../../../shared/review'
import { plural } from '../../../../shared/text'
import type { LocatedThread } from './locate'

/** The first line of a comment, shortened: what a margin card or a list shows of it. */
export function firstLine(text: string, max = 80): string {
  const line = text.trim().split('\n', 1)[0]!.trim()
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}

/** "line 4", "lines 4–6", "was line 4" (outdated), "line 4?, not placed yet" (still looked for), "On field: Website", "On the whole draft". */
export function placeText(item: LocatedThread): string {
  const { anchor } = item.thread
  if (anchor.target === 'draft') return 'On the whole draft'
  if (anchor.target === 'field') return `On field: ${item.fieldLabel ?? anchor.field}`
  // The pitch's own line, labelled so: the CLI says the same ("pitch line 4 (file line 64)"),
  // where it once gave the file's line (front matter included) and the app the pitch's.
  if (item.pending) return `pitch line ${anchor.quote.line}?, not placed yet`
  if (!item.match || item.match.status === 'outdated') return `was pitch line ${anchor.quote.line}`
  return item.match.endLine > item.match.line ? `pitch lines ${item.match.line}–${item.match.endLine}` : `pitch line ${item.match.line}`
}

const EVENT_WORDS: Record<ThreadEvent['kind'], string> = {
  resolve: 'Resolved',
  reopen: 'Reopened',
  applied: 'Suggestion applied',
  declined: 'Suggestion declined',
}

/** "Resolved by Ada · Reopened by Ben": who did what to the thread, oldest first. */
export function historyText(events: readonly ThreadEvent[]): string {
  return events.map((event) => `${EVENT_WORDS[event.kind]} by ${event.author}`).join(' · ')
}

/** The suggestion's state in words, once decided: "Applied by Ada". */
export function decisionText(suggestion: NonNullable<ThreadView['suggestion']>): string | null {
  if (!suggestion.decision) return null
  const by = suggestion.decidedBy ? ` by ${suggestion.decidedBy}` : ''
  return `${suggestion.decision === 'applied' ? 'Applied' : 'Declined'}${by}`
}

export const APPROVAL_BADGE: Record<ApprovalState, { text: string; tone: 'ok' | 'warning' | 'error' | 'info' } | null> = {
  none: null,
  approved: { text: 'Approved', tone: 'ok' },
  'partly-approved': { text: 'More approvals needed', tone: 'warning' },
  stale: { text: 'Approval out of date', tone: 'warning' },
  unknown: { text: 'Review state unknown', tone: 'error' },
  'changes-requested': { text: 'Changes requested', tone: 'error' },
  'changes-made': { text: 'Changes made', tone: 'info' },
}

/** "no open threads", "1 open thread", "2 open threads". */
export function openThreadsText(count: number): string {
  return plural(count, 'open thread', { zero: 'no' })
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** "Written by Ada and Ben": a draft's authors, as the Drafts list and the Review panel show them. */
export function authorsText(authors: readonly string[]): string | null {
  if (authors.length === 0) return null
  const shown = authors.map(showHidden)
  return `Written by ${shown.length <= 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`}`
}

/**
 * What the review still lacks before the draft counts as approved, in one sentence, or null
 * when nothing: for the submit confirmation, which warns and never blocks.
 */
export function missingReviewText(brief: ReviewBrief): string | null {
  const { counted, required } = brief.approvals
  switch (brief.approval) {
    case 'approved':
      return null
    case 'unknown':
      return `The review state is ${brief.text}, so it does not count as approved.`
    case 'changes-requested':
      return `Changes were requested (${brief.text.replace(/^changes requested by /, 'by ')}), and nobody approved since.`
    default: {
      const more = required - counted
      return `It needs ${more} more ${more === 1 ? 'approval' : 'approvals'} by a teammate who did not write it (${counted} of ${required}).`
    }
  }
}

/** "1 review file could not be read" for a brief with unreadable records. */
export function unreadableText(brief: Pick<ReviewBrief, 'unreadable'>): string | null {
  if (brief.unreadable === 0) return null
  return brief.unreadable === 1 ? '1 review file could not be read' : `${brief.unreadable} review files could not be read`
}
