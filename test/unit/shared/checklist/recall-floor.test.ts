/**
 * The recall floor (issue 21): a part of the guidance absent from the whole pitch (no budget
 * anywhere, no milestones or phases at all, no team, no problem statement) is at least a
 * warning, and the verdict is never "Ready to submit", whatever template the pitch follows.
 * Only a grant known not to ask for the part (a bounty; a template that never names it) turns
 * it into a note. Each template style below is a pitch of our own, written the way that
 * program's proposals are (no corpus text).
 */
import { describe, expect, it } from 'vitest'
import { lint, summarize } from '../../../../src/shared/checklist'
import type { Finding, GuidancePart, LintInput } from '../../../../src/shared/checklist'

const md = (...lines: string[]) => lines.join('\n')

interface Parts {
  budget: boolean
  milestones: boolean
  team: boolean
  problem: boolean
}
const ALL: Parts = { budget: true, milestones: true, team: true, problem: true }
const PARTS: readonly GuidancePart[] = ['budget', 'milestones', 'team', 'problem']

/** W3F's template: an overview, milestones as subsections with a cost and a deliverables table each, a total in the overview. */
function w3f(p: Parts): string {
  const milestone = (n: number, name: string) =>
    md(
      `### Milestone ${n} — ${name}`,
      '',
      '- **Estimated duration:** 4 weeks',
      ...(p.budget ? ['- **Costs:** 6,000 USD'] : []),
      '',
      '| Number | Deliverable | Specification |',
      '| --- | --- | --- |',
      `| ${n}a. | ${name} module | Published to https://github.com/atlas/${name.toLowerCase()} with unit tests |`,
      `| ${n}b. | Documentation | A tutorial for the ${name} module |`,
      '',
    )
  return md(
    '# Atlas',
    '',
    '- **Team Name:** Atlas Labs',
    '- **Payment Address:** 0xabc',
    '',
    ...(p.problem
      ? ['## Project Overview', '', '### Overview', '', 'Lumen wallet users wait 40 seconds for a balance, and 2,000 of them leave every month.', '']
      : []),
    '## Project Details',
    '',
    'An indexer in Rust that answers balance queries in under 50 ms.',
    '',
    ...(p.team
      ? [
          '## Team',
          '',
          '- Ada Okafor, lead: https://github.com/ada; built https://github.com/ada/faucet, used by 40 teams',
          '- Tomás Reyes, engineer: https://github.com/tomas',
          '',
        ]
      : []),
    ...(p.milestones || p.budget
      ? [
          '## Development Roadmap',
          '',
          '### Overview',
          '',
          '- **Total Estimated Duration:** 12 weeks',
          ...(p.budget ? ['- **Total Costs:** 18,000 USD'] : []),
          '',
        ]
      : []),
    ...(p.milestones ? [milestone(1, 'Core'), milestone(2, 'SDK'), milestone(3, 'Explorer')] : []),
  )
}

/** Canton's template: a header table, Abstract and Motivation, milestones at odd depths with funding in CC, a payment table. */
function canton(p: Parts): string {
  const milestone = (n: number, name: string, depth: string) =>
    md(
      `${depth} Milestone ${n}: ${name}`,
      '',
      `**Estimated Delivery:** Month ${n}${p.budget ? ' | **Funding:** 100,000 CC' : ''}`,
      '',
      'Deliverables:',
      '',
      `- The ${name} service, released on GitHub`,
      '',
      `**Acceptance Criteria:** the ${name} service passes its test suite on DevNet.`,
      '',
    )
  return md(
    '# Development Fund Proposal',
    '',
    '| Field | Value |',
    '| --- | --- |',
    '| Author | Ada Okafor |',
    '| Org | Atlas Labs |',
    '',
    ...(p.problem
      ? [
          '# Abstract',
          '',
          'Canton app builders cannot see what their traffic costs, so 30 teams overpay every month.',
          '',
          '# Motivation',
          '',
          'Costs are opaque today.',
          '',
        ]
      : []),
    '# Specification',
    '',
    'We add a traffic summary API to the node.',
    '',
    ...(p.milestones
      ? [
          '# Milestones and Deliverables',
          '',
          'Three milestones over three months.',
          '',
          milestone(1, 'Summary API', '##'),
          milestone(2, 'Explorer view', '###'),
          milestone(3, 'Reward preview', '###'),
        ]
      : []),
    ...(p.budget
      ? [
          '# Funding',
          '',
          '**Total Funding Request: 300,000 CC**',
          '',
          '| Milestone | Amount (CC) | Trigger |',
          '| --- | --- | --- |',
          '| 1 | 100,000 | Acceptance |',
          '| 2 | 100,000 | Acceptance |',
          '| 3 | 100,000 | Acceptance |',
          '',
        ]
      : []),
    ...(p.team ? ['# Team', '', '- Ada Okafor, lead engineer: https://github.com/ada; maintains https://github.com/ada/canton-tools', ''] : []),
  )
}

/** xGov's template: a details block with the amount requested, Abstract, Team, Experience, Present Proposal with deliverables. */
function xgov(p: Parts): string {
  return md(
    '---',
    'title: Atlas indexer',
    'author: Ada Okafor (@ada)',
    ...(p.budget ? ['amount_requested: 40000'] : []),
    'status: Approved',
    '---',
    '',
    ...(p.problem ? ['## Abstract', '', 'Algorand wallet users wait 40 seconds for a balance, and 2,000 of them leave every month.', ''] : []),
    ...(p.team
      ? [
          '## Team',
          '',
          'Ada Okafor (https://github.com/ada), a backend engineer.',
          '',
          '## Experience with Algorand',
          '',
          'Ada built https://github.com/ada/algo-faucet, used by 40 teams.',
          '',
        ]
      : []),
    '## Present Proposal',
    '',
    'An indexer that answers balance queries in under 50 ms.',
    '',
    ...(p.milestones
      ? [
          '### Milestone 1: the indexer (6 weeks)',
          '',
          '- Deliverable: the indexer, open source on https://github.com/ada/atlas',
          '',
          '### Milestone 2: documentation (6 weeks)',
          '',
          '- Deliverable: documentation for wallet developers at https://github.com/ada/atlas/docs',
          '',
          'Delivery date: three months after funding.',
          '',
        ]
      : []),
    '## Benefits for the community',
    '',
    'Faster wallets for every Algorand user.',
  )
}

/** A template of phases: a description, phases with tasks and `item: quantity × rate = amount` lines, a budget breakdown after them. */
function phases(p: Parts): string {
  const phase = (n: number, weeks: number) =>
    md(
      `### Phase ${n}`,
      '',
      `Duration: ${weeks} weeks`,
      '',
      '#### Tasks',
      '',
      `- Build the phase ${n} module in https://github.com/atlas/core`,
      `- Document the phase ${n} module`,
      '',
      ...(p.budget
        ? [
            '#### Budget',
            '',
            `- Development: ${weeks} weeks x 40 hours x € 75 = € ${weeks * 3000}`,
            `- Devops: ${weeks} weeks x 8 hours x € 75 = € ${weeks * 600}`,
            '',
          ]
        : []),
    )
  return md(
    ...(p.problem ? ['## Description', '', 'Darwinia bridge users wait 20 minutes for a transfer, and 300 of them give up each week.', ''] : []),
    ...(p.team ? ['## Team', '', '- Ada Okafor: https://github.com/ada; built https://github.com/ada/bridge-ui', ''] : []),
    ...(p.milestones ? ['## Development Roadmap', '', phase(1, 4), phase(2, 3)] : []),
    ...(p.budget
      ? ['## Total Budget Requested', '', '| Item | Amount |', '| --- | --- |', '| Development | € 21000 |', '| Devops | € 4200 |', '', '**Total: € 25200**']
      : []),
  )
}

/** A foundation's template: numbered sections with a problem statement, a timeline of phases, a budget table and the people. */
function foundation(p: Parts): string {
  return md(
    '# Faster builds for the compiler',
    '',
    ...(p.problem
      ? [
          '## Abstract',
          '',
          'We cut compile times of the standard library.',
          '',
          '## Problem Statement',
          '',
          'Library maintainers wait 40 minutes for a full build, which 300 contributors do every week.',
          '',
        ]
      : []),
    ...(p.milestones
      ? [
          '## Timeline',
          '',
          '### Phase 1: Measurement',
          '',
          'Benchmarks merged upstream, weeks 1–4.',
          '',
          '### Phase 2: Caching',
          '',
          'A build cache released in the next version, weeks 5–10.',
          '',
        ]
      : []),
    ...(p.budget
      ? ['## Budget', '', '| Item | Cost |', '| --- | --- |', '| Engineering | 400 h × $90 |', '| CI machines | $2,000 fixed, for the benchmark runs |', '']
      : []),
    ...(p.team ? ['## People', '', '- Performers:', '  - Leader: Ada Okafor (https://github.com/ada), maintainer of https://github.com/ada/buildkit', ''] : []),
  )
}

const STYLES = {
  W3F: w3f,
  Canton: canton,
  xGov: xgov,
  'phases with line-item budgets': phases,
  'foundation (numbered, problem statement, people)': foundation,
} as const

const lintOf = (pitch: string, input: Partial<LintInput> = {}) => lint({ pitch, grant: { type: 'grant' }, ...input })
const missingOf = (findings: readonly Finding[]) => [...new Set(findings.filter((f) => f.missing && f.severity !== 'info').map((f) => f.missing))]

describe.each(Object.entries(STYLES))('a pitch in the %s style', (_, build) => {
  it('has every part when it is written in full', () => {
    const result = lintOf(build(ALL))
    expect(missingOf(result.findings)).toEqual([])
    expect(result.summary.missing).toBeUndefined()
  })

  it.each(PARTS)('without its %s is never “Ready to submit”, and says so with a warning', (part) => {
    const result = lintOf(build({ ...ALL, [part]: false }))
    expect(missingOf(result.findings)).toEqual([part])
    expect(result.findings.find((f) => f.missing === part)!.severity).toBe('warning')
    expect(result.summary.verdict).not.toMatch(/^Ready to submit/)
    expect(result.summary.missing).toEqual([part])
    expect(result.summary.verdict).toMatch(/^(?:Not ready yet: the pitch has no |Not ready: \d+ must fix)/)
  })
})

describe('the verdict of a pitch that lacks parts', () => {
  const f = (missing?: GuidancePart, severity: Finding['severity'] = 'warning'): Finding => ({
    ruleId: 'r',
    severity,
    message: 'm',
    hint: 'h',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    ...(missing ? { missing } : {}),
  })

  it('names what is missing, and counts the other warnings apart', () => {
    expect(summarize([f('budget')]).verdict).toBe('Not ready yet: the pitch has no budget.')
    expect(summarize([f('team'), f('milestones'), f()]).verdict).toBe(
      'Not ready yet: the pitch has no milestones or phases and no team, and 1 other point to improve.',
    )
    expect(summarize([f('budget')])).toMatchObject({ ready: true, warnings: 1, missing: ['budget'] })
  })

  it('leads with the errors when there are any, and ignores a missing part noted as info', () => {
    expect(summarize([f(undefined, 'error'), f('budget')]).verdict).toBe('Not ready: 1 must fix, 1 to improve.')
    expect(summarize([f('budget', 'info')]).verdict).toBe('Ready to submit: every check passes.')
  })
})

describe('a grant known not to ask for a part', () => {
  const bare = md(
    '# Atlas',
    '',
    'Lumen wallet users wait 40 seconds for a balance, and 2,000 of them leave every month.',
    '',
    '## About me',
    '',
    'Ada Okafor (https://github.com/ada), who built https://github.com/ada/faucet.',
  )

  it('a bounty: no budget and no milestones are noted, and the pitch can be ready', () => {
    const result = lintOf(bare, { grant: { type: 'bounty' } })
    expect(result.findings.filter((f) => f.ruleId === 'budget-itemized' || f.ruleId === 'milestones-count').map((f) => [f.ruleId, f.severity])).toEqual([
      ['budget-itemized', 'info'],
      ['milestones-count', 'info'],
    ])
    expect(result.summary.missing).toBeUndefined()
    expect(result.findings.find((f) => f.ruleId === 'budget-itemized')!.message).toContain('the grant is a bounty')
  })

  it('a template with no budget: the missing budget is noted, saying why', () => {
    const template = md(
      '# [Your project name]',
      '',
      '## Problem',
      '<!-- Who has which problem? -->',
      '',
      '## Milestones',
      '<!-- 3 to 5, with deliverables and weeks. -->',
      '',
      '## Team',
      '<!-- Who you are. -->',
    )
    const result = lintOf(bare, { grant: { type: 'grant', template } })
    expect(result.findings.find((f) => f.ruleId === 'budget-itemized')).toMatchObject({
      severity: 'info',
      message: 'The pitch states no budget, and the grant’s template asks for none.',
    })
    // The template asks for milestones: their absence is still the warning it always is.
    expect(missingOf(result.findings)).toEqual(['milestones'])
  })

  it('a template that names costs anywhere (a hint, a label) asks for the budget', () => {
    const template = md('# [Your project name]', '', '## Milestones', '<!-- Each with its cost in USD. -->')
    expect(missingOf(lintOf(bare, { grant: { type: 'grant', template } }).findings)).toContain('budget')
  })

  it('nothing known of the grant: the guidance applies in full', () => {
    expect(missingOf(lint({ pitch: bare }).findings).sort()).toEqual(['budget', 'milestones'])
  })
})
