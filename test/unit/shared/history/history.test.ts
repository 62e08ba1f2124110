/**
 * The pure pieces of draft history the core and the renderer share: where sections start and
 * end (fences, closing #s, deeper headings as content), restoring one section, the one-line
 * summary of a version, and the word diff of two versions.
 */
import { describe, expect, it } from 'vitest'
import { diffVersions, findSection, pitchSections, replaceSection, summarizeChange } from '../../../../src/shared/history'

const PITCH = [
  'Intro before any heading.',
  '',
  '# Tracekit',
  '',
  'One line about it.',
  '',
  '## Problem',
  '',
  'Wallets fail silently.',
  '',
  '```md',
  '## Not a heading (in a fence)',
  '```',
  '',
  '## Budget ##',
  '',
  '### Milestone one',
  '',
  '10,000 USD.',
  '',
  '## Team',
  '',
  'Ada and Ben.',
].join('\n')

describe('sections', () => {
  it('cuts at # and ## headings outside fences; a # section holds its ## sections', () => {
    const sections = pitchSections(PITCH)
    expect(sections.map((s) => [s.title, s.depth, s.line])).toEqual([
      ['', 0, 0],
      ['Tracekit', 1, 2],
      ['Problem', 2, 6],
      ['Budget', 2, 14],
      ['Team', 2, 20],
    ])
    expect(sections[1]!.end).toBe(PITCH.length)
    const budget = sections[3]!
    expect(PITCH.slice(budget.start, budget.end)).toBe('## Budget ##\n\n### Milestone one\n\n10,000 USD.\n\n')
  })

  it('finds a section by its heading whatever the spacing and case, and says when it is missing or there twice', () => {
    expect(findSection(PITCH, '  budget ').found?.title).toBe('Budget')
    expect(findSection(PITCH, 'Risks')).toEqual({ found: null, problem: 'missing' })
    expect(findSection(`${PITCH}\n\n## Team\n\nAgain.\n`, 'Team')).toEqual({ found: null, problem: 'ambiguous' })
    expect(findSection(PITCH, 'Not a heading (in a fence)').found).toBeNull()
  })

  it('replaces one section with the old version’s, keeping everything else as it is now', () => {
    const old = PITCH.replace('10,000 USD.', '8,000 USD.').replace('Ada and Ben.', 'Ada.')
    const now = PITCH.replace('Wallets fail silently.', 'Wallets fail without a trace.')
    const result = replaceSection(now, old, 'Budget')
    expect(result).toEqual({ ok: true, pitch: now.replace('10,000 USD.', '8,000 USD.') })
  })

  it('keeps a line break when the old section was the last and ended without one', () => {
    const old = '## Team\n\nAda.'
    const now = '## Team\n\nAda and Ben.\n\n## Budget\n\nSome.\n'
    expect(replaceSection(now, old, 'Team')).toEqual({ ok: true, pitch: '## Team\n\nAda.\n## Budget\n\nSome.\n' })
  })

  it('refuses a section missing in either version, naming which', () => {
    const missingNow = replaceSection('## A\n\nx\n', '## B\n\ny\n', 'B')
    expect(missingNow).toEqual({ ok: false, message: expect.stringContaining('is not in the draft as it is now') })
    const missingThen = replaceSection('## B\n\nx\n', '## A\n\ny\n', 'B')
    expect(missingThen).toEqual({ ok: false, message: expect.stringContaining('is not in that version') })
  })
})

describe('summaries', () => {
  const base = { pitch: PITCH, fields: { project_name: 'Tracekit' } }

  it('counts lines added and removed per section, leaving out blank lines', () => {
    expect(summarizeChange(base, { ...base, pitch: PITCH.replace('10,000 USD.', '10,000 USD.\n\nAudit: 2,000 USD.\nBuffer: 1,000 USD.') })).toBe(
      '+2 lines in Budget',
    )
    expect(summarizeChange(base, { ...base, pitch: PITCH.replace('Wallets fail silently.\n\n', '').replace('Ada and Ben.', 'Ada, Ben and Chidi.') })).toBe(
      '−1 line in Problem, changed Team',
    )
    expect(summarizeChange(base, { ...base, pitch: PITCH.replace('Ada and Ben.', 'Ada.\nBen.\nChidi.') })).toBe('changed Team (+2 lines)')
    expect(summarizeChange(base, { ...base, pitch: PITCH.replace('Intro before any heading.', 'A new intro.') })).toBe('changed the opening')
  })

  it('names sections that appeared or went, and fields by their labels', () => {
    const added = { pitch: `${PITCH}\n\n## Risks\n\nNone known.\n`, fields: { project_name: 'Tracekit', repo: 'https://x.test' } }
    expect(summarizeChange(base, added, { project_name: 'Project name', repo: 'Repository' })).toBe('new section Risks, fields: Repository')
    expect(summarizeChange(added, base)).toBe('removed section Risks, fields: repo')
  })

  it('says so when only spacing changed, when nothing changed, and for a first version', () => {
    expect(summarizeChange(base, { ...base, pitch: PITCH.replace('Ada and Ben.', 'Ada and Ben.\n\n\n') })).toBe('changed spacing')
    expect(summarizeChange(base, { ...base, fields: { project_name: 'Tracekit', details: '' } })).toBe('no changes')
    expect(summarizeChange(null, base)).toBe('first version')
  })

  it('names at most three sections, then counts the rest', () => {
    const everywhere = PITCH.replace('Intro', 'An intro')
      .replace('One line', 'A line')
      .replace('Wallets', 'Most wallets')
      .replace('10,000', '12,000')
      .replace('Ada and', 'Ada Lovelace and')
    expect(summarizeChange(base, { ...base, pitch: everywhere })).toBe('changed the opening, changed Tracekit, changed Problem, and 2 more sections')
  })
})

describe('diffVersions', () => {
  const join = (parts: { kind: string; text: string }[], keep: string) =>
    parts
      .filter((p) => p.kind === 'same' || p.kind === keep)
      .map((p) => p.text)
      .join('')

  it('gives word-level parts (as diffWords cuts words: "40,000" is three) that spell both versions', () => {
    const a = 'Line one stays.\nWe ask for 40,000 USD over six months.\nLine three stays.\n'
    const b = 'Line one stays.\nWe ask for 45,000 USD over nine months.\nLine three stays.\nA new line.\n'
    const parts = diffVersions(a, b)
    expect(join(parts, 'removed')).toBe(a)
    expect(join(parts, 'added')).toBe(b)
    expect(parts.filter((p) => p.kind !== 'same').map((p) => `${p.kind}:${p.text.trim()}`)).toEqual([
      'removed:40',
      'added:45',
      'removed:six',
      'added:nine',
      'added:A new line.',
    ])
  })

  it('handles equal, empty and wholly different texts', () => {
    expect(diffVersions('same\n', 'same\n')).toEqual([{ kind: 'same', text: 'same\n' }])
    expect(diffVersions('', '')).toEqual([])
    expect(diffVersions('', 'new\n')).toEqual([{ kind: 'added', text: 'new\n' }])
    expect(diffVersions('old\n', '')).toEqual([{ kind: 'removed', text: 'old\n' }])
  })
})
