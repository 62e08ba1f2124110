/**
 * The review copy: one self-contained HTML file of a draft for reviewers outside the team (a
 * mentor, an advisor) who have no Grant Desk and want to read, print and annotate it. It holds
 * the grant, the pitch (rendered and sanitized like the app's preview), the application
 * fields, the checklist's findings, and the team's open review threads as numbered notes, each
 * marked in the pitch where it applies.
 *
 * Built from plain data only (a draft, its review, the sponsor when known, the time of export),
 * so the core (`export.reviewCopy`, the PDF) and the CLI (`grant-desk export`, offline, from
 * files) make the same copy of the same draft.
 *
 * It can run nothing and load nothing: no script, no remote resource, a CSP that allows only
 * its own stylesheet (by hash), images shown as links. A copy opened from a mail attachment or
 * a shared drive tells nobody that it was opened.
 */
import { createHash } from 'node:crypto'
import { type SchemaField, isBlank, isHttpUrl } from '../../../shared/api'
import { draftLintInput, lint, SEVERITY_WORDS, type Finding, type Severity } from '../../../shared/checklist'
import type { Draft } from '../../../shared/ipc'
import {
  locateQuote,
  locateQuotes,
  type AnchorMatch,
  isOpen,
  describeApproval,
  describeThreads,
  summarize,
  type ReviewerState,
  type ReviewSummary,
  showHidden,
  type CommentView,
  type ReviewData,
  type ThreadView,
  wordDiff,
} from '../../../shared/review'
import { BARE_LINK_CLASS, markdownToHtml, type NoteMark } from './markdown-html'
import { REVIEW_COPY_CSS } from './styles'
import { plural, dateTime, isoDay, localTimeZone, type DateOptions } from '../../../shared/text'

/** What the copy is made of: the draft as saved, its review records, and what is known of the grant. */
export interface ReviewCopyInput {
  draft: Pick<Draft, 'id' | 'grant' | 'pitch' | 'customFields' | 'status' | 'applicationId' | 'projectKind' | 'updatedAt'>
  review: ReviewData
  /**
   * The grant's sponsor: the draft file does not keep it. Null: it was looked up and nobody knew
   * (the note says it is left out); undefined: not looked up (the CLI, offline by design).
   */
  sponsor?: string | null | undefined
  exportedAt: Date
  /** Time zone of every date shown (IANA name). Default: this computer's. */
  timeZone?: string | undefined
  /** Locale of every date shown (BCP 47). Default: this computer's (a test names one). */
  locale?: string | undefined
}

export interface ReviewCopy {
  html: string
  /** `<draft-id>-YYYY-MM-DD.html`, the date of the export. */
  fileName: string
  openThreads: number
  /** One or two sentences for the person exporting: what the copy holds and leaves out. */
  note: string
}

/** The copy's stylesheet, by hash: the only thing its policy allows. */
export const REVIEW_COPY_STYLE_HASH = `sha256-${createHash('sha256').update(REVIEW_COPY_CSS, 'utf8').digest('base64')}`
export const REVIEW_COPY_CSP = `default-src 'none'; style-src '${REVIEW_COPY_STYLE_HASH}'; base-uri 'none'; form-action 'none'`

/** The pitch's own headings sit under the copy's "Pitch" (h2). */
const PITCH_HEADING_TOP = 3

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!)
}

/** "Mon, 23 Nov 2026, 09:00 UTC" (in en-GB): always with its zone, since the reader may be anywhere. */
export function formatWhen(iso: string, zone: DateOptions): string {
  return dateTime(iso, zone)
}

function when(iso: string, zone: DateOptions): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatWhen(iso, zone))}</time>`
}

/** A slug for the file name, whatever the draft file was called (the CLI takes any name). */
export function reviewCopyFileName(draftId: string, exportedAt: Date, timeZone: string = localTimeZone()): string {
  const slug =
    draftId
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'draft'
  return `${slug}-${isoDay(exportedAt, timeZone)}.html`
}

// ---------------------------------------------------------------------------------------------
// Review notes

interface Note {
  number: number
  thread: ThreadView
  /** Where it applies, in words: "Pitch, line 12". */
  place: string
  /** The passage quoted when the comment was made. */
  quote: string | null
  /** The passage as it reads now (for a suggestion's diff); null when it is gone. */
  current: string | null
  /** Pitch line of the mark, or the field whose label gets the mark. */
  mark: { line: number } | { field: string } | null
}

function lines(match: Extract<AnchorMatch, { line: number }>): string {
  return match.endLine > match.line ? `lines ${match.line}–${match.endLine}` : `line ${match.line}`
}

/**
 * The open threads as notes, in the order a reader meets them: the pitch from top to bottom
 * (passages no longer there after it), then the fields in form order, then whole-draft ones.
 */
function notesOf(draft: ReviewCopyInput['draft'], review: ReviewData): Note[] {
  const open = review.threads.filter(isOpen)
  const schema = draft.grant.applicationSchema ?? []
  const labelOf = (name: string) => schema.find((field) => field.name === name)?.label || name
  const onPitch = open.filter((thread) => !thread.missing && thread.anchor.target === 'pitch')
  const matches = locateQuotes(
    draft.pitch,
    onPitch.map((thread) => (thread.anchor.target === 'pitch' ? thread.anchor.quote : { exact: '', prefix: '', suffix: '', line: 1 })),
  )
  const pitchMatch = new Map(onPitch.map((thread, index) => [thread.id, matches[index]!]))

  const placed = open.map((thread, order) => {
    const anchor = thread.anchor
    let rank: [number, number]
    let note: Omit<Note, 'number'>
    if (thread.missing) {
      rank = [4, 0]
      note = { thread, place: 'A thread whose first comment has not reached the review folder', quote: null, current: null, mark: null }
    } else if (anchor.target === 'pitch') {
      const match = pitchMatch.get(thread.id)!
      if (match.status === 'outdated') {
        rank = [1, anchor.quote.line]
        note = {
          thread,
          place: `Pitch, a passage no longer in the text (it was at line ${anchor.quote.line})`,
          quote: anchor.quote.exact,
          current: null,
          mark: null,
        }
      } else {
        rank = [0, match.line]
        const reworded = match.status === 'fuzzy' ? ' (reworded since)' : ''
        note = { thread, place: `Pitch, ${lines(match)}${reworded}`, quote: anchor.quote.exact, current: match.text, mark: { line: match.line } }
      }
    } else if (anchor.target === 'field') {
      const index = schema.findIndex((field) => field.name === anchor.field)
      rank = [2, index === -1 ? schema.length : index]
      const label = `Field “${labelOf(anchor.field)}”`
      if (!anchor.quote) {
        note = { thread, place: label, quote: null, current: null, mark: { field: anchor.field } }
      } else {
        const match = locateQuote(draft.customFields[anchor.field] ?? '', anchor.quote)
        const state = match.status === 'outdated' ? ', a passage no longer in it' : match.status === 'fuzzy' ? ' (reworded since)' : ''
        note = {
          thread,
          place: `${label}${state}`,
          quote: anchor.quote.exact,
          current: match.status === 'outdated' ? null : match.text,
          mark: { field: anchor.field },
        }
      }
    } else {
      rank = [3, 0]
      note = { thread, place: 'The whole draft', quote: null, current: null, mark: null }
    }
    return { rank: [...rank, order], note }
  })
  placed.sort((a, b) => a.rank[0]! - b.rank[0]! || a.rank[1]! - b.rank[1]! || a.rank[2]! - b.rank[2]!)
  return placed.map(({ note }, index) => ({ ...note, number: index + 1 }))
}

const noteId = (number: number) => `note-${number}`

function markLinks(numbers: readonly number[]): string {
  if (numbers.length === 0) return ''
  return ` <sup>${numbers.map((n) => `<a href="#${noteId(n)}" aria-label="Review note ${n}">[${n}]</a>`).join('')}</sup>`
}

function commentHtml(comment: CommentView, kind: 'Comment' | 'Reply', zone: DateOptions): string {
  const edited = comment.editedAt ? ` · edited ${when(comment.editedAt, zone)}` : ''
  const meta = `<p class="meta"><strong>${escapeHtml(comment.author || 'Unknown')}</strong> · ${when(comment.createdAt, zone)}${edited}</p>`
  if (comment.deleted) return `${meta}<p class="empty">${kind} deleted by its author.</p>`
  return comment.body.trim() === '' ? meta : `${meta}<p class="body">${escapeHtml(comment.body)}</p>`
}

function suggestionHtml(note: Note, zone: DateOptions): string {
  const suggestion = note.thread.suggestion
  if (!suggestion) return ''
  const before = note.current ?? note.quote ?? ''
  const parts = before === '' ? null : wordDiff(before, suggestion.text)
  const shown = parts
    ? `<p><strong>Suggested change</strong> (struck-through words out, underlined words in):</p><p class="diff">${parts
        .map((part, index) => {
          if (part.kind === 'same') return escapeHtml(part.text)
          if (part.kind === 'added')
            return `<span class="visually-hidden">[added: </span><ins>${escapeHtml(part.text)}</ins><span class="visually-hidden">]</span>`
          // A word swapped for another would print as one run ("oldnew"): a space keeps them apart.
          const gap = parts[index + 1]?.kind === 'added' && !/\s$/.test(part.text) ? ' ' : ''
          return `<span class="visually-hidden">[removed: </span><del>${escapeHtml(part.text)}</del><span class="visually-hidden">]</span>${gap}`
        })
        .join('')}</p>`
    : `<p><strong>Suggests:</strong> <span class="body">${escapeHtml(suggestion.text)}</span></p>`
  const decided =
    suggestion.decision && suggestion.decidedAt
      ? `<p class="meta">${suggestion.decision === 'applied' ? 'Applied' : 'Declined'} by ${escapeHtml(suggestion.decidedBy ?? 'a teammate')} · ${when(suggestion.decidedAt, zone)}</p>`
      : ''
  return `<div class="suggestion">${shown}${decided}</div>`
}

function noteHtml(note: Note, zone: DateOptions): string {
  const { thread } = note
  const first = thread.missing
    ? '<p class="empty">The comment that started this thread is not in the review folder yet (not synced, or unreadable); its replies follow.</p>'
    : commentHtml(thread, 'Comment', zone)
  const quote = note.quote === null ? '' : `<blockquote class="quote"><p class="body">${escapeHtml(note.quote)}</p></blockquote>`
  const replies =
    thread.replies.length === 0
      ? ''
      : `<ul class="replies" aria-label="Replies">${thread.replies.map((reply) => `<li>${commentHtml(reply, 'Reply', zone)}</li>`).join('')}</ul>`
  return `<li class="note" id="${noteId(note.number)}"><h3>Note ${note.number} · ${escapeHtml(note.place)}</h3>${quote}${first}${suggestionHtml(note, zone)}${replies}</li>`
}

// ---------------------------------------------------------------------------------------------
// Sections

function facts(rows: readonly [string, string][]): string {
  return `<dl class="facts">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`
}

function grantSection(input: ReviewCopyInput, zone: DateOptions): string {
  const { draft } = input
  const { grant } = draft
  const rows: [string, string][] = [['Grant', escapeHtml(grant.title)]]
  if (input.sponsor) rows.push(['Sponsor', escapeHtml(input.sponsor)])
  if (grant.type) rows.push(['Kind', grant.type === 'bounty' ? 'Bounty' : 'Grant'])
  rows.push(['Reward', escapeHtml(grant.reward)], ['Deadline', when(grant.deadline, zone)])
  rows.push([
    'Draft',
    draft.status === 'submitted' ? `Submitted${draft.applicationId ? ` as application ${escapeHtml(draft.applicationId)}` : ''}` : 'Not submitted yet',
  ])
  return `<section aria-labelledby="grant-heading"><h2 id="grant-heading">The grant</h2>${facts(rows)}</section>`
}

function fieldValue(field: SchemaField, value: string | undefined): string {
  if (value === undefined || isBlank(value)) return `<span class="empty">Empty${field.required ? ' — this field is required' : ''}</span>`
  if (field.type === 'url' && isHttpUrl(value.trim()))
    return `<a class="${BARE_LINK_CLASS}" href="${escapeHtml(value.trim())}" rel="noreferrer">${escapeHtml(value.trim())}</a>`
  return escapeHtml(value)
}

function fieldsSection(draft: ReviewCopyInput['draft'], notes: readonly Note[]): string {
  const schema = draft.grant.applicationSchema
  const heading = '<h2 id="fields-heading">Application fields</h2>'
  if (schema === null) {
    return `<section aria-labelledby="fields-heading">${heading}<p>This grant takes a free-form application: the pitch alone, no fields.</p></section>`
  }
  if (schema.length === 0) return `<section aria-labelledby="fields-heading">${heading}<p>This application has no fields.</p></section>`
  const rows = schema.map((field): [string, string] => {
    const numbers = notes.filter((note) => note.mark !== null && 'field' in note.mark && note.mark.field === field.name).map((note) => note.number)
    const required = field.required ? ' <span class="required">(required)</span>' : ''
    return [`${escapeHtml(field.label || field.name)}${required}${markLinks(numbers)}`, fieldValue(field, draft.customFields[field.name])]
  })
  return `<section aria-labelledby="fields-heading">${heading}${facts(rows)}</section>`
}

/** The ids of the checklist's headings (the words are the app's: SEVERITY_WORDS). */
const SEVERITY_HEADING_IDS: Record<Severity, string> = { error: 'must-fix', warning: 'to-improve', info: 'notes-checklist' }

function findingHtml(finding: Finding): string {
  const place = finding.endLine > finding.line ? `Lines ${finding.line}–${finding.endLine}` : `Line ${finding.line}`
  return `<li><span class="line">${place}</span> — ${escapeHtml(finding.message)}${finding.hint ? ` <span class="hint">${escapeHtml(finding.hint)}</span>` : ''}</li>`
}

function checklistSection(findings: readonly Finding[], verdict: string): string {
  const groups = (['error', 'warning', 'info'] as const)
    .map((severity) => {
      const list = findings.filter((finding) => finding.severity === severity).sort((a, b) => a.line - b.line || a.column - b.column)
      if (list.length === 0) return ''
      const title = SEVERITY_WORDS[severity].heading
      const id = SEVERITY_HEADING_IDS[severity]
      return `<h3 id="${id}" class="severity-${severity}">${title} (${list.length})</h3><ul class="findings" aria-labelledby="${id}">${list.map(findingHtml).join('')}</ul>`
    })
    .join('')
  const intro = findings.length === 0 ? '' : '<p class="hint">Line numbers count from the first line of the pitch.</p>'
  return `<section aria-labelledby="checklist-heading"><h2 id="checklist-heading">Checklist</h2><p class="verdict">${escapeHtml(verdict)}</p>${intro}${groups}</section>`
}

const VERDICT_WORDS: Record<ReviewerState, string> = {
  approved: 'approved this version',
  'approved-earlier': 'approved an earlier version',
  'changes-requested': 'requested changes',
  'changes-made': 'requested changes, since made',
  conflict: 'gave verdicts that cannot be ordered',
}

function reviewSection(summary: ReviewSummary, approvalLine: string, notes: readonly Note[], unreadable: number, zone: DateOptions): string {
  const verdicts =
    summary.reviewers.length === 0
      ? ''
      : `<ul aria-label="Verdicts">${summary.reviewers
          .map(({ author, state, verdict, notCounted }) => {
            const note = verdict.note.trim() === '' ? '' : `: <span class="body">${escapeHtml(verdict.note)}</span>`
            const uncounted = notCounted === null ? '' : ` <em>(not counted: ${escapeHtml(showHidden(notCounted))})</em>`
            return `<li><strong>${escapeHtml(showHidden(author))}</strong> ${VERDICT_WORDS[state]} · ${when(verdict.createdAt, zone)}${note}${uncounted}</li>`
          })
          .join('')}</ul>`
  const missing =
    unreadable === 0 ? '' : `<p class="hint">${plural(unreadable, 'review record')} could not be read and ${unreadable === 1 ? 'is' : 'are'} not included.</p>`
  const list =
    notes.length === 0
      ? '<p>No open threads: every comment has been resolved.</p>'
      : `<ol class="notes">${notes.map((note) => noteHtml(note, zone)).join('')}</ol>`
  return `<section id="notes" aria-labelledby="notes-heading"><h2 id="notes-heading">Open review threads</h2><p class="verdict">${escapeHtml(approvalLine)}</p>${verdicts}${missing}<p class="hint">Resolved threads are left out. Each note is marked in the text above with its number.</p>${list}</section>`
}

// ---------------------------------------------------------------------------------------------

export function buildReviewCopy(input: ReviewCopyInput): ReviewCopy {
  const { draft, review, exportedAt } = input
  const timeZone = input.timeZone ?? localTimeZone()
  const zone: DateOptions = { timeZone, locale: input.locale }
  const notes = notesOf(draft, review)
  const summary = summarize(review, { pitch: draft.pitch, fields: draft.customFields })
  const approvalLine = `${describeThreads(summary)[0]!.toUpperCase()}${describeThreads(summary).slice(1)} · ${describeApproval(summary)}`
  // The checklist on the saved draft against its own grant snapshot, at the time of export. Its
  // review rules are left out: they would repeat every open thread as a warning at line 1, and
  // the copy shows the review in a section of its own.
  const { findings, summary: checklist } = lint(draftLintInput(draft, { now: exportedAt.getTime() }))

  const marks: NoteMark[] = notes.flatMap((note) =>
    note.mark !== null && 'line' in note.mark ? [{ line: note.mark.line, number: note.number, target: noteId(note.number) }] : [],
  )
  const pitch = isBlank(draft.pitch) ? '<p class="empty">The pitch is empty.</p>' : markdownToHtml(draft.pitch, { headingTop: PITCH_HEADING_TOP, marks })
  const title = `Review copy: ${draft.grant.title}`

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REVIEW_COPY_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="Grant Desk">
<title>${escapeHtml(title)}</title>
<style>${REVIEW_COPY_CSS}</style>
</head>
<body>
<header>
<p class="kicker">Review copy</p>
<h1>Application draft: ${escapeHtml(draft.grant.title)}</h1>
<p class="lead">${escapeHtml(approvalLine)}. Checklist: ${escapeHtml(checklist.verdict)}</p>
</header>
<main>
${grantSection(input, zone)}
<section aria-labelledby="pitch-heading"><h2 id="pitch-heading">Pitch</h2><div class="pitch">
${pitch}
</div></section>
${fieldsSection(draft, notes)}
${checklistSection(findings, checklist.verdict)}
${reviewSection(summary, approvalLine, notes, review.unreadable.length, zone)}
</main>
<footer>
<p>Exported from Grant Desk on ${when(exportedAt.toISOString(), zone)} — saved version of ${when(draft.updatedAt, zone)}.</p>
</footer>
</body>
</html>
`
  const threads = notes.length === 0 ? 'no open threads' : `its ${plural(notes.length, 'open thread')}`
  const sponsor = input.sponsor === null ? ' The sponsor is left out: it could not be looked up.' : ''
  return {
    html,
    fileName: reviewCopyFileName(draft.id, exportedAt, timeZone),
    openThreads: notes.length,
    note: `The copy holds the version saved ${formatWhen(draft.updatedAt, zone)}, with ${threads}; resolved threads are left out.${sponsor}`,
  }
}
