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

describe('keeping what the checklist reads in place', () => {
  const WITH_TIMELINE = md(
    '# [Your project name]',
    '',
    '## Problem',
    '<!-- Who. -->',
    '',
    '## Milestones',
    '<!-- 3 to 5. -->',
    '',
    '## Timeline',
    '<!-- When. -->',
  )

  it('keeps a roadmap’s subsections with it, even one a template heading names', () => {
    const pitch = md(
      '# Tool',
      '',
      '## Motivation',
      '',
      'Slow.',
      '',
      '## Roadmap',
      '',
      '### Milestone 1',
      '',
      'Parser.',
      '',
      '### Timeline',
      '',
      'Month 1: parser.',
    )
    const { text, plan } = fitToTemplate(pitch, WITH_TIMELINE)
    expect(text).toContain(
      md('## Milestones', '', '### Milestone 1', '', 'Parser.', '', '### Timeline', '', 'Month 1: parser.', '', '## Timeline', '', '<!-- When. -->'),
    )
    expect(plan.missing.map((m) => m.title)).toEqual(['Timeline'])
  })

  it('keeps a roadmap without milestone subsections under its own heading, below the template’s Milestones', () => {
    const pitch = md('# Tool', '', '## Motivation', '', 'Slow.', '', '## Development Roadmap', '', 'Month 1: parser.', '', 'Month 2: tests.')
    const { text, plan } = fitToTemplate(pitch, TEMPLATE)
    expect(text).toContain(md('## Milestones', '', '### Development Roadmap', '', 'Month 1: parser.'))
    expect(plan.rows[1]!.documents).toEqual([expect.objectContaining({ title: 'Development Roadmap', renamed: false })])
    expect(fitToTemplate(text, TEMPLATE).text).toBe(text)
  })

  it('does not take out a subsection on the same part as its section, nor an empty heading that titles what follows', () => {
    const template = md('## Problem statement', '<!-- Who. -->', '', '## Background', '<!-- Today. -->', '', '## Budget', '<!-- Items. -->')
    const pitch = md('# Tool', '', '## Project Description', '', '### Abstract', '', 'Slow builds.', '', '### Budget', '', '## Costs', '', '5,000 USD.')
    const { text, plan } = fitToTemplate(pitch, template)
    expect(text).toContain(md('## Problem statement', '', '### Abstract', '', 'Slow builds.', '', '### Budget', '', '## Background'))
    expect(plan.missing.map((m) => m.title)).toEqual(['Background'])
  })

  it('answers no template heading with a section left “TBA”', () => {
    const pitch = md('# Tool', '', '## Motivation', '', 'Slow.', '', '## Roadmap', '', 'TBA')
    const { text, plan } = fitToTemplate(pitch, TEMPLATE)
    expect(plan.missing.map((m) => m.title)).toEqual(['Milestones', 'Budget'])
    expect(plan.extras.map((m) => m.title)).toEqual(['Roadmap'])
    expect(text).toContain(md('## Milestones', '', '<!-- 3 to 5. -->'))
  })

  it('puts the opening of a pitch written under one heading under the template’s problem heading', () => {
    const template = md('## Abstract', '<!-- The proposal. -->', '', '## Budget', '<!-- Items. -->')
    const { text, plan } = fitToTemplate(md('# Crust proposal', '', 'Developers wait for storage.'), template)
    expect(text).toBe(md('# Crust proposal', '', '## Abstract', '', 'Developers wait for storage.', '', '## Budget', '', '<!-- Items. -->'))
    expect(plan.title?.title).toBe('Crust proposal')
    expect(plan.missing.map((m) => m.title)).toEqual(['Budget'])
    expect(fitToTemplate(text, template).text).toBe(text)
  })
})
