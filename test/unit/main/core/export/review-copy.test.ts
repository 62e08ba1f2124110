/**
 * The review copy's builder (src/main/core/export/review-copy.ts) on plain data: the checklist's
 * complete draft with review records folded as the app folds them. The HTML is parsed (not
 * searched as text), so "no script" means no script element, not merely no "<script" string;
 * a browser's own look at it (no network, axe) is the e2e suite's.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Element, Root, RootContent } from 'hast'
import { fromHtml } from 'hast-util-from-html'
import { select, selectAll } from 'hast-util-select'
import { describe, expect, it } from 'vitest'
import { reviewedVersion } from '../../../../../src/main/core/folder/review-files'
import { draftView } from '../../../../../src/main/core/drafts/view'
import { buildReviewCopy, REVIEW_COPY_CSP, type ReviewCopyInput } from '../../../../../src/main/core/export/review-copy'
import { draftLintInput, lint } from '../../../../../src/shared/checklist'
import { parseDraftFile } from '../../../../../src/shared/draft-file'
import { quoteAt, newRecordId, type Anchor, type ReviewRecord, DEFAULT_POLICY_VIEW, foldRecords } from '../../../../../src/shared/review'
import { FIXTURES } from '../../../../support/checklist'

const FILE = parseDraftFile(readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8'))
const EXPORTED_AT = new Date('2026-11-24T10:00:00.000Z')

function draftWith(pitch: string, fields: Record<string, string> = FILE.frontMatter.custom_fields) {
  return draftView('/drafts', 'tracekit', 'a'.repeat(64), { ...FILE, pitch, frontMatter: { ...FILE.frontMatter, custom_fields: fields } })
}

let serial = 0
function stamp(minute: number) {
  const at = new Date(Date.parse('2026-11-23T09:00:00.000Z') + minute * 60_000)
  return { id: newRecordId(at, (++serial).toString(16).padStart(8, '0')), created_at: at.toISOString() }
}
const thread = (minute: number, author: string, anchor: Anchor, body: string, extra: object = {}) =>
  ({ ...stamp(minute), kind: 'thread', author, anchor, body, ...extra }) as Extract<ReviewRecord, { kind: 'thread' }>
function onPitch(pitch: string, text: string): Anchor {
  const start = pitch.indexOf(text)
  if (start === -1) throw new Error(`“${text}” is not in the pitch`)
  return { target: 'pitch', quote: quoteAt(pitch, start, start + text.length) }
}

function copyOf(input: Partial<ReviewCopyInput> & Pick<ReviewCopyInput, 'draft'>) {
  return buildReviewCopy({ review: foldRecords([]), exportedAt: EXPORTED_AT, timeZone: 'UTC', locale: 'en-GB', ...input })
}

function parse(html: string): Root {
  return fromHtml(html)
}
function textOf(node: Root | RootContent): string {
  if (node.type === 'text') return node.value
  return 'children' in node ? node.children.map(textOf).join('') : ''
}
const texts = (tree: Root, selector: string) => selectAll(selector, tree).map((element) => textOf(element).replace(/\s+/g, ' ').trim())
function allElements(tree: Root): Element[] {
  return selectAll('*', tree)
}

describe('the review copy', () => {
  const pitch = FILE.pitch
  const survey = 'cannot see why a transaction failed'
  const budget = '320 h × $100'
  const records: ReviewRecord[] = []
  const first = thread(0, 'Ben', onPitch(pitch, survey), 'Who says so?\nCite the survey.', { suggestion: 'cannot tell why a transaction failed' })
  const onField = thread(1, 'Cy', { target: 'field', field: 'project_name', quote: null }, 'Is the name taken on npm?')
  const whole = thread(2, 'Ben', { target: 'draft' }, 'Strong draft overall.')
  const resolved = thread(3, 'Dee', onPitch(pitch, budget), 'A RESOLVED REMARK ABOUT RATES')
  const gone = thread(4, 'Cy', { target: 'pitch', quote: { exact: 'a sentence since deleted', prefix: '', suffix: '', line: 3 } }, 'Still true?')
  records.push(first, onField, whole, resolved, gone)
  records.push({ ...stamp(5), kind: 'reply', thread: first.id, author: 'Ada', body: 'The survey is linked below.' })
  records.push({ ...stamp(6), kind: 'resolve', thread: resolved.id, author: 'Ada' })
  records.push({
    ...stamp(7),
    kind: 'verdict',
    author: 'Ben',
    verdict: 'request-changes',
    note: 'Cite the survey.',
    reviewed: reviewedVersion(pitch, FILE.frontMatter.custom_fields),
  })
  const fields = { ...FILE.frontMatter.custom_fields, github_repository: '' }
  const draft = draftWith(pitch, fields)
  // Ben's verdict passed the core's checks (its hash is the real one).
  const copy = copyOf({
    draft,
    review: foldRecords(records, [], { policy: DEFAULT_POLICY_VIEW, checkVerdict: () => ({ problem: null, signature: 'none', future: false }) }),
    sponsor: 'Arcadia Foundation',
  })
  const tree = parse(copy.html)

  it('is one accessible document: one h1, a language, landmarks and no skipped heading level', () => {
    expect(selectAll('h1', tree)).toHaveLength(1)
    expect(select('html', tree)?.properties['lang']).toBe('en')
    expect(selectAll('header, main, footer', tree).map((element) => element.tagName)).toEqual(['header', 'main', 'footer'])
    const levels = selectAll('h1, h2, h3, h4, h5, h6', tree).map((heading) => Number(heading.tagName[1]))
    levels.forEach((level, index) => {
      if (index > 0) expect(level, `heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1)
    })
    expect(texts(tree, 'h2')).toEqual(['The grant', 'Pitch', 'Application fields', 'Checklist', 'Open review threads'])
  })

  it('holds the grant: title, sponsor, reward and the deadline with its time zone', () => {
    const facts = texts(tree, 'section[aria-labelledby=grant-heading] dt, section[aria-labelledby=grant-heading] dd')
    expect(facts).toEqual([
      'Grant',
      'Arcadia SDK & Library Grants',
      'Sponsor',
      'Arcadia Foundation',
      'Reward',
      'Up to 50,000 USD',
      'Deadline',
      'Tue, 30 Jun 2099, 12:00 UTC',
      'Draft',
      'Not submitted yet',
    ])
    expect(select('section[aria-labelledby=grant-heading] time', tree)?.properties['dateTime']).toBe('2099-06-30T12:00:00.000Z')
  })

  it('holds the pitch rendered, its headings under the copy’s "Pitch"', () => {
    const section = select('.pitch', tree)!
    expect(textOf(section)).toContain('Arcadia developers cannot see why a transaction failed')
    expect(texts(tree, '.pitch h3')).toEqual(['Tracekit: a transaction tracing SDK for Arcadia'])
    expect(texts(tree, '.pitch h4')).toContain('Problem statement')
    expect(selectAll('.pitch table', tree).length).toBeGreaterThan(0) // GFM tables
  })

  it('lists the application fields in form order, an empty one marked', () => {
    const rows = texts(tree, 'section[aria-labelledby=fields-heading] dt, section[aria-labelledby=fields-heading] dd')
    expect(rows).toEqual([
      'Project name (required) [3]',
      'Tracekit',
      'GitHub repository (required)',
      'Empty — this field is required',
      'Requested amount (USD)',
      '42,000',
    ])
  })

  it('summarises the checklist: its verdict and each finding under its severity, with its line', () => {
    const expected = lint(draftLintInput(draft, { now: EXPORTED_AT.getTime() }))
    expect(expected.findings.length).toBeGreaterThan(0)
    expect(texts(tree, 'section[aria-labelledby=checklist-heading] .verdict')).toEqual([expected.summary.verdict])
    const headings = texts(tree, 'section[aria-labelledby=checklist-heading] h3')
    const bySeverity = (severity: string) => expected.findings.filter((finding) => finding.severity === severity)
    const wanted = [
      ['error', 'Must fix'],
      ['warning', 'To improve'],
      ['info', 'Notes'],
    ]
      .filter(([severity]) => bySeverity(severity!).length > 0)
      .map(([severity, title]) => `${title} (${bySeverity(severity!).length})`)
    expect(headings).toEqual(wanted)
    const items = texts(tree, 'section[aria-labelledby=checklist-heading] li')
    for (const finding of expected.findings) expect(items.some((item) => item.startsWith(`Line ${finding.line}`) && item.includes(finding.message))).toBe(true)
    // The review is its own section: no review rule repeats the threads here.
    expect(items.join(' ')).not.toMatch(/Open review thread/)
  })

  it('ends with the open threads as numbered notes, in reading order, marked where they apply', () => {
    expect(texts(tree, '.note h3')).toEqual([
      `Note 1 · Pitch, line ${pitch.split('\n').findIndex((line) => line.includes(survey)) + 1}`,
      'Note 2 · Pitch, a passage no longer in the text (it was at line 3)',
      'Note 3 · Field “Project name”',
      'Note 4 · The whole draft',
    ])
    const note1 = select('#note-1', tree)!
    expect(texts(note1 as unknown as Root, '.quote')).toEqual([survey])
    expect(textOf(note1)).toContain('Who says so?\nCite the survey.')
    expect(texts(note1 as unknown as Root, '.meta strong')).toEqual(['Ben', 'Ada'])
    expect(texts(note1 as unknown as Root, 'time')).toEqual(['Mon, 23 Nov 2026, 09:00 UTC', 'Mon, 23 Nov 2026, 09:05 UTC'])
    expect(texts(note1 as unknown as Root, '.replies .body')).toEqual(['The survey is linked below.'])
    // The suggestion as a word diff.
    expect(texts(note1 as unknown as Root, '.suggestion del')).toEqual(['see'])
    expect(texts(note1 as unknown as Root, '.suggestion ins')).toEqual(['tell'])
    // Resolved threads are left out.
    expect(copy.html).not.toContain('A RESOLVED REMARK ABOUT RATES')
    expect(copy.openThreads).toBe(4)
    // The mark sits in the paragraph quoted and links to its note; the field's beside its label.
    const mark = selectAll('.pitch a[href="#note-1"]', tree)
    expect(mark).toHaveLength(1)
    const paragraph = selectAll('.pitch p', tree).find((p) => textOf(p).includes(survey))!
    expect(select('a[href="#note-1"]', paragraph as unknown as Root)).toBeTruthy()
    expect(select('dt a[href="#note-3"]', tree)).toBeTruthy()
    expect(select('.pitch a[href="#note-2"]', tree)).toBeUndefined() // its passage is gone
  })

  it('states the approval and each verdict', () => {
    expect(texts(tree, '#notes > .verdict')).toEqual(['4 open threads · changes requested by Ben'])
    expect(texts(tree, '#notes ul[aria-label=Verdicts] li')).toEqual(['Ben requested changes · Mon, 23 Nov 2026, 09:07 UTC: Cite the survey.'])
    expect(texts(tree, 'header .lead')[0]).toMatch(/^4 open threads · changes requested by Ben\. Checklist: /)
  })

  it('says when it was exported and which saved version it is', () => {
    expect(texts(tree, 'footer')).toEqual(['Exported from Grant Desk on Tue, 24 Nov 2026, 10:00 UTC — saved version of Fri, 20 Nov 2026, 17:30 UTC.'])
    expect(copy.fileName).toBe('tracekit-2026-11-24.html')
    expect(copy.note).toBe('The copy holds the version saved Fri, 20 Nov 2026, 17:30 UTC, with its 4 open threads; resolved threads are left out.')
  })

  it('writes its dates in the exporter’s locale (here en-US), and the file name’s day in ISO', () => {
    const american = copyOf({ draft, locale: 'en-US' })
    expect(american.note).toMatch(/^The copy holds the version saved Fri, Nov 20, 2026, 5:30\sPM UTC,/)
    expect(american.fileName).toBe('tracekit-2026-11-24.html')
  })
})

describe('a hostile pitch', () => {
  const pitch = [
    '# Pitch',
    '',
    '<script>alert(1)</script>',
    '',
    'Inline <img src=x onerror="alert(2)"> and <a href="javascript:alert(3)">raw link</a>.',
    '',
    '[click](javascript:alert(4)) [data](data:text/html,<b>x</b>) [vb](vbscript:msgbox) [rel](../secret.md) [site](https://example.org) [mail](mailto:grants@example.org)',
    '',
    '![tracker](https://tracker.example/p.png) ![local](file:///etc/passwd.png)',
    '',
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><link rel="stylesheet" href="https://evil.example/x.css">',
    '',
    '- [x] done',
    '- [ ] todo',
  ].join('\n')
  const copy = copyOf({ draft: draftWith(pitch) })
  const tree = parse(copy.html)
  const elements = allElements(tree)

  it('runs nothing: no script element, no event handler attribute, no javascript: or other unsafe link', () => {
    expect(selectAll('script, iframe, object, embed, link, img, form, input, base', tree)).toEqual([])
    for (const element of elements) {
      for (const name of Object.keys(element.properties)) expect(name, `<${element.tagName} ${name}>`).not.toMatch(/^on/i)
    }
    const hrefs = selectAll('a[href]', tree).map((a) => String(a.properties['href']))
    for (const href of hrefs) expect(href).toMatch(/^(?:https?:|mailto:|#note-\d+$)/)
    expect(hrefs).toContain('https://example.org')
    expect(hrefs).toContain('mailto:grants@example.org')
  })

  it('loads nothing: the image is a link, nothing has a src, and only its own stylesheet is there', () => {
    expect(elements.filter((element) => element.properties['src'] !== undefined)).toEqual([])
    const image = selectAll('.pitch a', tree).find((a) => textOf(a) === '[Image: tracker]')!
    expect(image.properties['href']).toBe('https://tracker.example/p.png')
    expect(textOf(select('.pitch', tree)!)).toContain('[Image: local]')
    expect(selectAll('style', tree)).toHaveLength(1)
  })

  it('shows raw HTML as the text it is, as the app does', () => {
    const text = textOf(select('.pitch', tree)!)
    expect(text).toContain('<script>alert(1)</script>')
    expect(text).toContain('<img src=x onerror="alert(2)">')
    // Links that may not be followed keep their words.
    expect(text).toContain('click')
    expect(text).toContain('rel')
    expect(text).toContain('☑ done')
    expect(text).toContain('☐ todo')
  })
})

describe('the page’s rules', () => {
  const copy = copyOf({ draft: draftWith(FILE.pitch) })
  const tree = parse(copy.html)

  it('has a CSP that forbids scripts and every remote resource and allows its own stylesheet by hash', () => {
    const meta = selectAll('meta', tree).find((element) => element.properties['httpEquiv']?.toString() === 'Content-Security-Policy')!
    const policy = String(meta.properties['content'])
    expect(policy).toBe(REVIEW_COPY_CSP)
    expect(policy).toMatch(/^default-src 'none';/)
    expect(policy).not.toMatch(/script-src|unsafe-|https?:|\*/)
    const style = textOf(select('style', tree)!)
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`)
    // The policy comes before anything it governs.
    const head = select('head', tree)!
      .children.filter((node): node is Element => node.type === 'element')
      .map((element) => element.tagName)
    expect(head.slice(0, 2)).toEqual(['meta', 'meta'])
    expect(copy.html).toMatch(/^<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy"/)
  })

  it('has a print stylesheet: no backgrounds, notes on a new page, link addresses written out, page margins', () => {
    const css = textOf(select('style', tree)!)
    const print = css.slice(css.indexOf('@media print'))
    expect(print).toMatch(/background: transparent !important/)
    expect(print).toMatch(/#notes \{ break-before: page; page-break-before: always; \}/)
    expect(print).toMatch(/a\[href\^="https:"\]::after[^}]*content: " \(" attr\(href\) "\)"/)
    expect(print).toMatch(/break-after: avoid/)
    expect(css).toMatch(/@page \{ margin: [^}]*mm/)
    // No `size`: A4 and Letter paper both fit.
    expect(css).not.toMatch(/@page \{[^}]*size/)
  })
})

describe('what the copy leaves out or adapts', () => {
  it('leaves the sponsor out when unknown, and says so only when it was looked up', () => {
    const draft = draftWith(FILE.pitch)
    const lookedUp = copyOf({ draft, sponsor: null })
    expect(lookedUp.html).not.toContain('<dt>Sponsor</dt>')
    expect(lookedUp.note).toMatch(/The sponsor is left out: it could not be looked up\.$/)
    const offline = copyOf({ draft })
    expect(offline.html).not.toContain('<dt>Sponsor</dt>')
    expect(offline.note).not.toMatch(/sponsor/)
  })

  it('fits any pitch’s headings under its own without skipping a level', () => {
    const tree = parse(copyOf({ draft: draftWith('### Deep first\n\ntext\n\n# Top\n\n###### Deepest\n') }).html)
    expect(selectAll('.pitch h1, .pitch h2, .pitch h3, .pitch h4, .pitch h5, .pitch h6', tree).map((h) => `${h.tagName}:${textOf(h)}`)).toEqual([
      'h3:Deep first',
      'h3:Top',
      'h4:Deepest',
    ])
  })

  it('says a free-form application has no fields, and that nothing is open', () => {
    const free = draftWith(FILE.pitch, {})
    const copy = copyOf({ draft: { ...free, grant: { ...free.grant, applicationSchema: null } } })
    const tree = parse(copy.html)
    expect(texts(tree, 'section[aria-labelledby=fields-heading] p')).toEqual(['This grant takes a free-form application: the pitch alone, no fields.'])
    expect(texts(tree, '#notes > .verdict')).toEqual(['No open threads · not approved yet'])
    expect(texts(tree, '#notes > p').at(-1)).toBe('No open threads: every comment has been resolved.')
  })

  it('names its file after the draft and the day of export in the time zone shown', () => {
    const draft = draftWith(FILE.pitch)
    expect(copyOf({ draft, exportedAt: new Date('2026-11-24T23:30:00.000Z'), timeZone: 'Asia/Tokyo' }).fileName).toBe('tracekit-2026-11-25.html')
    expect(copyOf({ draft: { ...draft, id: 'My Draft (v2)' } }).fileName).toBe('my-draft-v2-2026-11-24.html')
  })
})
