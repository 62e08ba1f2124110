/**
 * The review rules on real review data: records as the app writes them, folded by
 * shared/review/state, quotes made by shared/review/anchor. Each rule passes and fails here,
 * including an approval that goes stale with an edit and a review with more open threads than
 * the checklist lists one by one.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_RULES, draftLintInput, lint, type LintInput } from '../../../../src/shared/checklist'
import { MAX_THREAD_FINDINGS, excerpt, reviewApproval, reviewOpenThreads } from '../../../../src/shared/checklist/rules/review'
import {
  quoteAt,
  newRecordId,
  type Anchor,
  type ReviewRecord,
  DEFAULT_POLICY_VIEW,
  foldRecords,
  type FoldContext,
  type ReviewData,
} from '../../../../src/shared/review'
import { FIXTURES, fixtureInput } from '../../../support/checklist'

const PITCH = [
  '# Tracekit',
  '',
  '## Problem',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
  '## Budget',
  '',
  'We ask for 40,000 USD over six months, paid per milestone.',
  '',
].join('\n')
const FIELDS = { project_name: 'Tracekit', code_repository: 'https://github.com/tracekit/tracekit' }
const SCHEMA = [
  { name: 'project_name', label: 'Project name', type: 'text', required: true },
  { name: 'code_repository', label: 'Code repository', type: 'url', required: false },
]

const START = Date.parse('2026-11-23T09:00:00.000Z')
let serial = 0
function stamp(minute: number) {
  const at = new Date(START + minute * 60_000)
  return { id: newRecordId(at, (++serial).toString(16).padStart(8, '0')), created_at: at.toISOString() }
}
function quote(text: string, pitch = PITCH): Anchor {
  const start = pitch.indexOf(text)
  if (start === -1) throw new Error(`“${text}” is not in the pitch`)
  return { target: 'pitch', quote: quoteAt(pitch, start, start + text.length) }
}
const thread = (
  minute: number,
  author: string,
  anchor: Anchor,
  body = `${author} asks about this.`,
  extra: object = {},
): Extract<ReviewRecord, { kind: 'thread' }> => ({ ...stamp(minute), kind: 'thread', author, anchor, body, ...extra })
const resolve = (minute: number, to: string): ReviewRecord => ({ ...stamp(minute), kind: 'resolve', thread: to, author: 'Ada' })
const verdict = (
  minute: number,
  author: string,
  kind: 'approve' | 'request-changes',
  pitch = PITCH,
  fields: Record<string, string> = FIELDS,
  note = '',
): ReviewRecord => ({
  ...stamp(minute),
  kind: 'verdict',
  author,
  verdict: kind,
  note,
  reviewed: { hash: '0'.repeat(64), pitch, fields },
})

function input(review: ReviewData | undefined, pitch = PITCH, fields: Record<string, string> = FIELDS): LintInput {
  return {
    pitch,
    fields,
    schema: SCHEMA,
    grant: { title: 'Arcadia SDK Grants', reward: '50,000 USD', deadline: '2099-01-01T00:00:00.000Z' },
    now: START,
    ...(review ? { review } : {}),
  }
}
const findingsOf = (id: string, lintInput: LintInput) => lint(lintInput).findings.filter((finding) => finding.ruleId === id)

describe('without a review', () => {
  it('no review rule reports anything: plain text, a fixture draft, a draft the app maps', () => {
    const ids = new Set(['review-open-threads', 'review-approval'])
    expect(lint({ pitch: PITCH }).findings.filter((f) => ids.has(f.ruleId))).toEqual([])
    expect(lint(fixtureInput(join(FIXTURES, 'good-pitch.md'))).findings).toEqual([])
    expect(lint(input(undefined)).findings.filter((f) => ids.has(f.ruleId))).toEqual([])
  })

  it('are both in ALL_RULES, after the guidance', () => {
    expect(ALL_RULES.slice(-2).map((rule) => rule.id)).toEqual(['review-open-threads', 'review-approval'])
  })
})

describe('review-open-threads', () => {
  it('passes when every thread is resolved or its suggestion applied', () => {
    const a = thread(0, 'Ben', quote('cannot see why a transaction failed'))
    const b = thread(1, 'Cy', quote('six months'), 'Eight?', { suggestion: 'eight months' })
    const records = [a, b, resolve(2, a.id), { ...stamp(3), kind: 'suggestion', thread: b.id, author: 'Ada', decision: 'applied' } as ReviewRecord]
    expect(findingsOf('review-open-threads', input(foldRecords(records)))).toEqual([])
    expect(findingsOf('review-open-threads', input(foldRecords([])))).toEqual([])
  })

  it('reports an open thread on the pitch at the quoted passage, with its author and the start of its text', () => {
    const a = thread(0, 'Ben', quote('cannot see why a transaction failed'), 'Who says so?\nCite the survey.')
    const [finding] = findingsOf('review-open-threads', input(foldRecords([a])))
    expect(finding).toEqual({
      ruleId: 'review-open-threads',
      severity: 'warning',
      message: 'Open review thread from Ben: “Who says so? Cite the survey.”',
      hint: 'Reply, apply the suggestion, or resolve the thread in the Review panel.',
      line: 5,
      column: 19,
      endLine: 5,
      endColumn: 54,
      // The pass at the end of lint() names the section the passage is in.
      section: 'Problem',
    })
  })

  it('follows the passage through edits, and says when it is gone', () => {
    const a = thread(0, 'Ben', quote('We ask for 40,000 USD over six months'))
    const moved = `# Tracekit\n\nIntro paragraph added above.\n\n${PITCH.slice('# Tracekit\n\n'.length)}`
    expect(findingsOf('review-open-threads', input(foldRecords([a]), moved))[0]).toMatchObject({ line: 11, column: 1, endLine: 11, endColumn: 38 })
    const reworded = PITCH.replace('40,000 USD over six months', '40,000 USD over seven months')
    expect(findingsOf('review-open-threads', input(foldRecords([a]), reworded))[0]).toMatchObject({ line: 9, column: 1 })
    const gone = PITCH.replace('We ask for 40,000 USD over six months, paid per milestone.', 'See the table.')
    expect(findingsOf('review-open-threads', input(foldRecords([a]), gone))[0]).toMatchObject({
      line: 1,
      column: 1,
      message: 'Open review thread from Ben: “Ben asks about this.” The text it was about is gone: “We ask for 40,000 USD over six months”.',
    })
  })

  it('reports field and whole-draft threads at the start, saying what they are about', () => {
    const field = thread(0, 'Ben', { target: 'field', field: 'project_name', quote: null }, 'Use the repository name.')
    const unknownField = thread(1, 'Ben', { target: 'field', field: 'budget_note', quote: null }, 'Fill this.')
    const draft = thread(2, 'Cy', { target: 'draft' }, 'Good start.')
    expect(findingsOf('review-open-threads', input(foldRecords([field, unknownField, draft]))).map((f) => [f.line, f.column, f.message])).toEqual([
      [1, 1, 'Open review thread from Ben: “Use the repository name.” On the field “Project name”.'],
      [1, 1, 'Open review thread from Ben: “Fill this.” On the field “budget_note”.'],
      [1, 1, 'Open review thread from Cy: “Good start.” On the whole draft.'],
    ])
  })

  it('cuts a long comment at 80 characters, and lets a reply speak for a deleted comment', () => {
    const long = 'x'.repeat(79) + '😀 and more'
    const a = thread(0, 'Ben', { target: 'draft' }, long)
    expect(findingsOf('review-open-threads', input(foldRecords([a])))[0]!.message).toBe(
      `Open review thread from Ben: “${'x'.repeat(79)}😀…” On the whole draft.`,
    )
    expect(excerpt('  a\n\n b  ', 80)).toBe('a b')

    const deleted = thread(1, 'Ben', { target: 'draft' }, '', { deleted_at: new Date(START + 5 * 60_000).toISOString() })
    const answer: ReviewRecord = { ...stamp(2), kind: 'reply', thread: deleted.id, author: 'Ada', body: 'I still think we should.' }
    expect(findingsOf('review-open-threads', input(foldRecords([deleted, answer])))[0]!.message).toBe(
      'Open review thread from Ada: “I still think we should.” On the whole draft. Its first comment was deleted.',
    )
    const orphan: ReviewRecord = { ...stamp(3), kind: 'reply', thread: stamp(0).id, author: 'Cy', body: 'Agreed.' }
    expect(findingsOf('review-open-threads', input(foldRecords([orphan])))[0]!.message).toBe(
      'Open review thread from Cy: “Agreed.” The comment that started it is missing from the review folder.',
    )
  })

  it(`lists at most ${MAX_THREAD_FINDINGS} threads, the oldest, and counts the rest`, () => {
    const many = (n: number) => foldRecords(Array.from({ length: n }, (_, i) => thread(i, 'Ben', { target: 'draft' }, `Point ${i + 1}`)))
    const findings = findingsOf('review-open-threads', input(many(25)))
    expect(findings).toHaveLength(MAX_THREAD_FINDINGS + 1)
    expect(findings.filter((f) => f.message.startsWith('Open review thread')).map((f) => f.message.match(/Point \d+/)![0])).toEqual(
      Array.from({ length: 20 }, (_, i) => `Point ${i + 1}`),
    )
    expect(findings.at(-1)).toMatchObject({ severity: 'warning', line: 1, message: '…and 5 more open threads' })
    expect(findingsOf('review-open-threads', input(many(21))).at(-1)!.message).toBe('…and 1 more open thread')
    expect(findingsOf('review-open-threads', input(many(20))).some((f) => f.message.startsWith('…'))).toBe(false)
    // Still bounded when the review is huge.
    expect(findingsOf('review-open-threads', input(many(2_000)))).toHaveLength(MAX_THREAD_FINDINGS + 1)
  })

  it('is not hidden by a blank section at the quoted heading, and is silenced like any rule', () => {
    const pitch = '# Tracekit\n\nText.\n\n## Team\n\n## Budget\n\nWe ask for 40,000 USD.\n'
    const a = thread(0, 'Ben', quote('## Team', pitch), 'Who is on it?')
    const ids = lint(input(foldRecords([a]), pitch))
      .findings.filter((f) => f.line === 5)
      .map((f) => f.ruleId)
    expect(ids).toEqual(expect.arrayContaining(['blank-section', 'review-open-threads']))
    const silenced = `<!-- checklist-disable review-open-threads -->\n${pitch}`
    expect(findingsOf('review-open-threads', input(foldRecords([thread(1, 'Ben', quote('## Team', silenced))]), silenced))).toEqual([])
  })
})

describe('review-approval', () => {
  // Every verdict here passed the core's checks (hash, name, date, signature: see test/integration/cli/review-gate.test.ts).
  const VALID: FoldContext = { policy: DEFAULT_POLICY_VIEW, checkVerdict: () => ({ problem: null, signature: 'none', future: false }) }
  const approval = (records: ReviewRecord[], pitch = PITCH, fields: Record<string, string> = FIELDS) =>
    findingsOf('review-approval', input(foldRecords(records, [], VALID), pitch, fields))

  it('passes when a teammate approved the draft as it is now', () => {
    expect(approval([verdict(1, 'Ada', 'approve')])).toEqual([])
    // A field left empty is the same as one never filled.
    expect(approval([verdict(1, 'Ada', 'approve')], PITCH, { ...FIELDS, team_name: '' })).toEqual([])
  })

  it('notes that nobody approved yet', () => {
    expect(approval([])).toEqual([
      expect.objectContaining({
        ruleId: 'review-approval',
        severity: 'info',
        line: 1,
        column: 1,
        message: 'No teammate has approved this draft yet.',
        hint: 'Ask a teammate who did not write it to read it and approve it in the Review panel.',
      }),
    ])
  })

  it('warns that an approval is of an earlier version once the pitch or a field is edited', () => {
    const approved = verdict(1, 'Ada', 'approve')
    const edited = PITCH.replace('six months', 'eight months')
    expect(approval([approved], edited)).toEqual([
      expect.objectContaining({
        severity: 'warning',
        line: 1,
        message: 'Ada approved an earlier version; the pitch or fields changed since.',
        hint: expect.stringContaining('Ask Ada to look at the changes'),
      }),
    ])
    expect(approval([approved], PITCH, { ...FIELDS, project_name: 'TraceKit' })[0]!.message).toBe(
      'Ada approved an earlier version; the pitch or fields changed since.',
    )
    expect(approval([approved, verdict(2, 'Cy', 'approve')], edited)[0]!.message).toBe(
      'Ada and Cy approved an earlier version; the pitch or fields changed since.',
    )
    // Approving the edited text (a verdict that replaces the earlier one) settles it.
    expect(approval([approved, { ...verdict(3, 'Ada', 'approve', edited), supersedes: [approved.id] } as ReviewRecord], edited)).toEqual([])
  })

  it('warns about each standing request for changes, with its note', () => {
    const question = thread(0, 'Ben', quote('six months'))
    const request = verdict(1, 'Ben', 'request-changes', PITCH, FIELDS, 'Split the budget per milestone.\nAnd cite the survey.')
    expect(approval([question, request, verdict(2, 'Ada', 'approve'), verdict(3, 'Cy', 'request-changes')])).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'Ben requested changes: Split the budget per milestone. And cite the survey.',
        hint: expect.stringContaining('Answer Ben’s threads'),
      }),
      expect.objectContaining({ severity: 'warning', message: 'Cy requested changes.' }),
    ])
  })

  it('says the review state is unknown while a record cannot be read', () => {
    const review = foldRecords([verdict(1, 'Ada', 'approve')], [{ fileName: 'x.yaml', reason: 'not valid YAML' }], VALID)
    expect(findingsOf('review-approval', input(review))).toEqual([
      expect.objectContaining({ severity: 'warning', message: 'The review state is unknown: 1 unreadable record, so the draft does not count as approved.' }),
    ])
  })

  it('notes that nobody approved yet once the requested changes are made', () => {
    const question = thread(0, 'Ben', quote('six months'))
    const request = verdict(1, 'Ben', 'request-changes')
    expect(approval([question, request, resolve(2, question.id)])).toEqual([
      expect.objectContaining({
        severity: 'info',
        message: 'No teammate has approved this draft yet.',
        hint: 'The changes Ben requested are answered: ask Ben to look again and approve.',
      }),
    ])
  })
})

describe('draftLintInput', () => {
  const draft = {
    pitch: PITCH,
    customFields: FIELDS,
    projectKind: null,
    grant: { id: 'g', title: 'T', reward: 'R', deadline: '2099-01-01T00:00:00.000Z', applyEndpoint: 'POST /x', applicationSchema: SCHEMA, type: null },
  } as unknown as Parameters<typeof draftLintInput>[0]

  it('passes the review through, and leaves it out when there is none', () => {
    const review = foldRecords([verdict(1, 'Ada', 'approve', 'older text')])
    expect(draftLintInput(draft, { now: START, review }).review).toBe(review)
    expect('review' in draftLintInput(draft, { now: START })).toBe(false)
    expect(lint(draftLintInput(draft, { now: START, review })).findings.map((f) => f.ruleId)).toContain('review-approval')
  })
})

describe('rule metadata', () => {
  it.each([reviewOpenThreads, reviewApproval])('$id is described', (rule) => {
    expect(rule.severity).toBe('warning')
    expect(rule.description).toMatch(/teammate/)
  })
})
