/**
 * Fitting a pitch to a template (src/shared/checklist/fit) on small pitches of our own: the
 * preamble and a details block stay first, subsections move with their section at the
 * template's levels, setext headings and CRLF line endings are read, and a pitch without
 * headings gets the template's headings after its text. The corpus test checks the same over
 * real proposals (fit-template-corpus.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { fitToTemplate, matchScore } from '../../../../src/shared/checklist/fit'

const md = (...lines: string[]) => lines.join('\n') + '\n'
const TEMPLATE = md(
  '# [Your project name]',
  '',
  '## Problem',
  '<!-- Who is blocked. -->',
  '',
  '## Milestones',
  '<!-- 3 to 5. -->',
  '',
  '## Budget',
  '<!-- Items. -->',
)

describe('matching headings', () => {
  it('matches the same part of the guidance, the same words, and nothing else', () => {
    expect(matchScore('Motivation', 'Problem statement')).toBeGreaterThan(1)
    expect(matchScore('Costs', 'Budget')).toBeGreaterThan(1)
    expect(matchScore('Roadmap', 'Milestones')).toBeGreaterThan(1)
    expect(matchScore('2. Budget :moneybag:', 'Budget')).toBe(3)
    expect(matchScore('Team', 'Budget')).toBe(0)
  })
})

describe('fitting a pitch', () => {
  it('keeps a details block and the preamble first, moves subsections with their section at the template’s levels', () => {
    const pitch = md(
      '---',
      'title: Trace',
      'amount_requested: 5000',
      '---',
      '',
      'Intro before any heading.',
      '',
      '# Costs',
      '',
      '| Item | USD |',
      '| --- | --- |',
      '| Dev | 5000 |',
      '',
      '# Roadmap',
      '',
      '## Milestone 1',
      '',
      'Parser, 2 weeks.',
      '',
      '### Tests',
      '',
      'Unit tests.',
      '',
      '# Motivation',
      '',
      'Developers wait.',
    )
    const { text, plan } = fitToTemplate(pitch, TEMPLATE)
    expect(text).toBe(
      md(
        '---',
        'title: Trace',
        'amount_requested: 5000',
        '---',
        '',
        'Intro before any heading.',
        '',
        '# [Your project name]',
        '',
        '## Problem',
        '',
        'Developers wait.',
        '',
        '## Milestones',
        '',
        '### Milestone 1',
        '',
        'Parser, 2 weeks.',
        '',
        '#### Tests',
        '',
        'Unit tests.',
        '',
        '## Budget',
        '',
        '| Item | USD |',
        '| --- | --- |',
        '| Dev | 5000 |',
      ),
    )
    expect(plan.title).toBeNull()
    expect(plan.missing).toEqual([])
    expect(plan.rows.map((row) => row.documents.map((d) => d.title))).toEqual([['Motivation'], ['Roadmap'], ['Costs']])
  })

  it('adds the missing sections with the template’s guidance, keeps the others at the end, reads setext headings and CRLF', () => {
    const pitch = ['My tool', '=======', '', 'Approach', '--------', '', 'A daemon.', '', 'Costs', '-----', '', '3,000 USD.', ''].join('\r\n')
    const { text, plan } = fitToTemplate(pitch, TEMPLATE)
    expect(text).toBe(
      [
        '# My tool',
        '',
        '## Problem',
        '',
        '<!-- Who is blocked. -->',
        '',
        '## Milestones',
        '',
        '<!-- 3 to 5. -->',
        '',
        '## Budget',
        '',
        '3,000 USD.',
        '',
        '## Approach',
        '',
        'A daemon.',
        '',
      ].join('\r\n'),
    )
    expect(plan.missing.map((m) => m.title)).toEqual(['Problem', 'Milestones'])
    expect(plan.extras.map((m) => m.title)).toEqual(['Approach'])
    expect(fitToTemplate(text, TEMPLATE).changed).toBe(false)
  })

  it('puts the template’s headings after a pitch that has none, keeping its text first', () => {
    const { text } = fitToTemplate('Just a paragraph.\n', TEMPLATE)
    expect(text.startsWith('Just a paragraph.\n\n# [Your project name]\n\n## Problem\n\n<!-- Who is blocked. -->\n')).toBe(true)
  })

  it('leaves a heading inside a code fence where it is', () => {
    const pitch = md('# Tool', '', '## Costs', '', '```', '## Motivation', '```', '', '## Motivation', '', 'Slow.')
    const { text } = fitToTemplate(pitch, TEMPLATE)
    expect(text).toContain(md('## Budget', '', '```', '## Motivation', '```'))
    expect(text).toContain(md('## Problem', '', 'Slow.'))
  })
})
