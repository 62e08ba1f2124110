/**
 * Pitches written the way real applicants write them (from a QA review), not the way the
 * rules were first imagined: strong ones in five other styles must draw no error or warning,
 * weak ones must draw the findings for the flaws a reviewer would name.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lint } from '../../../../src/shared/checklist'
import { FIXTURES, fixtureInput, lintFixture } from '../../../support/checklist'

const dir = join(FIXTURES, 'realistic')

describe('strong pitches in other styles', () => {
  it.each([
    ['strong-a', 'milestones as ### subsections, budget as a list with a Total line'],
    ['strong-b', 'research + implementation, numbered milestones, timeline in months, team table'],
    ['strong-c', 'solo small tooling grant in prose paragraphs, Hours and Rate columns'],
    ['strong-d', 'Solidity protocol, 5 milestones, audit plan, 120K USDC'],
    ['strong-e', 'other heading names: The Problem, Our Approach, Work Plan, Costs, About Us'],
  ])('%s (%s) draws no error or warning', (name) => {
    const result = lintFixture(join(dir, `${name}.md`))
    expect(result.findings.filter((f) => f.severity !== 'info')).toEqual([])
    expect(result.summary.verdict).toBe('Ready to submit: every check passes.')
  })
})

describe('weak pitches', () => {
  it.each([
    [
      'weak-1',
      'vague problem, 7 milestones without amounts, lump-sum budget, no team links, vague KPIs',
      [
        'problem-quantified',
        'milestones-count',
        'milestone-parts',
        'budget-itemized',
        'team-links',
        'prior-project-linked',
        'ecosystem-why',
        'program-priorities',
        'kpis-measurable',
      ],
    ],
    [
      'weak-2',
      'solo applicant asking 130K over 18 months',
      ['problem-quantified', 'milestone-parts', 'budget-itemized', 'solo-scope', 'kpis-measurable', 'timeline-length'],
    ],
    [
      'weak-3',
      'lending protocol to mainnet without an audit; milestones that do not add up',
      ['audit-plan', 'budget-coverage', 'milestones-match-budget', 'deliverables-concrete'],
    ],
    [
      'weak-4',
      'one person, everything in 3 months by the timeline but 30 weeks by the milestones',
      [
        'problem-quantified',
        'milestone-parts',
        'budget-itemized',
        'budget-total',
        'solo-scope',
        'team-prior-work',
        'ecosystem-why',
        'program-priorities',
        'timeline-length',
      ],
    ],
  ])('%s (%s) draws the findings a reviewer would', (name, _, expected) => {
    const result = lintFixture(join(dir, `${name}.md`))
    expect(result.findings.map((f) => f.ruleId)).toEqual(expect.arrayContaining(expected as string[]))
    expect(result.summary.verdict).not.toMatch(/^Ready to submit/)
  })
})

describe('a bounty pitch', () => {
  const file = join(dir, 'bounty-subgraph.md')

  it('is checked only by the rules that apply to bounties, and passes them', () => {
    const result = lintFixture(file)
    expect(result.findings.filter((f) => f.severity !== 'info')).toEqual([])
    expect(result.summary.verdict).toBe('Ready to submit: every check passes.')
  })

  it('would draw grant-proposal findings (milestones, budget, KPIs) if its type were unknown', () => {
    const input = fixtureInput(file)
    const ids = lint({ ...input, grant: { ...input.grant, type: undefined } }).findings.map((f) => f.ruleId)
    expect(ids).toEqual(expect.arrayContaining(['milestones-count', 'budget-itemized', 'kpis-measurable']))
  })
})
