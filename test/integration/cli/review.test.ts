/**
 * `grant-desk review` and the review rules of `grant-desk lint`, on real files: version 2 drafts
 * in a temporary folder, review records written beside them the way the app writes them
 * (serializeRecord, real content hashes), and one record a person broke by hand.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { dateTime } from '../../../src/shared/text'
import type { DraftReviewReport } from '../../../src/cli/review'
import { reviewedVersion } from '../../../src/main/core/folder/review-files'
import { parseDraftFile } from '../../../src/shared/draft-file'
import { quoteAt, newRecordId, serializeRecord, type Anchor, type ReviewRecord } from '../../../src/shared/review'
import { FIXTURES } from '../../support/checklist'
import { hostileQuotes, longPitch } from '../../support/hostile-quotes'
import { tempDir } from '../../support/service'

/** The checklist's complete draft, as a version 2 file (records live beside it, not in it). */
const DRAFT = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')
  .replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2')
  .replace('reviews: []\n', '')
const { pitch: PITCH, frontMatter } = parseDraftFile(DRAFT)
const FIELDS = frontMatter.custom_fields
/** The file line of the pitch's first line. */
const PITCH_LINE = parseDraftFile(DRAFT).pitchLine

async function run(...argv: string[]) {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (s) => (out += s + '\n'), err: (s) => (err += s + '\n') })
  return { code, out, err }
}

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

let dir: string
beforeEach(() => {
  dir = tempDir('grant-desk-review-')
  dirs.push(dir)
})

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
const thread = (minute: number, author: string, anchor: Anchor, body: string, extra: object = {}) =>
  ({ ...stamp(minute), kind: 'thread', author, anchor, body, ...extra }) as Extract<ReviewRecord, { kind: 'thread' }>
const reply = (minute: number, to: string, author: string, body: string): ReviewRecord => ({ ...stamp(minute), kind: 'reply', thread: to, author, body })
const resolve = (minute: number, to: string, author = 'Ada'): ReviewRecord => ({ ...stamp(minute), kind: 'resolve', thread: to, author })
const decide = (minute: number, to: string, decision: 'applied' | 'declined', author = 'Ada'): ReviewRecord => ({
  ...stamp(minute),
  kind: 'suggestion',
  thread: to,
  decision,
  author,
})
/** A verdict as the app writes it: `supersedes` names the reviewer's verdicts it replaces. */
const verdict = (
  minute: number,
  author: string,
  kind: 'approve' | 'request-changes',
  pitch = PITCH,
  note = '',
  supersedes: ReviewRecord[] = [],
): Extract<ReviewRecord, { kind: 'verdict' }> => ({
  ...stamp(minute),
  kind: 'verdict',
  author,
  verdict: kind,
  note,
  supersedes: supersedes.map((record) => record.id),
  reviewed: reviewedVersion(pitch, FIELDS),
})

/** Writes `<id>.md` and its records as the app would; returns the draft's path. */
function writeDraft(id: string, records: ReviewRecord[], text = DRAFT): string {
  const file = join(dir, `${id}.md`)
  writeFileSync(file, text)
  if (records.length > 0) {
    mkdirSync(join(dir, `${id}.reviews`), { recursive: true })
    for (const record of records) writeFileSync(join(dir, `${id}.reviews`, `${record.id}.yaml`), serializeRecord(record))
  }
  return file
}
const shown = (file: string) => relative(process.cwd(), file)

describe('grant-desk review', () => {
  it('lists threads with their anchors, verdicts and unreadable records, and exits 0 without --require-approval', async () => {
    const onPitch = thread(0, 'Ben', quote('cannot see why a transaction failed'), 'Who says so?\nCite the survey.', {
      suggestion: 'cannot tell why a transaction failed',
    })
    const onField = thread(1, 'Cy', { target: 'field', field: 'project_name', quote: null }, 'Is the name taken on npm?')
    const whole = thread(2, 'Ben', { target: 'draft' }, 'Strong draft overall.')
    const gone = thread(3, 'Cy', quote('the old pitch said this', `Intro.\nthe old pitch said this\n`), 'Still true?')
    const records = [
      onPitch,
      reply(4, onPitch.id, 'Ada', 'The survey is linked below.'),
      reply(5, onPitch.id, 'Ben', 'Thanks.'),
      decide(6, onPitch.id, 'declined'),
      onField,
      whole,
      resolve(7, whole.id),
      gone,
    ]
    records.push(
      verdict(8, 'Ada', 'approve', PITCH.replace('6 hours', '5 hours'), 'Looks good.'),
      verdict(9, 'Ben', 'request-changes', PITCH, 'Cite the survey,\nthen I approve.'),
    )
    const file = writeDraft('tracekit', records)
    writeFileSync(join(dir, 'tracekit.reviews', '20261123T101000000Z-0badf00d.yaml'), 'id: 20261123T101000000Z-0badf00d\nkind: thread\nauthor: [Ada\n')

    const result = await run('review', file)
    expect(result.code).toBe(0)
    expect(result.err).toBe('')
    const line = PITCH_LINE + PITCH.split('\n').findIndex((l) => l.includes('cannot see why'))
    expect(result.out.split('\n')).toEqual([
      // An unreadable record makes the approval unknown: it may have been the verdict that counts.
      `${shown(file)}: 3 open threads · unknown: 1 unreadable record`,
      // The pitch's line as the app says it, then the file's (front matter counted).
      `  open · pitch line ${line - PITCH_LINE + 1} (file line ${line}) “cannot see why a transaction failed” · Ben · 2 replies: “Who says so? Cite the survey.”`,
      '      suggestion “cannot tell why a transaction failed”: declined by Ada',
      '  open · field project_name · Cy · no replies: “Is the name taken on npm?”',
      '  resolved · whole draft · Ben · no replies: “Strong draft overall.”',
      '  open · outdated “the old pitch said this” · Cy · no replies: “Still true?”',
      // The verdict's time as the process's locale and zone write it (dates.ts's own tests pin a locale).
      `  verdict · Ada · approved an earlier version · ${dateTime('2026-11-23T09:08:00.000Z')}: “Looks good.”`,
      `  verdict · Ben · changes requested · ${dateTime('2026-11-23T09:09:00.000Z')}: “Cite the survey, then I approve.”`,
      expect.stringMatching(
        /^ {2}unreadable · 20261123T101000000Z-0badf00d\.yaml is not valid YAML \(line \d\): .+ Grant Desk leaves it untouched: fix it in a text editor, or delete it\.$/,
      ),
      '1 draft reviewed: 0 approved with no open threads.',
      '',
    ])
  })

  it('prints one JSON object per draft in the documented shape', async () => {
    const onPitch = thread(0, 'Ben', quote('74% named debugging failed transactions'), 'Of how many?', {
      suggestion: '74% of 212 named debugging failed transactions',
    })
    const onField = thread(1, 'Cy', { target: 'field', field: 'project_name', quote: { exact: 'Tracekit', prefix: '', suffix: '', line: 1 } }, 'Capital K?')
    const records = [onPitch, decide(2, onPitch.id, 'applied', 'Ada'), onField, reply(3, onField.id, 'Ada', 'No, lower case.'), verdict(4, 'Ben', 'approve')]
    const file = writeDraft('tracekit', records)

    const result = await run('review', '--format', 'json', file)
    expect(result.code).toBe(0)
    const reports = JSON.parse(result.out) as DraftReviewReport[]
    expect(reports).toEqual([
      {
        file: shown(file),
        id: 'tracekit',
        openThreads: 1,
        approval: 'approved',
        summary: '1 open thread · approved by Ben',
        approvals: { counted: 1, required: 1 },
        authors: [],
        policy: { file: null, approvals: 1, approvers: null, requireSigned: false, allowedSigners: null, problem: null },
        threads: [
          {
            id: onPitch.id,
            author: 'Ben',
            state: 'resolved',
            anchor: {
              target: 'pitch',
              line: PITCH_LINE + PITCH.split('\n').findIndex((l) => l.includes('74% named')),
              pitchLine: 1 + PITCH.split('\n').findIndex((l) => l.includes('74% named')),
              quote: '74% named debugging failed transactions',
              status: 'exact',
            },
            body: 'Of how many?',
            deleted: false,
            createdAt: '2026-11-23T09:00:00.000Z',
            replies: [],
            suggestion: {
              text: '74% of 212 named debugging failed transactions',
              decision: 'applied',
              decidedBy: 'Ada',
              decidedAt: '2026-11-23T09:02:00.000Z',
            },
          },
          {
            id: onField.id,
            author: 'Cy',
            state: 'open',
            anchor: { target: 'field', field: 'project_name', line: 1, quote: 'Tracekit', status: 'exact' },
            body: 'Capital K?',
            deleted: false,
            createdAt: '2026-11-23T09:01:00.000Z',
            replies: [{ id: expect.any(String), author: 'Ada', createdAt: '2026-11-23T09:03:00.000Z', deleted: false, body: 'No, lower case.' }],
          },
        ],
        verdicts: [
          {
            id: records[4]!.id,
            author: 'Ben',
            verdict: 'approve',
            state: 'approved',
            note: '',
            createdAt: '2026-11-23T09:04:00.000Z',
            status: 'current',
            counted: true,
            reason: null,
            signature: 'none',
            future: false,
          },
        ],
        unreadable: [],
        gate: '1 open thread',
      },
    ])
    // Keys in the documented order.
    expect(Object.keys(reports[0]!)).toEqual([
      'file',
      'id',
      'openThreads',
      'approval',
      'summary',
      'approvals',
      'authors',
      'policy',
      'threads',
      'verdicts',
      'unreadable',
      'gate',
    ])
    expect(Object.keys(reports[0]!.threads[1]!.anchor)).toEqual(['target', 'field', 'line', 'quote', 'status'])
  })

  it('says which drafts a --require-approval gate stops, and why, one line each on stderr', async () => {
    const open = writeDraft('open-thread', [thread(0, 'Ben', { target: 'draft' }, 'One question.'), verdict(1, 'Ada', 'approve')])
    const stale = writeDraft('stale', [verdict(0, 'Ada', 'approve', PITCH.replace('6 hours', '5 hours'))])
    // Approved, but a teammate's question came in after the request and is still open.
    const request = verdict(0, 'Ada', 'request-changes')
    const approved = writeDraft('approved-open', [request, thread(1, 'Ben', { target: 'draft' }, 'Fixed?'), verdict(3, 'Ada', 'approve', PITCH, '', [request])])
    const resolvedThread = thread(1, 'Ben', quote('Arcadia developers cannot see'), 'Sure?')
    const clean = writeDraft('clean', [resolvedThread, resolve(2, resolvedThread.id), verdict(3, 'Cy', 'approve')])
    const unreviewed = writeDraft('unreviewed', [])

    expect(await run('review', '--require-approval', clean)).toMatchObject({ code: 0, err: '' })
    const one = await run('review', '--require-approval', open)
    expect(one.code).toBe(1)
    expect(one.err).toBe(`${shown(open)}: not approved for merging: 1 open thread\n`)
    const old = await run('review', '--require-approval', stale)
    expect(old.code).toBe(1)
    expect(old.err).toBe(`${shown(stale)}: not approved for merging: Ada approved an earlier version\n`)

    // A folder: every draft in it; only those that fail are named.
    const all = await run('review', '--require-approval', dir)
    expect(all.code).toBe(1)
    expect(all.err.trim().split('\n')).toEqual([
      `${shown(approved)}: not approved for merging: 1 open thread`,
      `${shown(open)}: not approved for merging: 1 open thread`,
      `${shown(stale)}: not approved for merging: Ada approved an earlier version`,
      `${shown(unreviewed)}: not approved for merging: not approved yet`,
    ])
    expect(all.out).toContain('5 drafts reviewed: 1 approved with no open threads.')
    expect((await run('review', '--require-approval', clean, approved)).code).toBe(1)
    // Without the flag the same folder is only a report.
    expect((await run('review', dir)).code).toBe(0)
  })

  it('counts a request for changes as answered once its threads are resolved, and still wants an approval', async () => {
    const question = thread(0, 'Ben', { target: 'draft' }, 'Cite the survey.')
    const file = writeDraft('answered', [question, verdict(1, 'Ben', 'request-changes'), resolve(2, question.id)])
    const result = await run('review', '--require-approval', file)
    expect(result.out).toContain(': no open threads · changes made since Ben requested them')
    expect(result.out).toContain('  verdict · Ben · changes made · ')
    expect(result.code).toBe(1)
    expect(result.err).toContain('not approved for merging: changes made since Ben requested them')
  })

  it('skips notes in a folder but exits 2 for a draft it cannot read, after reporting the others', async () => {
    const good = writeDraft('good', [verdict(0, 'Ada', 'approve')])
    writeFileSync(join(dir, 'README.md'), '# Our drafts\n')
    writeFileSync(join(dir, 'broken.md'), '---\nformat: grant-desk-draft/2\ngrant: [unclosed\n---\n# Pitch\n')
    const result = await run('review', '--require-approval', dir)
    expect(result.code).toBe(2)
    expect(result.err).toMatch(/^.*broken\.md as a draft: the front matter is not valid YAML/)
    expect(result.out).toContain(`${shown(good)}: no open threads · approved by Ada`)
    expect(result.out).not.toContain('README')
    // Named outright, a file that is no draft is an error.
    const named = await run('review', join(dir, 'README.md'))
    expect(named.code).toBe(2)
    expect(named.err).toMatch(/README\.md as a draft: no front matter/)
  })

  it('reads a version 1 file’s reviews: list as comments on the whole draft, and names an entry it cannot read', async () => {
    const v1 = DRAFT.replace('format: grant-desk-draft/2', 'format: grant-desk-draft/1').replace(
      '---\n# Tracekit',
      'reviews:\n  - author: Ada\n    created_at: 2026-11-01T10:00:00.000Z\n    body: Tighten the budget.\n  - just a string\n---\n# Tracekit',
    )
    const file = writeDraft('legacy', [], v1)
    const result = await run('review', '--format', 'json', file)
    expect(result.code).toBe(0)
    const [report] = JSON.parse(result.out) as DraftReviewReport[]
    expect(report!.threads).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^v1-[0-9a-f]{12}$/),
        author: 'Ada',
        state: 'open',
        anchor: { target: 'draft', status: 'whole' },
        body: 'Tighten the budget.',
      }),
    ])
    expect(report!.unreadable).toEqual([{ fileName: 'legacy.md (reviews, entry 2)', reason: expect.stringContaining('fix or remove it in a text editor') }])
  })

  it.each([
    [['review'], 'Name at least one draft file or folder.'],
    [['review', '--format', 'sarif', 'x.md'], 'Unknown format "sarif": use text or json.'],
    [['lint', '--require-approval', 'x.md'], '--require-approval is an option of grant-desk review.'],
    [['review', '/no/such/draft.md'], 'Cannot read /no/such/draft.md: no such file or folder'],
  ])('exits 2 on a usage or read failure: %j', async (argv, message) => {
    const result = await run(...argv)
    expect(result.code).toBe(2)
    expect(result.err).toContain(message)
  })

  it('exits 2 when a folder holds no drafts', async () => {
    writeFileSync(join(dir, 'README.md'), '# Notes\n')
    const result = await run('review', dir)
    expect(result.code).toBe(2)
    expect(result.err).toContain('No drafts (.md files with front matter) found in')
  })

  it('lists 200 threads quoting 5,000 characters that are not in the pitch as not placed yet, within 2 s', async () => {
    // A long pitch, and comments on passages of an old version rewritten since (test/support/hostile-quotes.ts).
    const pitch = longPitch(PITCH, 8)
    const text = DRAFT.replace(PITCH, pitch)
    const threads = hostileQuotes(pitch, 200).map((quote, n) => thread(n, 'Ben', { target: 'pitch', quote }, `Comment ${n} on a passage rewritten since.`))
    const file = writeDraft('long-draft', [...threads, thread(201, 'Cy', quote('cannot see why a transaction failed', pitch), 'Still here?')], text)
    const start = performance.now()
    const json = await run('review', '--format', 'json', file)
    const elapsed = performance.now() - start
    expect(json.code).toBe(0)
    expect(elapsed).toBeLessThan(2_000)
    const [report] = JSON.parse(json.out) as DraftReviewReport[]
    const anchors = report!.threads.map((t) => t.anchor)
    // The quote still in the pitch is placed however long the others take; none of the others is.
    expect(anchors.filter((a) => a.status === 'exact').map((a) => a.quote)).toEqual(['cannot see why a transaction failed'])
    expect(anchors.filter((a) => a.status === 'fuzzy')).toEqual([])
    expect(anchors.filter((a) => a.status === 'pending').length).toBeGreaterThan(190)
    for (const anchor of anchors.filter((a) => a.status === 'pending'))
      expect(anchor).toEqual({ target: 'pitch', quote: expect.any(String), status: 'pending' })

    const plain = await run('review', file)
    expect(plain.code).toBe(0)
    expect(plain.out).toMatch(/^ {2}open · not placed yet “.+” · Ben · no replies: “Comment \d+ on a passage rewritten since\.”$/m)
  })

  it('is documented in --help', async () => {
    const result = await run('--help')
    expect(result.code).toBe(0)
    expect(result.out).toContain('grant-desk review [--format text|json] [--require-approval] [--policy file.yaml] <draft.md | folder> …')
    expect(result.out).toMatch(/--require-approval exits 1 unless every draft is approved/)
  })
})

describe('grant-desk lint with review records', () => {
  it('reports open threads at their lines and a stale approval, without changing the exit code', async () => {
    const onPitch = thread(0, 'Ben', quote('cannot see why a transaction failed'), 'Who says so?')
    const file = writeDraft('tracekit', [
      onPitch,
      thread(1, 'Cy', { target: 'field', field: 'github_repository', quote: null }, 'Public yet?'),
      verdict(2, 'Ada', 'approve', `${PITCH}\nP.S.`),
    ])
    const result = await run('lint', file)
    expect(result.code).toBe(0)
    const line = PITCH_LINE + PITCH.split('\n').findIndex((l) => l.includes('cannot see why'))
    expect(result.out.split('\n')).toEqual([
      `${shown(file)}:${PITCH_LINE}:1: Improve review-approval: Ada approved an earlier version; the pitch or fields changed since.`,
      '    Ask Ada to look at the changes and approve again; the Review panel shows what changed.',
      `${shown(file)}:${PITCH_LINE}:1: Improve review-open-threads: Open review thread from Cy: “Public yet?” On the field “GitHub repository”.`,
      '    Reply, apply the suggestion, or resolve the thread in the Review panel.',
      `${shown(file)}:${line}:20: Improve review-open-threads: Open review thread from Ben: “Who says so?”`,
      '    Reply, apply the suggestion, or resolve the thread in the Review panel.',
      // Review warnings are no guidance gaps: the verdict does not turn on them.
      `${shown(file)}: Ready to submit, with 3 to improve. Score 78/100.`,
      '1 draft checked: 0 must fix, 3 to improve.',
      '',
    ])
  })

  it('is silent about review for a draft nobody has reviewed, and for text without front matter', async () => {
    const file = writeDraft('fresh', [])
    const result = await run('lint', '--format', 'json', file)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.out)).toEqual([
      {
        file: shown(file),
        findings: [],
        summary: expect.objectContaining({ verdict: 'Ready to submit: every check passes.' }),
        // The score is the checklist's (test/unit/shared/checklist/score.test.ts); review adds nothing to it.
        score: expect.any(Number),
        scoreParts: expect.any(Array),
      },
    ])
    mkdirSync(join(dir, 'plain.reviews'))
    writeFileSync(join(dir, 'plain.md'), PITCH)
    writeFileSync(join(dir, 'plain.reviews', `${stamp(0).id}.yaml`), 'not: a record\n')
    expect((await run('lint', join(dir, 'plain.md'))).out).not.toMatch(/review-(?:approval|open-threads)/)
  })

  it('reports an approved draft with nothing open as passing both review rules', async () => {
    const file = writeDraft('approved', [verdict(0, 'Ada', 'approve')])
    const result = await run('lint', '--format', 'json', file)
    expect(JSON.parse(result.out)[0].findings).toEqual([])
  })

  it('lists both review rules in SARIF and in `rules`', async () => {
    const sarif = JSON.parse((await run('lint', '--format', 'sarif', writeDraft('x', []))).out)
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['review-open-threads', 'review-approval']))
    const rules = (await run('rules')).out
    expect(rules).toContain('review-open-threads (Improve): Review threads answered')
    expect(rules).toContain('review-approval (Improve): Approved by a teammate')
  })
})
