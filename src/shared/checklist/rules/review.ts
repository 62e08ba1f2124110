/**
 * The team's review as checklist findings: open threads and the approval state. The checklist
 * is where an applicant looks before submitting (the editor's panel, `grant-desk lint` in CI), so
 * a teammate's unanswered question or a request for changes belongs there beside the guidance,
 * at the passage it is about when that passage can still be found.
 *
 * Both rules report nothing when the input carries no review (plain text, the corpus of real
 * proposals, a draft nobody has reviewed in the CLI): the guidance rules alone judge those.
 */
import type { SchemaField } from '../../api'
import { locateQuotes, type AnchorMatch, isOpen, describeApproval, summarize as summarizeReview, type ThreadView } from '../../review'
import { DOCUMENT_START } from '../topics'
import type { Position, Rule, RuleContext, RuleFinding } from '../types'

/** Open threads reported one by one; past this the panel would be a wall of review, so one more finding counts the rest. */
export const MAX_THREAD_FINDINGS = 20
const BODY_CHARS = 80
const QUOTE_CHARS = 60
const NOTE_CHARS = 200

/** Text on one line, cut at a code point (never half an emoji) with an ellipsis when longer. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const points = Array.from(flat)
  return points.length <= max ? flat : `${points.slice(0, max).join('').trimEnd()}…`
}

/** "Ada", "Ada and Ben", "Ada, Ben and Cy". */
function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`
}

function fieldLabel(schema: readonly SchemaField[] | null | undefined, name: string): string {
  return schema?.find((field) => field.name === name)?.label.trim() || name
}

/** Start of the line holding text[offset] (the offset itself when it starts a line). */
function lineStart(text: string, offset: number): number {
  return offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1
}

/** A located quote as a finding position: lines from the anchor, columns counted on the pitch. */
function matchPosition(text: string, match: Extract<AnchorMatch, { start: number }>): Position {
  const last = Math.max(match.start, match.end - 1)
  return {
    line: match.line,
    column: match.start - lineStart(text, match.start) + 1,
    endLine: match.endLine,
    endColumn: match.end - lineStart(text, last) + 1,
  }
}

/** Who speaks in a thread whose first comment was deleted or never arrived: its first remaining reply. */
function voice(thread: ThreadView): { author: string; body: string } {
  if (!thread.deleted && !thread.missing) return { author: thread.author, body: thread.body }
  const reply = thread.replies.find((candidate) => !candidate.deleted)
  return { author: reply?.author || thread.author || 'a teammate', body: reply?.body ?? '' }
}

export const reviewOpenThreads: Rule = {
  id: 'review-open-threads',
  title: 'Review threads answered',
  severity: 'warning',
  description:
    'Every comment a teammate left in the review is answered: replied to and resolved, or its suggestion applied. Reported at the passage it is about, or at the start for a field, the whole draft or a passage that is gone; at most 20, then a count of the rest.',
  check({ review, doc, schema }: RuleContext): RuleFinding[] {
    if (!review) return []
    const open = review.threads.filter(isOpen)
    // The oldest first: they have waited longest. Only the reported ones are located.
    const shown = open.slice(0, MAX_THREAD_FINDINGS)
    const pitchThreads = shown.filter((thread) => !thread.missing && thread.anchor.target === 'pitch')
    const matches = new Map<string, AnchorMatch>()
    const located = locateQuotes(
      doc.source,
      pitchThreads.map((thread) => (thread.anchor.target === 'pitch' ? thread.anchor.quote : { exact: '', prefix: '', suffix: '', line: 1 })),
    )
    pitchThreads.forEach((thread, index) => matches.set(thread.id, located[index]!))

    const hint = 'Reply, apply the suggestion, or resolve the thread in the Review panel.'
    const findings: RuleFinding[] = shown.map((thread) => {
      const { author, body } = voice(thread)
      const message = `Open review thread from ${author}: “${excerpt(body, BODY_CHARS)}”`
      if (thread.missing) {
        return { ...DOCUMENT_START, message: `${message} The comment that started it is missing from the review folder.`, hint }
      }
      const where = thread.deleted ? ' Its first comment was deleted.' : ''
      const anchor = thread.anchor
      if (anchor.target === 'field') {
        return { ...DOCUMENT_START, message: `${message} On the field “${fieldLabel(schema, anchor.field)}”.${where}`, hint }
      }
      if (anchor.target === 'draft') return { ...DOCUMENT_START, message: `${message} On the whole draft.${where}`, hint }
      const match = matches.get(thread.id)
      if (!match || match.status === 'outdated') {
        return { ...DOCUMENT_START, message: `${message} The text it was about is gone: “${excerpt(anchor.quote.exact, QUOTE_CHARS)}”.${where}`, hint }
      }
      return { ...matchPosition(doc.source, match), message: `${message}${where}`, hint }
    })
    const rest = open.length - shown.length
    if (rest > 0) {
      findings.push({
        ...DOCUMENT_START,
        message: `…and ${rest} more open ${rest === 1 ? 'thread' : 'threads'}`,
        hint: 'The Review panel (or `grant-desk review`) lists every thread.',
      })
    }
    return findings
  },
}

export const reviewApproval: Rule = {
  id: 'review-approval',
  title: 'Approved by a teammate',
  severity: 'warning',
  description:
    'Approved as it is now by teammates who did not write it, as many as the team’s review policy asks: “Improve” when changes were requested, the approval is of an earlier version (the pitch or a field changed since), or the review cannot be read; a “Note” while approvals are missing.',
  check({ review, doc, fields }: RuleContext): RuleFinding[] {
    if (!review) return []
    const summary = summarizeReview(review, { pitch: doc.source, fields: { ...fields } })
    const who = (state: string) => summary.reviewers.filter((reviewer) => reviewer.counted && reviewer.state === state)
    const authorsOwn = summary.reviewers.some((reviewer) => reviewer.isAuthor && reviewer.verdict.verdict === 'approve')
      ? ' An author’s own approval does not count.'
      : ''
    switch (summary.approval) {
      case 'approved':
        return []
      case 'unknown':
        return [
          {
            ...DOCUMENT_START,
            message: `The review state is ${describeApproval(summary)}, so the draft does not count as approved.`,
            hint: 'The Review panel (or `grant-desk review`) names the file and what to fix.',
          },
        ]
      case 'partly-approved':
        return [
          {
            ...DOCUMENT_START,
            severity: 'info',
            message: `${describeApproval(summary).split(' · ')[0]}: the team’s policy asks for ${summary.approvals.required}.`,
            hint: `Ask ${summary.approvals.required - summary.approvals.counted} more teammate${summary.approvals.required - summary.approvals.counted === 1 ? '' : 's'} who did not write it to approve it.${authorsOwn}`,
          },
        ]
      case 'none':
        return [
          {
            ...DOCUMENT_START,
            severity: 'info',
            message: 'No teammate has approved this draft yet.',
            hint: `Ask a teammate who did not write it to read it and approve it in the Review panel.${authorsOwn}`,
          },
        ]
      case 'changes-made': {
        const asked = names(who('changes-made').map((reviewer) => reviewer.author))
        return [
          {
            ...DOCUMENT_START,
            severity: 'info',
            message: 'No teammate has approved this draft yet.',
            hint: `The changes ${asked} requested are answered: ask ${asked} to look again and approve.`,
          },
        ]
      }
      case 'stale': {
        const approvers = names(who('approved-earlier').map((reviewer) => reviewer.author))
        return [
          {
            ...DOCUMENT_START,
            message: `${approvers} approved an earlier version; the pitch or fields changed since.`,
            hint: `Ask ${approvers} to look at the changes and approve again; the Review panel shows what changed.`,
          },
        ]
      }
      case 'changes-requested':
        return who('changes-requested').map(({ author, verdict }) => ({
          ...DOCUMENT_START,
          message: verdict.note.trim() === '' ? `${author} requested changes.` : `${author} requested changes: ${excerpt(verdict.note, NOTE_CHARS)}`,
          hint: `Answer ${author}’s threads (reply, apply or resolve), then ask ${author} to look again.`,
        }))
    }
  },
}

export const REVIEW_RULES: readonly Rule[] = [reviewOpenThreads, reviewApproval]
export const REVIEW_RULE_IDS: ReadonlySet<string> = new Set(REVIEW_RULES.map((rule) => rule.id))
