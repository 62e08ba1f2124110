/**
 * The incremental lint session (`createLintSession`) against a full `lint` of the same text:
 * after any sequence of edits its result must be `lint`'s, finding for finding, section for
 * section. Property tests over random edits of two kinds of text: synthetic pitches built from
 * the constructs that make Markdown blocks hard to separate (these run everywhere), and the real
 * proposals of `../shared/real-proposals` (read from there; skipped, saying so, when absent).
 * The edits insert, delete and replace, with text that opens and closes fences, HTML blocks and
 * comments, adds or removes blank lines, headings (ATX and setext), list markers, table pipes,
 * block quotes, CRLF line endings and front-matter-like `---` blocks.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type LintInput, createLintSession, lint } from '../../../../src/shared/checklist'
import { parseDraftFile } from '../../../../src/shared/draft-file'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'

const NOW = Date.parse('2026-11-21T12:00:00Z')

/** Pieces of Markdown an edit inserts: each one can merge, split or swallow blocks. */
const TRICKY = [
  '\n',
  '\n\n',
  '\r\n',
  '```\n',
  '```js\n',
  '~~~\n',
  '\n```\n',
  '# ',
  '## Budget\n',
  '\n### Milestone 2\n\n',
  '#',
  '---\n',
  '\n---\n',
  '===\n',
  '- ',
  '* [ ] ',
  '1. ',
  '    ',
  '> ',
  '| a | b |\n',
  '|---|---|\n',
  '| $1,000 | 2 weeks |\n',
  '|',
  '<!-- ',
  '-->',
  '<div>\n',
  '</div>\n',
  '<details>\n\n',
  '---\ntitle: X\namount_requested: 5000\n---\n',
  'title: Y\n',
  '<!-- checklist-disable budget-itemized -->\n',
  'Total: $12,000 USD',
  'https://github.com/a/b ',
  'Done when: CI passes',
  'x',
  ' ',
]

const SYNTHETIC_BLOCKS = [
  '# Project',
  '## Problem statement\n\nDevelopers lose days to flaky builds. We fix that.',
  '## Milestones\n\n### Milestone 1 — SDK\n\n- Deliverable: https://github.com/org/sdk\n- Done when: CI passes with 80% coverage\n- Cost: $12,000\n- Duration: 4 weeks',
  '| Milestone | Deliverable | Cost |\n|---|---|---|\n| M1 | SDK | $5,000 |\n| M2 | Docs | $3,000 |',
  '## Budget\n\nTotal: $8,000 USD for 2 developers over 8 weeks.',
  '```\n# not a heading\n\n## neither\n```',
  '<!--\n## hidden heading\n-->',
  '<div>\n\n## inside html\n\n</div>',
  'Setext heading\n---',
  'A long paragraph right above a rule. It has several sentences. It reads as prose.\n---',
  '## Team\n\n- Alice, https://github.com/alice, 5 years of Rust\n- Bob',
  '> quoted\n> ## not top level',
  '1. first\n2. second\n\n   ## indented in the list',
  '---\ntitle: Front\nauthor: Me\n---',
  '## Timeline\n\nFrom 1 May 2027 to 1 August 2027.',
  '<!-- checklist-disable team-links -->',
]

type Edit = { at: number; remove: number; insert: string }

const editArb: fc.Arbitrary<Edit> = fc
  .record({
    // Fractions of the text's length: the same edit fits any text.
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    remove: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 4, max: 400 })),
    insert: fc.oneof(
      fc.constantFrom(...TRICKY),
      fc.constant(''),
      fc.string({ maxLength: 6 }),
      fc.array(fc.constantFrom(...TRICKY), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
    ),
  })
  .map(({ at, remove, insert }) => ({ at: at, remove, insert }))

/** Applies the edits one by one, each to a session and to a full lint, with and without `edit`. */
function checkEdits(base: LintInput, edits: readonly Edit[], passEdit: boolean): void {
  const session = createLintSession(base)
  expect(session.result).toEqual(lint(base))
  let pitch = base.pitch
  for (const e of edits) {
    const from = Math.min(pitch.length, Math.floor(e.at * pitch.length))
    const to = Math.min(pitch.length, from + e.remove)
    const next = pitch.slice(0, from) + e.insert + pitch.slice(to)
    const { pitch: _old, ...rest } = base
    const result = passEdit ? session.update({ ...rest, edit: { from, to, insert: e.insert } }) : session.update({ ...base, pitch: next })
    expect(result).toEqual(lint({ ...base, pitch: next }))
    pitch = next
  }
  expect(session.pitch).toBe(pitch)
}

describe('createLintSession on synthetic pitches', () => {
  const pitchArb = fc
    .array(fc.constantFrom(...SYNTHETIC_BLOCKS), { minLength: 1, maxLength: 12 })
    .chain((blocks) => fc.constantFrom('\n\n', '\n', '\r\n\r\n').map((sep) => blocks.join(sep)))

  it('gives lint’s result after every random edit (the session finding the change itself)', () => {
    fc.assert(
      fc.property(pitchArb, fc.array(editArb, { minLength: 1, maxLength: 8 }), (pitch, edits) => {
        checkEdits({ pitch, now: NOW }, edits, false)
      }),
      { numRuns: 150 },
    )
  })

  it('gives lint’s result after every random edit passed as { from, to, insert }', () => {
    fc.assert(
      fc.property(pitchArb, fc.array(editArb, { minLength: 1, maxLength: 8 }), (pitch, edits) => {
        checkEdits({ pitch, now: NOW, grant: { type: 'grant' } }, edits, true)
      }),
      { numRuns: 100 },
    )
  })

  it('follows a fence opened at the top that swallows every later section, and its closing', () => {
    const pitch = SYNTHETIC_BLOCKS.join('\n\n')
    const session = createLintSession({ pitch, now: NOW })
    const opened = '```\n' + pitch
    const withFence = session.update({ pitch: opened, now: NOW })
    expect(withFence).toEqual(lint({ pitch: opened, now: NOW }))
    // Inside a fence, no section is left to read: the result really changed.
    expect(withFence.sections?.length ?? 0).toBeLessThan(lint({ pitch, now: NOW }).sections?.length ?? 0)
    expect(session.update({ pitch, now: NOW })).toEqual(lint({ pitch, now: NOW }))
  })

  it('turns a paragraph into a setext heading and back as lint does', () => {
    const pitch = '## Problem\n\nShort title\n\nSome text.'
    const session = createLintSession({ pitch, now: NOW })
    const heading = session.update({
      edit: { from: pitch.indexOf('Short title') + 'Short title'.length, to: pitch.indexOf('Short title') + 'Short title'.length + 1, insert: '\n---\n' },
      now: NOW,
    })
    const expected = pitch.replace('Short title\n', 'Short title\n---\n')
    expect(session.pitch).toBe(expected)
    expect(heading).toEqual(lint({ pitch: expected, now: NOW }))
    expect(heading.sections?.some((s) => s.title === 'Short title')).toBe(true)
  })

  it('reads contract work block by block as lint reads the whole text, across blank lines', () => {
    // The session reads contract mentions per block (facts.ts). Each pitch puts a mention's
    // words, the audience words that cancel it, or "no contracts" on either side of blank lines.
    const deliverables = '## Deliverables\n\n- A repository with docs and a dashboard.\n\n'
    const pitches = [
      'We write smart contracts\n\ndevelopers love.',
      'We write smart contracts\n\nthe developers love.',
      'The contracts\n\n\naddress book is on testnet.',
      'The contracts\n\n\nbook is on testnet.',
      'We write smart contracts.\n\nNo new contracts are deployed.',
      'The vault is deployed on\n\ntestnet.',
      'Not a Solidity project.\n\nThe vault is deployed on testnet.',
    ].map((text) => deliverables + text)
    const session = createLintSession({ pitch: '', now: NOW })
    const verdicts = new Set<boolean>()
    for (const pitch of [...pitches, ...pitches.reverse()]) {
      const expected = lint({ pitch, now: NOW })
      expect(session.update({ pitch, now: NOW })).toEqual(expected)
      verdicts.add(expected.findings.some((f) => /contract address/.test(f.message)))
    }
    // The pitches really move the verdict both ways: contract work found, and not found.
    expect([...verdicts].sort()).toEqual([false, true])
  })

  it('refuses an edit that disagrees with the pitch given, or lies outside the previous pitch, and keeps its state', () => {
    const session = createLintSession({ pitch: '# A\n\ntext', now: NOW })
    expect(() => session.update({ pitch: 'other', edit: { from: 0, to: 0, insert: 'x' }, now: NOW })).toThrow(/does not turn its previous pitch/)
    expect(() => session.update({ edit: { from: 5, to: 99, insert: '' }, now: NOW })).toThrow(/outside the pitch/)
    expect(session.pitch).toBe('# A\n\ntext')
    expect(session.update({ pitch: '# A\n\ntext!', now: NOW })).toEqual(lint({ pitch: '# A\n\ntext!', now: NOW }))
  })
})

const present = corpusPresent('session.test (the real-proposal cases)')

describe.skipIf(!present)('createLintSession on the real proposals', () => {
  /** Every proposal as `grant-desk lint` reads it: its pitch, fields, form, grant and kind. */
  const inputs: LintInput[] = present
    ? readdirSync(join(CORPUS_DIR, 'drafts'))
        .sort()
        .map((file) => {
          const draft = parseDraftFile(readFileSync(join(CORPUS_DIR, 'drafts', file), 'utf8'))
          const fm = draft.frontMatter
          return {
            pitch: draft.pitch,
            fields: fm.custom_fields,
            schema: fm.grant.application_schema,
            grant: { title: fm.grant.title, reward: fm.grant.reward, deadline: fm.grant.deadline, type: fm.grant.type },
            projectKind: fm.project_kind,
            now: NOW,
          }
        })
    : []

  it('reads the corpus', () => {
    expect(inputs.length).toBeGreaterThan(500)
  })

  it('gives lint’s result after every random edit of a real proposal', () => {
    fc.assert(
      fc.property(fc.nat({ max: inputs.length - 1 }), fc.array(editArb, { minLength: 1, maxLength: 5 }), fc.boolean(), (index, edits, passEdit) => {
        checkEdits(inputs[index]!, edits, passEdit)
      }),
      { numRuns: 50 },
    )
  }, 300_000)

  /** The three largest proposals by pitch size: where a keystroke's cost is largest (bench/lint-session.bench.ts times them). */
  const largest = [...inputs].sort((a, b) => b.pitch.length - a.pitch.length).slice(0, 3)
  /** Edits the largest proposals need most: at a heading line, a table row, and the front matter at the top. */
  const structuralArb = (input: LintInput): fc.Arbitrary<Edit> => {
    const lines = input.pitch.split('\n')
    const starts: Array<{ at: number; line: string }> = []
    let offset = 0
    for (const line of lines) {
      starts.push({ at: offset, line })
      offset += line.length + 1
    }
    const headings = starts.filter((s) => /^#{1,6} /.test(s.line))
    const rows = starts.filter((s) => /^\s*\|/.test(s.line))
    const fraction = (at: number) => at / Math.max(1, input.pitch.length)
    return fc.oneof(
      // A heading removed, its level changed, or a new one typed before it.
      fc
        .constantFrom(...headings)
        .chain((h) =>
          fc.constantFrom<Edit>(
            { at: fraction(h.at), remove: h.line.indexOf(' ') + 1, insert: '' },
            { at: fraction(h.at), remove: 0, insert: '#' },
            { at: fraction(h.at), remove: 0, insert: '## New section\n\n' },
          ),
        ),
      // A table row removed, doubled or a cell's pipe taken out.
      fc
        .constantFrom(...(rows.length > 0 ? rows : starts))
        .chain((r) =>
          fc.constantFrom<Edit>(
            { at: fraction(r.at), remove: r.line.length + 1, insert: '' },
            { at: fraction(r.at), remove: 0, insert: r.line + '\n' },
            { at: fraction(r.at), remove: 1, insert: '' },
            { at: fraction(r.at), remove: 0, insert: '| M9 | Extra | $4,000 |\n' },
          ),
        ),
      // Front matter added at the top, or its opening line typed.
      fc.constantFrom<Edit>({ at: 0, remove: 0, insert: '---\ntitle: X\namount_requested: 5000\n---\n' }, { at: 0, remove: 0, insert: '---\n' }),
      editArb,
    )
  }

  it('gives lint’s result after random edits of the three largest proposals: headings, table rows, front matter and text', () => {
    expect(largest.map((x) => x.pitch.length).every((n) => n > 50_000)).toBe(true)
    for (const input of largest) {
      fc.assert(
        fc.property(fc.array(structuralArb(input), { minLength: 1, maxLength: 6 }), fc.boolean(), (edits, passEdit) => {
          checkEdits(input, edits, passEdit)
        }),
        { numRuns: 8 },
      )
    }
  }, 600_000)

  /**
   * Edits where the session cuts its blocks (line-blocks.ts: after each blank line) and reuses
   * those around an edit: a blank line made or removed, two blocks joined, a character typed on
   * either side of a cut, and text that opens a fence or a comment or states a duration there.
   */
  const atBlankLineArb = (input: LintInput): fc.Arbitrary<Edit> => {
    const cuts = [...input.pitch.matchAll(/\n[ \t\r]*\n/g)].map((m) => m.index + m[0].length)
    return fc
      .record({
        cut: fc.constantFrom(...(cuts.length > 0 ? cuts : [0])),
        shift: fc.integer({ min: -3, max: 1 }),
        remove: fc.nat(3),
        insert: fc.constantFrom(
          '',
          'x',
          ' ',
          '\n',
          '\n\n',
          '```\n',
          '<!-- ',
          '-->',
          '<<<<<<<\n',
          'Duration: 3 months\n',
          '- Milestone 2: SDK\n',
          '| a | b |\n',
        ),
      })
      .map(({ cut, shift, remove, insert }) => ({ at: Math.max(0, cut + shift) / Math.max(1, input.pitch.length), remove, insert }))
  }

  it('gives lint’s result after edits at the blank lines of the three largest proposals, passed as { from, to, insert }', () => {
    for (const input of largest) {
      fc.assert(
        fc.property(fc.array(atBlankLineArb(input), { minLength: 2, maxLength: 5 }), (edits) => {
          checkEdits(input, edits, true)
        }),
        { numRuns: 4 },
      )
    }
  }, 600_000)

  it('gives lint’s result while a whole proposal is typed in, a few characters at a time', () => {
    // The proposal with the most sections among the first 50: typing crosses every construct it uses.
    const input = inputs.slice(0, 50).reduce((best, x) => ((x.pitch.match(/^#/gm)?.length ?? 0) > (best.pitch.match(/^#/gm)?.length ?? 0) ? x : best))
    const session = createLintSession({ ...input, pitch: '' })
    const step = Math.max(1, Math.ceil(input.pitch.length / 60))
    for (let end = step; end < input.pitch.length + step; end += step) {
      const pitch = input.pitch.slice(0, end)
      expect(session.update({ ...input, pitch })).toEqual(lint({ ...input, pitch }))
    }
  }, 300_000)
})
