import { describe, expect, it } from 'vitest'
import { lint, summarize } from '../../../../src/shared/checklist'
import type { Finding, Rule } from '../../../../src/shared/checklist'
import { blankSection } from '../../../../src/shared/checklist/rules/sections'
import { findAmounts, findDurations, findUrls, parsePlainAmount, sentences } from '../../../../src/shared/checklist/text'

const md = (...lines: string[]) => lines.join('\n')
const blankAt = (pitch: string) => lint({ pitch }, [blankSection]).findings.map((f) => f.line)

describe('inline control comments', () => {
  const pitch = (...middle: string[]) => md('# A', '## B', ...middle, '## C', '## D')

  it('reports every blank section without comments', () => {
    expect(blankAt(pitch())).toEqual([2, 3, 4])
  })

  it('checklist-disable with a rule id silences that rule from there on, enable brings it back', () => {
    // B (line 2) is blank before the comment; C is silenced; D comes after the enable.
    expect(blankAt(md('# A', '## B', '<!-- checklist-disable blank-section -->', '## C', '<!-- checklist-enable blank-section -->', '## D'))).toEqual([2, 6])
  })

  it('checklist-disable without ids silences every rule', () => {
    expect(blankAt(md('<!-- checklist-disable -->', '# A', '## B'))).toEqual([])
  })

  it('checklist-disable-next-line silences only the next line', () => {
    const text = md('# A', 'text', '<!-- checklist-disable-next-line blank-section -->', '## B', '## C')
    expect(blankAt(text)).toEqual([5])
  })

  it('checklist-disable-line silences its own line', () => {
    expect(blankAt(md('# A', 'text', '## B <!-- checklist-disable-line blank-section -->', '## C'))).toEqual([4])
  })

  it('leaves other rules alone', () => {
    const other: Rule = {
      id: 'other-rule',
      title: 'Other',
      severity: 'warning',
      description: 'Reports line 2 always.',
      check: () => [{ line: 2, column: 1, endLine: 2, endColumn: 2, message: 'm', hint: 'h' }],
    }
    const result = lint({ pitch: md('<!-- checklist-disable blank-section -->', '# A') }, [blankSection, other])
    expect(result.findings.map((f) => f.ruleId)).toEqual(['other-rule'])
  })

  it('warns about a rule id that does not exist, naming the real ones', () => {
    const result = lint({ pitch: md('# A', 'text', '<!-- checklist-disable blank-sections -->') }, [blankSection])
    expect(result.findings).toEqual([
      expect.objectContaining({
        ruleId: 'checklist-comment',
        severity: 'warning',
        line: 3,
        message: expect.stringContaining('"blank-sections"'),
        hint: 'Use one of: blank-section.',
      }),
    ])
  })
})

describe('lint', () => {
  it('turns a rule that throws into an info finding and runs the others', () => {
    const broken: Rule = {
      id: 'broken-rule',
      title: 'Broken',
      severity: 'error',
      description: 'Throws to test isolation.',
      check: () => {
        throw new Error('boom')
      },
    }
    const result = lint({ pitch: md('# A') }, [broken, blankSection])
    expect(result.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['blank-section', 'error'],
      ['broken-rule', 'info'],
    ])
    expect(result.findings[1]!.message).toContain('boom')
  })

  it('sorts findings by line, then column, then severity', () => {
    const at = (line: number, column: number, severity: Finding['severity']) => ({
      line,
      column,
      endLine: line,
      endColumn: column + 1,
      message: 'm',
      hint: 'h',
      severity,
    })
    const rule: Rule = {
      id: 'many',
      title: 'Many',
      severity: 'info',
      description: 'Reports in a shuffled order.',
      check: () => [at(3, 1, 'info'), at(1, 5, 'warning'), at(1, 5, 'error'), at(1, 2, 'info')],
    }
    expect(lint({ pitch: '' }, [rule]).findings.map((f) => `${f.line}:${f.column}:${f.severity}`)).toEqual(['1:2:info', '1:5:error', '1:5:warning', '3:1:info'])
  })

  it('uses the rule’s severity unless the finding sets its own', () => {
    const rule: Rule = {
      id: 'mixed',
      title: 'Mixed',
      severity: 'warning',
      description: 'One default, one info.',
      check: () => [
        { line: 1, column: 1, endLine: 1, endColumn: 1, message: 'm', hint: 'h' },
        { line: 2, column: 1, endLine: 2, endColumn: 1, message: 'm', hint: 'h', severity: 'info' },
      ],
    }
    expect(lint({ pitch: '' }, [rule]).findings.map((f) => f.severity)).toEqual(['warning', 'info'])
  })
})

describe('a blank section', () => {
  const atHeading: Rule = {
    id: 'about-sections',
    title: 'About sections',
    severity: 'warning',
    description: 'Reports at every heading and at line 1, to test superseding.',
    check: ({ doc }) =>
      [1, ...doc.sections.filter((s) => s.heading).map((s) => s.line)].map((line) => ({
        line,
        column: 1,
        endLine: line,
        endColumn: 2,
        message: 'm',
        hint: 'h',
      })),
  }

  it('supersedes what other rules report at its heading, not elsewhere or at the document start', () => {
    const result = lint({ pitch: md('# Title', 'Intro.', '## Empty', '<!-- hint -->', '## Written', 'Text.') }, [blankSection, atHeading])
    expect(result.findings.map((f) => `${f.line}:${f.ruleId}`)).toEqual(['1:about-sections', '1:about-sections', '3:blank-section', '5:about-sections'])
    expect(result.summary.errors).toBe(1)
  })
})

describe('the verdict of a draft with sections still to write', () => {
  const pitch = (problem: string) => ['# Title', '', '## Problem', '', problem, '', '## Team', '', '<!-- Who is on the team, with links. -->', ''].join('\n')
  it('leads with the sections to write, not with problems, and counts only the errors outside them', () => {
    const fresh = lint({ pitch: pitch('<!-- What problem, for whom? -->'), schema: null, grant: { type: 'bounty' } })
    expect(fresh.summary.errors).toBeGreaterThan(0)
    expect(fresh.summary.verdict).toBe('Not ready yet: 2 of 2 sections still to write.')
    const half = lint({ pitch: pitch('Maintainers lose 3 hours a week to [describe the problem].'), schema: null, grant: { type: 'bounty' } })
    expect(half.summary.verdict).toMatch(/^Not ready yet: 1 of 2 sections still to write, and 1 must fix\.$/)
  })
})

describe('summarize', () => {
  const f = (severity: Finding['severity']): Finding => ({ ruleId: 'r', severity, message: 'm', hint: 'h', line: 1, column: 1, endLine: 1, endColumn: 1 })
  it('says plainly how many problems must be fixed', () => {
    expect(summarize([f('error'), f('error'), f('error'), f('warning')])).toEqual({
      errors: 3,
      warnings: 1,
      infos: 0,
      ready: false,
      verdict: 'Not ready: 3 must fix, 1 to improve.',
    })
    expect(summarize([f('error')]).verdict).toBe('Not ready: 1 must fix.')
  })
  it('calls a draft with only a few warnings or infos ready', () => {
    expect(summarize([f('warning'), f('warning'), f('info')])).toMatchObject({
      ready: true,
      infos: 1,
      verdict: 'Ready to submit, with 2 to improve.',
    })
    expect(summarize([f('warning')]).verdict).toBe('Ready to submit, with 1 to improve.')
    expect(summarize([f('info')]).verdict).toBe('Ready to submit: every check passes.')
    expect(summarize([]).verdict).toBe('Ready to submit: every check passes.')
  })
  it('does not call a draft with many warnings ready, though nothing blocks sending it', () => {
    expect(summarize([f('warning'), f('warning'), f('warning')])).toMatchObject({
      ready: true,
      verdict: 'Nothing blocks submitting, but there are 3 to improve: gaps reviewers often reject for.',
    })
  })
  it('counts a teammate’s open threads as warnings, but not as gaps of the guidance', () => {
    const review = (ruleId: string): Finding => ({ ...f('warning'), ruleId })
    expect(summarize([review('review-open-threads'), review('review-open-threads'), review('review-approval')])).toMatchObject({
      warnings: 3,
      verdict: 'Ready to submit, with 3 to improve.',
    })
    expect(summarize([f('warning'), f('warning'), f('warning'), review('review-approval')]).verdict).toBe(
      'Nothing blocks submitting, but there are 4 to improve: gaps reviewers often reject for.',
    )
  })
})

describe('text readers', () => {
  it('finds amounts of dollars and dollar stablecoins in their usual spellings', () => {
    expect(findAmounts('$5,000 then 5k USDC, USD 12,500, 15,000 USD, 2.5M DAI and US$300').map((a) => a.value)).toEqual([
      5000, 5000, 12500, 15000, 2_500_000, 300,
    ])
    expect(findAmounts('in 2027 we ship v2 to 40 teams')).toEqual([])
  })
  it('reads a bare amount cell', () => {
    expect(parsePlainAmount('9,600')).toBe(9600)
    expect(parsePlainAmount('**42,000**')).toBe(42000)
    expect(parsePlainAmount('$12k')).toBe(12000)
    expect(parsePlainAmount('fixed')).toBeNull()
  })
  it('reads durations in weeks', () => {
    expect(findDurations('4 weeks, then 2-3 months, 10 days and 1 year').map((d) => Math.round(d.weeks * 10) / 10)).toEqual([4, 13, 1.4, 52.2])
  })
  it('finds links without trailing punctuation', () => {
    expect(findUrls('See [x](https://github.com/a/b), and https://docs.example/page.').map((u) => u.url)).toEqual([
      'https://github.com/a/b',
      'https://docs.example/page',
    ])
  })
  it('splits sentences', () => {
    expect(sentences('One thing fails. Two things work! Does 3 work?')).toEqual(['One thing fails.', 'Two things work!', 'Does 3 work?'])
  })
})
