import { describe, expect, it } from 'vitest'
import { lint, parsePitch, sectionProgress } from '../../../../src/shared/checklist'
import { blankSection, templatePlaceholder } from '../../../../src/shared/checklist/rules/sections'

const md = (...lines: string[]) => lines.join('\n')

const TEMPLATE = md(
  '# [Your project name]',
  '',
  '## Problem statement',
  '<!-- One sentence. -->',
  '',
  '## Budget',
  '<!-- Itemize. -->',
  '',
  '| Item | Amount |',
  '| --- | --- |',
  '|   |   |',
  '',
  '## Team',
  '<!-- Names and links. -->',
  '',
  '### Advisors',
  '',
)

describe('sectionProgress', () => {
  it('lists the sections below the title in order, none written in a fresh template', () => {
    const sections = sectionProgress(parsePitch(TEMPLATE))
    expect(sections.map((s) => [s.title, s.line, s.written])).toEqual([
      ['Problem statement', 3, false],
      ['Budget', 6, false],
      ['Team', 13, false],
    ])
  })

  it('keeps the template’s hint under each heading as the to-do’s guidance', () => {
    expect(sectionProgress(parsePitch(TEMPLATE)).map((s) => s.prompt)).toEqual(['One sentence.', 'Itemize.', 'Names and links.'])
  })

  it('counts a section written once it holds text of the applicant’s, in it or in a subsection', () => {
    const pitch = TEMPLATE.replace('<!-- One sentence. -->', '<!-- One sentence. -->\nWallet developers lose a day per release.').replace(
      '### Advisors\n',
      '### Advisors\nAda Lovelace.\n',
    )
    expect(sectionProgress(parsePitch(pitch)).map((s) => s.written)).toEqual([true, false, true])
  })

  it('counts a filled-in table row as written, an empty template table not', () => {
    const pitch = TEMPLATE.replace('|   |   |', '| Hosting | 1,200 |')
    expect(sectionProgress(parsePitch(pitch)).map((s) => s.written)).toEqual([false, true, false])
  })

  it('treats several top-level headings as sections, none of them a title', () => {
    expect(sectionProgress(parsePitch(md('# Problem', 'text', '# Solution'))).map((s) => s.title)).toEqual(['Problem', 'Solution'])
    expect(sectionProgress(parsePitch('Just some text.'))).toEqual([])
  })
})

describe('lint names the section of each finding', () => {
  it('by the line it is on; the title line is in no section', () => {
    const result = lint({ pitch: TEMPLATE }, [blankSection, templatePlaceholder])
    const bySection = result.findings.map((f) => [f.ruleId, f.line, f.section])
    expect(bySection).toEqual([
      ['template-placeholder', 1, undefined],
      ['blank-section', 3, 'Problem statement'],
      ['blank-section', 6, 'Budget'],
      ['blank-section', 16, 'Team'],
    ])
    expect(result.sections?.map((s) => s.title)).toEqual(['Problem statement', 'Budget', 'Team'])
  })

  it('leaves a finding about an application field without a section', () => {
    const rule = {
      id: 'field-rule',
      title: 'F',
      severity: 'error' as const,
      description: 'd',
      check: () => [{ line: 4, column: 1, endLine: 4, endColumn: 2, message: 'm', hint: 'h', field: 'budget' }],
    }
    expect(lint({ pitch: TEMPLATE }, [rule]).findings[0]!.section).toBeUndefined()
  })
})
