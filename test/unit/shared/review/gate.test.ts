/**
 * The gate's rules on folded records (shared/review/gate.ts): verdicts ordered by their chain
 * and never by their dates, authors' verdicts as notes, the policy's count and approvers, and
 * "unknown" whenever something cannot be read or ordered. The core's checks of each record
 * (hash, signature, date, name) are given here as results; test/integration/cli/review-gate.test.ts
 * makes them on real files.
 */
import { describe, expect, it } from 'vitest'
import {
  describeApproval,
  describeThreads,
  gateProblem,
  reviewBrief,
  summarize,
  type Anchor,
  type ReviewRecord,
  type VerdictRecord,
  newRecordId,
  DEFAULT_POLICY_VIEW,
  foldRecords,
  type FoldContext,
  type ReviewedContent,
  type PolicyView,
  type VerdictCheck,
} from '../../../../src/shared/review'

const START = Date.parse('2026-11-23T09:00:00.000Z')
let serial = 0
function stamp(minute: number) {
  const at = new Date(START + minute * 60_000)
  return { id: newRecordId(at, (++serial).toString(16).padStart(8, '0')), created_at: at.toISOString() }
}

const PITCH_ANCHOR: Anchor = { target: 'pitch', quote: { exact: 'six months', prefix: 'over ', suffix: '.', line: 3 } }
const thread = (minute: number, author: string): Extract<ReviewRecord, { kind: 'thread' }> => ({
  ...stamp(minute),
  kind: 'thread',
  author,
  anchor: PITCH_ANCHOR,
  body: `${author} asks something`,
})
const mark = (minute: number, to: string, kind: 'resolve' | 'reopen', author = 'Ada'): ReviewRecord => ({ ...stamp(minute), kind, thread: to, author })
const authorRecord = (minute: number, author: string, role: 'created' | 'edited' = 'created'): ReviewRecord => ({
  ...stamp(minute),
  kind: 'author',
  author,
  role,
})
function verdict(
  minute: number,
  author: string,
  kind: 'approve' | 'request-changes',
  content: ReviewedContent,
  options: { note?: string; supersedes?: VerdictRecord[] | null } = {},
): VerdictRecord {
  return {
    ...stamp(minute),
    kind: 'verdict',
    author,
    verdict: kind,
    note: options.note ?? '',
    ...(options.supersedes === null ? {} : { supersedes: (options.supersedes ?? []).map((record) => record.id) }),
    reviewed: { hash: 'a'.repeat(64), pitch: content.pitch, fields: content.fields },
  }
}

const V1: ReviewedContent = { pitch: '# Tracekit\n\nWe ask for 40,000 USD over six months.\n', fields: { project_name: 'Tracekit' } }
const V2: ReviewedContent = { pitch: '# Tracekit\n\nWe ask for 40,000 USD over eight months.\n', fields: { project_name: 'Tracekit' } }

const VALID: VerdictCheck = { problem: null, signature: 'none', future: false }
function context(policy: Partial<PolicyView> = {}, problems: Record<string, string> = {}): FoldContext {
  return {
    policy: { ...DEFAULT_POLICY_VIEW, ...policy },
    checkVerdict: (record) => (problems[record.id] ? { ...VALID, problem: problems[record.id]! } : VALID),
  }
}

function state(records: ReviewRecord[], current: ReviewedContent, ctx: FoldContext = context()) {
  const summary = summarize(foldRecords(records, [], ctx), current)
  return {
    approval: summary.approval,
    text: describeApproval(summary),
    threads: describeThreads(summary),
    reviewers: summary.reviewers.map((r) => `${r.author}:${r.state}${r.counted ? '' : ' (not counted)'}`),
    gate: gateProblem(summary),
  }
}

describe('the approval state', () => {
  it('is none while nobody gave a verdict', () => {
    expect(state([thread(0, 'Ben')], V1)).toMatchObject({ approval: 'none', text: 'not approved yet', threads: '1 open thread', reviewers: [] })
  })

  it('is approved when someone approved exactly this text', () => {
    expect(state([verdict(1, 'Ada', 'approve', V1)], V1)).toMatchObject({
      approval: 'approved',
      text: 'approved by Ada',
      reviewers: ['Ada:approved'],
      gate: null,
    })
    expect(state([verdict(1, 'Ada', 'approve', V1)], { ...V1, fields: { ...V1.fields, team_name: '' } }).approval).toBe('approved')
  })

  it('goes stale when the pitch or a field is edited after the approval, and comes back when the edit is undone', () => {
    expect(state([verdict(1, 'Ada', 'approve', V1)], V2)).toMatchObject({
      approval: 'stale',
      text: 'Ada approved an earlier version',
      reviewers: ['Ada:approved-earlier'],
    })
    expect(state([verdict(1, 'Ada', 'approve', V1)], { ...V1, fields: { project_name: 'TraceKit' } }).approval).toBe('stale')
    const first = verdict(1, 'Ada', 'approve', V1)
    expect(state([first, verdict(9, 'Ada', 'approve', V2, { supersedes: [first] })], V2).approval).toBe('approved')
  })

  it('turns a request for changes into changes made when the reviewer’s threads are resolved, and back when one is reopened', () => {
    const question = thread(0, 'Ben')
    const request = verdict(1, 'Ben', 'request-changes', V1, { note: 'See my comment.' })
    expect(state([question, request], V1)).toMatchObject({ approval: 'changes-requested', text: 'changes requested by Ben' })
    expect(state([question, request, thread(2, 'Cy'), mark(3, question.id, 'resolve')], V1)).toMatchObject({
      approval: 'changes-made',
      threads: '1 open thread',
    })
    expect(state([question, request, mark(3, question.id, 'resolve'), mark(4, question.id, 'reopen', 'Ben')], V1).approval).toBe('changes-requested')
    expect(state([verdict(1, 'Ben', 'request-changes', V1)], V2).approval).toBe('changes-made')
  })

  it('lets a standing request for changes outweigh another reviewer’s approval', () => {
    expect(state([verdict(1, 'Ada', 'approve', V2), verdict(2, 'Ben', 'request-changes', V2)], V2)).toMatchObject({ approval: 'changes-requested' })
    expect(state([verdict(1, 'Ada', 'approve', V1), verdict(2, 'Cy', 'approve', V2)], V2)).toMatchObject({ approval: 'approved', text: 'approved by Cy' })
  })
})

describe('verdicts ordered by their chain, never by their dates', () => {
  it('takes the verdict that replaces the others, whatever the dates say', () => {
    const request = verdict(5, 'Ben', 'request-changes', V1)
    // Dated earlier than the request (a wrong clock), but it names the request it replaces.
    const approval = verdict(1, 'Ben', 'approve', V1, { supersedes: [request] })
    expect(state([request, approval], V1)).toMatchObject({ approval: 'approved', reviewers: ['Ben:approved'] })
  })

  it('does not let a copy of an old approval, dated 9999, beat the request that replaced it: the reviewer’s verdict is unknown', () => {
    const approval = verdict(1, 'Ben', 'approve', V1)
    const request = verdict(2, 'Ben', 'request-changes', V1, { supersedes: [approval] })
    // The hostile copy: the old approval under a new id and a far-future date. It names what the original named (nothing).
    const copy: VerdictRecord = { ...approval, id: newRecordId(new Date('9999-12-31T00:00:00.000Z'), 'deadbeef'), created_at: '9999-12-31T00:00:00.000Z' }
    const result = state([approval, request, copy], V1)
    expect(result.approval).toBe('unknown')
    expect(result.text).toBe('unknown: the verdicts of Ben cannot be ordered')
    expect(result.reviewers).toEqual(['Ben:conflict (not counted)'])
    expect(result.gate).toContain('unknown')
  })

  it('treats verdicts that replace each other in a loop as unknown, and a new verdict replacing both as the answer', () => {
    const a = verdict(1, 'Ben', 'approve', V1)
    const b = verdict(2, 'Ben', 'request-changes', V1, { supersedes: [a] })
    const loopA: VerdictRecord = { ...a, supersedes: [b.id] }
    expect(state([loopA, b], V1).approval).toBe('unknown')
    const again = verdict(3, 'Ben', 'approve', V1, { supersedes: [loopA, b] })
    expect(state([loopA, b, again], V1)).toMatchObject({ approval: 'approved', reviewers: ['Ben:approved'] })
  })

  it('treats a verdict that names itself as replaced as a conflict, not as the reviewer’s verdict', () => {
    const approval = verdict(1, 'Ben', 'approve', V1)
    const self: VerdictRecord = { ...approval, supersedes: [approval.id] }
    const result = state([self], V1)
    expect(result.approval).toBe('unknown')
    expect(result.reviewers).toEqual(['Ben:conflict (not counted)'])
    const summary = summarize(foldRecords([self], [], context()), V1)
    expect(summary.reviewers[0]!.notCounted).toContain('replace each other in a loop')
    // Given again, naming the looped one, the reviewer's verdict is known again.
    expect(state([self, verdict(2, 'Ben', 'approve', V1, { supersedes: [self] })], V1).approval).toBe('approved')
  })

  it('treats a loop that a later verdict does not replace as a conflict, even beside that verdict', () => {
    const a = verdict(1, 'Ben', 'request-changes', V1)
    const b = verdict(2, 'Ben', 'request-changes', V1, { supersedes: [a] })
    const loopA: VerdictRecord = { ...a, supersedes: [b.id] }
    // An approval that names neither: the two requests in a loop are not thereby replaced.
    const approval = verdict(3, 'Ben', 'approve', V1)
    expect(state([loopA, b, approval], V1)).toMatchObject({ approval: 'unknown', reviewers: ['Ben:conflict (not counted)'] })
    // A longer loop, one link of it naming two.
    const c = verdict(4, 'Cy', 'request-changes', V1)
    const d = verdict(5, 'Cy', 'request-changes', V1, { supersedes: [c] })
    const e = verdict(6, 'Cy', 'approve', V1, { supersedes: [d, c] })
    const loopC: VerdictRecord = { ...c, supersedes: [e.id] }
    expect(state([loopC, d, e], V1)).toMatchObject({ approval: 'unknown', reviewers: ['Cy:conflict (not counted)'] })
  })

  it('reads two verdicts written before chains existed as unordered, and one as the reviewer’s verdict', () => {
    expect(state([verdict(1, 'Ada', 'approve', V1, { supersedes: null })], V1).approval).toBe('approved')
    expect(state([verdict(1, 'Ada', 'approve', V1, { supersedes: null }), verdict(2, 'Ada', 'request-changes', V1, { supersedes: null })], V1).approval).toBe(
      'unknown',
    )
  })

  it('leaves an invalid verdict out of the order and lists it with its reason, unless a valid one of the same person replaced it', () => {
    const approval = verdict(1, 'Ben', 'approve', V1)
    const forged = verdict(2, 'Ben', 'approve', V2)
    const summary = summarize(foldRecords([approval, forged], [], context({}, { [forged.id]: 'has a reviewed text that does not match its hash' })), V2)
    expect(summary.approval).toBe('stale')
    expect(summary.outcomes.map((o) => [o.verdict.id, o.status, o.counted])).toEqual([
      [approval.id, 'current', true],
      [forged.id, 'invalid', false],
    ])
    expect(summary.notCounted).toEqual([{ author: 'Ben', reason: `Ben’s verdict ${forged.id} has a reviewed text that does not match its hash` }])
    const later = verdict(3, 'Ben', 'approve', V2, { supersedes: [approval, forged] })
    const replaced = summarize(foldRecords([approval, forged, later], [], context({}, { [forged.id]: 'unsigned' })), V2)
    expect(replaced.outcomes.find((o) => o.verdict.id === forged.id)).toMatchObject({ status: 'superseded', reason: null })
    expect(replaced.notCounted).toEqual([])
  })

  it('counts names equal under NFKC, case and spacing as one person', () => {
    const first = verdict(1, 'Ada Lovelace', 'approve', V1)
    // Full-width letters and a double space: the same person, so her later request replaces her approval.
    const second = verdict(2, 'ＡＤＡ  lovelace', 'request-changes', V1, { supersedes: [first] })
    expect(state([first, second], V1)).toMatchObject({ approval: 'changes-requested', reviewers: ['ＡＤＡ  lovelace:changes-requested'] })
  })
})

describe('authors and the policy', () => {
  it('shows an author’s approval as a note that does not count, and passes once a teammate approves', () => {
    const records: ReviewRecord[] = [authorRecord(0, 'Ada'), verdict(1, 'Ada', 'approve', V1)]
    expect(state(records, V1)).toMatchObject({
      approval: 'none',
      text: 'not approved yet · the author’s own approval does not count',
      reviewers: ['Ada:approved (not counted)'],
    })
    const brief = reviewBrief(foldRecords(records, [], context()), V1)
    expect(brief).toMatchObject({
      authors: ['Ada'],
      approvals: { counted: 0, required: 1 },
      notCounted: [{ author: 'Ada', reason: 'Ada wrote this draft, so Ada’s own approval does not count' }],
    })
    expect(state([...records, verdict(2, 'Ben', 'approve', V1)], V1)).toMatchObject({
      approval: 'approved',
      text: 'approved by Ben · the author’s own approval does not count',
      gate: null,
    })
  })

  it('makes everyone who saved a change an author, and an author’s request for changes a note', () => {
    const records: ReviewRecord[] = [
      authorRecord(0, 'Ada'),
      authorRecord(1, 'ben', 'edited'),
      verdict(2, 'Ben', 'request-changes', V1),
      verdict(3, 'Cy', 'approve', V1),
    ]
    expect(state(records, V1)).toMatchObject({ approval: 'approved', reviewers: ['Ben:changes-requested (not counted)', 'Cy:approved'] })
  })

  it('needs as many approvals as the policy says, and says how many are missing', () => {
    const policy = context({ file: '/team/.grant-desk.yaml', approvals: 2 })
    const records: ReviewRecord[] = [authorRecord(0, 'Ada'), verdict(1, 'Ada', 'approve', V1), verdict(2, 'Ben', 'approve', V1)]
    expect(state(records, V1, policy)).toMatchObject({ approval: 'partly-approved', text: '1 of 2 approvals (Ben) · the author’s own approval does not count' })
    const two = state([...records, verdict(3, 'Cy', 'approve', V1)], V1, policy)
    expect(two).toMatchObject({
      approval: 'approved',
      text: 'approved by Ben and Cy (2 of 2 approvals) · the author’s own approval does not count',
      gate: null,
    })
    // One person approving twice is one approval.
    const ben = verdict(1, 'Ben', 'approve', V1)
    expect(state([ben, verdict(2, 'ben', 'approve', V1, { supersedes: [ben] })], V1, policy).approval).toBe('partly-approved')
    expect(state([], V1, policy).text).toBe('0 of 2 approvals')
  })

  it('counts only the approvers the policy names', () => {
    const policy = context({ file: '/team/.grant-desk.yaml', approvers: ['Ben Okri'] })
    expect(state([verdict(1, 'Cy', 'approve', V1)], V1, policy)).toMatchObject({ approval: 'none', reviewers: ['Cy:approved (not counted)'] })
    expect(state([verdict(1, 'ben okri', 'approve', V1)], V1, policy).approval).toBe('approved')
  })

  it('is unknown while a record cannot be read or the policy file cannot be used, whatever the approvals', () => {
    const approval = verdict(1, 'Ben', 'approve', V1)
    const unreadable = summarize(foldRecords([approval], [{ fileName: 'x.yaml', reason: 'not valid YAML' }], context()), V1)
    expect(unreadable.approval).toBe('unknown')
    expect(describeApproval(unreadable)).toBe('unknown: 1 unreadable record')
    const badPolicy = summarize(foldRecords([approval], [], context({ file: '/team/.grant-desk.yaml', problem: 'unknown key aprovals' })), V1)
    expect(describeApproval(badPolicy)).toBe('unknown: the policy file /team/.grant-desk.yaml cannot be used')
  })
})
