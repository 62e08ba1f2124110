/**
 * The failure classes issue 21 found on proposals written for other programs' templates (each
 * as a small pitch of our own, no corpus text): the checklist reads the plan and the costs from
 * the structure and the words, wherever and however a pitch writes them.
 */
import { describe, expect, it } from 'vitest'
import { lint, parsePitch, summarize } from '../../../../src/shared/checklist'
import type { Finding, LintInput } from '../../../../src/shared/checklist'
import { costsOf, milestonePlan } from '../../../../src/shared/checklist/rules/plan/facts'
import { findMoney } from '../../../../src/shared/checklist/text'

const md = (...lines: string[]) => lines.join('\n')
const GRANT = { type: 'grant' as const }
const run = (pitch: string, input: Partial<LintInput> = {}) => lint({ pitch, grant: GRANT, ...input }).findings
const of = (findings: Finding[], ruleId: string) => findings.filter((f) => f.ruleId === ruleId)
const warnings = (findings: Finding[], ruleId: string) => of(findings, ruleId).filter((f) => f.severity !== 'info')
const planOf = (pitch: string) => milestonePlan(parsePitch(pitch))
const costs = (pitch: string) => costsOf(parsePitch(pitch))

describe('money in any currency', () => {
  it('reads euros, tokens and stablecoins with their currency, glued or spaced, European or English', () => {
    expect(
      findMoney('€ 3600, 8751.50 EUR, 1.234,50 €, 2,000 DOT, 100k ALGO, 50,000 Canton Coins, CC 120,000, 20,000USDT, 27 950 USD').map((m) => [
        m.value,
        m.currency,
        m.usd,
      ]),
    ).toEqual([
      [3600, '€', false],
      [8751.5, 'EUR', false],
      [1234.5, '€', false],
      [2000, 'DOT', false],
      [100000, 'ALGO', false],
      [50000, 'Canton Coins', false],
      [120000, 'CC', false],
      [20000, 'USDT', true],
      [27950, 'USD', true],
    ])
  })

  it('reads no money in codes next to counts that are not amounts', () => {
    expect(findMoney('2 AMD GPUs in 5 ms, deployed on MATIC 2.0 in 2024 for 3 months')).toEqual([])
  })
})

describe('a proposal that opens with its own details block', () => {
  const pitch = md(
    '---',
    'title: Subscription Payments',
    'author: Ada (@ada)',
    'amount_requested: 50000',
    'status: Approved',
    '---',
    '',
    '## Abstract',
    '',
    'Lumen merchants cannot charge a subscription on chain, so 300 shops bill by hand every month.',
  )

  it('reads the block as details, not as a heading made of every line, and its amount as the total', () => {
    const doc = parsePitch(pitch)
    expect(doc.sections.map((s) => s.title)).toEqual(['Abstract'])
    expect(doc.details.map((d) => [d.key, d.value])).toEqual([
      ['title', 'Subscription Payments'],
      ['author', 'Ada (@ada)'],
      ['amount_requested', '50000'],
      ['status', 'Approved'],
    ])
    expect(costs(pitch)).toMatchObject({ stated: true, total: { amount: 50000, computed: false } })
    expect(warnings(run(pitch), 'budget-itemized')).toEqual([])
  })

  it('is no details block when a line inside is prose, not YAML', () => {
    expect(parsePitch(md('---', 'Some text that is no key', '---', '', 'More.')).details).toEqual([])
  })
})

describe('a plan of phases with line-item budgets', () => {
  const phase = (n: number, weeks: number) =>
    md(
      `### Phase ${n}: Part ${n}`,
      '',
      `Duration: ${weeks} weeks`,
      '',
      '#### Tasks',
      '',
      `- Build the part ${n} module`,
      `- Write the part ${n} guide`,
      `- Test the part ${n} module in CI`,
      '',
      '#### Budget',
      '',
      `- Development: ${weeks} weeks x 40 hours x € 75 = € ${weeks * 40 * 75}`,
      `- Devops: ${weeks} weeks x 8 hours x € 75 = € ${weeks * 8 * 75}`,
      '',
    )
  const pitch = md(
    '# Atlas',
    '',
    'Lumen wallets take 40 seconds to sync, and 2,000 users leave every month.',
    '',
    '## Work plan',
    '',
    phase(1, 4),
    phase(2, 3),
    phase(3, 2),
    '## Total Budget Requested',
    '',
    '| Item | Amount |',
    '| --- | --- |',
    '| Development | € 10800 |',
    '| Devops | € 2160 |',
    '',
    '**Total: € 12960**',
  )

  it('reads each phase as one unit, not its task list as milestones', () => {
    const plan = planOf(pitch)
    expect(plan.milestones.map((m) => [m.number, m.name, m.weeks])).toEqual([
      [1, 'Part 1', 4],
      [2, 'Part 2', 3],
      [3, 'Part 3', 2],
    ])
    expect(warnings(run(pitch), 'milestone-parts').filter((f) => /deliverables|weeks|timeline/.test(f.message))).toEqual([])
  })

  it('reads the breakdown table after the phases and the bold total in euros', () => {
    const c = costs(pitch)
    expect(c.section?.title).toBe('Total Budget Requested')
    expect(c.budget?.items.map((i) => [i.label, i.amount, i.currency])).toEqual([
      ['Development', 10800, '€'],
      ['Devops', 2160, '€'],
    ])
    expect(c.total).toMatchObject({ amount: 12960, currency: '€', usd: false })
    const findings = run(pitch)
    expect(warnings(findings, 'budget-itemized')).toEqual([])
    expect(warnings(findings, 'budget-total')).toEqual([])
  })

  it('reads the cost lines under the phases as the budget when there is no budget section', () => {
    const lines = pitch.slice(0, pitch.indexOf('## Total Budget Requested'))
    const c = costs(lines)
    expect(c.budget?.items.map((i) => [i.label, i.amount, i.hoursTimesRate || i.priced])).toEqual([
      ['Development', 12000, true],
      ['Devops', 2400, true],
      ['Development', 9000, true],
      ['Devops', 1800, true],
      ['Development', 6000, true],
      ['Devops', 1200, true],
    ])
    expect(warnings(run(lines), 'budget-itemized')).toEqual([])
  })
})

describe('units written under other headings', () => {
  it('reads unit headings at any depth after a milestones heading that holds only a paragraph', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Milestones and Deliverables',
      '',
      'Three milestones of three weeks each.',
      '',
      '## Milestone 1 — Core',
      '',
      '**Estimated Delivery:** 3 weeks | **Funding:** 100,000 CC',
      '',
      '### Deliverables:',
      '',
      '- The `@atlas/core` package on npm',
      '',
      '### Milestone 2 — SDK',
      '',
      '**Estimated Delivery:** End of Week 6',
      '',
      '- A TypeScript SDK with docs',
      '',
      '### Milestone 3 — Launch',
      '',
      '**Estimated Delivery:** Month 3',
      '',
      '- Deployed on testnet at https://atlas.dev',
    )
    const plan = planOf(pitch)
    expect(plan.milestones.map((m) => [m.number, m.name, m.amountOther, m.weeks, m.when])).toEqual([
      [1, 'Core', '100,000 CC', 3, null],
      [2, 'SDK', null, null, 'End of Week 6'],
      [3, 'Launch', null, 4.345, 'Month 3'],
    ])
    // A date or a month of the plan is a timeline too.
    expect(of(run(pitch), 'milestone-parts').filter((f) => f.message.includes('timeline'))).toEqual([])
  })

  it('fills each unit’s amount from a payment table headed in another currency', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Milestones',
      '',
      '### Milestone 1: Core',
      '',
      'The `@atlas/core` package on npm.',
      '',
      '### Milestone 2: SDK',
      '',
      'A TypeScript SDK with docs.',
      '',
      '## Funding',
      '',
      '| Milestone | Amount (CC) | Trigger |',
      '| --- | --- | --- |',
      '| 1 – Core | 500,000 | Acceptance |',
      '| 2 – SDK | 700,000 | Acceptance |',
    )
    expect(planOf(pitch).milestones.map((m) => m.amountOther)).toEqual(['500,000 CC', '700,000 CC'])
  })

  it('fills amounts from a payment list, and reads a table of units whose rows continue on unlabelled rows', () => {
    const list = md(
      '# Atlas',
      '',
      '## Milestones',
      '',
      '### Milestone 1: Core',
      '',
      'The core package.',
      '',
      '### Milestone 2: SDK',
      '',
      'The SDK.',
      '',
      '## Payment Breakdown by Milestone',
      '',
      '* Milestone 1 (Core): 335,000 Canton Coin',
      '* Milestone 2 (SDK): 670,000 Canton Coin',
    )
    expect(planOf(list).milestones.map((m) => m.amountOther)).toEqual(['335,000 Canton Coin', '670,000 Canton Coin'])
    const table = md(
      '# Atlas',
      '',
      '## Resource allocation',
      '',
      '| Milestone | Task | Hours | Rate | Total ($) |',
      '| --- | --- | --- | --- | --- |',
      '| 1 | Contract | 60 | 25 | 1,500 |',
      '| | Hosting | - | - | 200 |',
      '| Milestone 1 Total | | 60 | | 1,700 |',
      '| 2 | UI | 40 | 25 | 1,000 |',
      '| **Grand Total** | | | | **2,700** |',
    )
    expect(planOf(table).milestones.map((m) => m.number)).toEqual([1, 2])
  })

  it('reads a plan without units (a deliverables list and a stated duration) as one piece of work: a warning, never “Ready to submit”', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Grant Information',
      '',
      '- Estimated Duration: 2 weeks',
      '- Cost: 1000 USD',
      '',
      '## Delivery Details',
      '',
      '- A Helm chart in https://github.com/atlas/deploy',
      '- Documentation for operators',
    )
    const findings = run(pitch)
    expect(planOf(pitch).how).toBe('whole')
    // Issue 33: one list of deliverables is no plan in milestones, so the pitch is never ready.
    expect(of(findings, 'milestones-count')).toEqual([expect.objectContaining({ severity: 'warning', missing: 'milestones' })])
    expect(summarize(findings).verdict).toMatch(/^Not ready yet: the pitch has .*no milestones or phases/)
    expect(warnings(findings, 'milestone-parts')).toEqual([])
    expect(warnings(findings, 'budget-itemized')).toEqual([])
  })

  it('reads numbered steps written at a phase’s depth as that phase’s steps, not as units', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Development Roadmap',
      '',
      '### **Phase 1**',
      '',
      'Estimated Duration: 4 weeks',
      '',
      'Cost: 2000 USD',
      '',
      '#### Tasks:',
      '',
      '### 1: Foundation',
      '',
      '1. Set up the project in https://github.com/atlas/ui',
      '',
      '### 2: Testing',
      '',
      '1. Test on testnet',
      '',
      '### **Phase 2**',
      '',
      'Estimated Duration: 1 week',
      '',
      'Cost: 500 USD',
      '',
      '1. Migrate the old users',
    )
    expect(planOf(pitch).milestones.map((m) => [m.number, m.amountUsd, m.weeks])).toEqual([
      [1, 2000, 4],
      [2, 500, 1],
    ])
    expect(planOf(pitch).milestones[0]!.deliverables).toContain('Test on testnet')
  })

  it('reads a total written as a sum as the sum', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Overview',
      '',
      '* **Total Costs:** 4000 USD + 4000 USD equivalent RING',
      '',
      '## Milestones',
      '',
      '### Milestone 1: Core',
      '',
      '* **Costs:** 4000 USD',
      '* Duration: 2 weeks',
      '',
      '### Milestone 2: UI',
      '',
      '* **Costs:** 4000 USD',
      '* Duration: 2 weeks',
    )
    expect(costs(pitch).total).toMatchObject({ amount: 8000, computed: false })
    expect(of(run(pitch), 'milestones-match-budget')).toEqual([])
  })

  it('does not take the phases of a future roadmap for the grant’s plan', () => {
    const pitch = md('# Atlas', '', '## Future Plans', '', '### Phase 1: Mainnet', '', 'Later.', '', '### Phase 2: Bridges', '', 'Later still.')
    expect(planOf(pitch).milestones).toEqual([])
  })

  it('reads a paragraph right above a rule as a paragraph, not a section titled by it', () => {
    const doc = parsePitch(
      md('# Atlas', '', '## Status', '', 'We have designed the login flow. Development starts on approval.', '---', '', '## Roadmap', '', 'Text.'),
    )
    expect(doc.sections.map((s) => s.title)).toEqual(['Atlas', 'Status', 'Roadmap'])
  })
})

describe('budgets written other ways', () => {
  it('takes only a heading about the budget for the budget section, not one that mentions a cost', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Traffic Cost Observability',
      '',
      'We expose traffic costs per envelope.',
      '',
      '## 7. Project Budget :moneybag:',
      '',
      '| Item | Cost |',
      '| --- | --- |',
      '| Development | $8,000 |',
      '| Hosting | $1,000 |',
    )
    expect(costs(pitch).section?.title).toBe('7. Project Budget :moneybag:')
  })

  it('reads price, quantity and total columns by their cells, and a total row whose other cells are dashes', () => {
    const pitch = md(
      '# Atlas',
      '',
      '## Budget Breakdown',
      '',
      '| Category | Item | Cost | Amount | Total | Description |',
      '| --- | --- | --- | --- | --- | --- |',
      '| Personnel | Lead developer | 5,000 USD | 3 FTE | 15,000 USD | Implementation and tests |',
      '| Personnel | Technical writer | 2,000 USD | 1 FTE | 2,000 USD | Guides |',
      '| --- | --- | --- | **Total** | **17,000 USD** | |',
    )
    const c = costs(pitch)
    expect(c.budget?.items.map((i) => [i.label, i.amount, i.priced])).toEqual([
      ['Lead developer', 15000, true],
      ['Technical writer', 2000, true],
    ])
    expect(c.total).toMatchObject({ amount: 17000, computed: false })
    expect(warnings(run(pitch), 'budget-itemized')).toEqual([])
  })

  it('asks no rationale or component coverage of a budget by milestone', () => {
    const pitch = md('# Atlas', '', '## Funding', '', '| Milestone | Amount |', '| --- | --- |', '| M1 | $4,000 |', '| M2 | $4,000 |', '| M3 | $4,000 |')
    const findings = run(pitch)
    expect(warnings(findings, 'budget-itemized')).toEqual([])
    expect(of(findings, 'budget-coverage')).toEqual([])
  })

  it('notes (not warns) a fixed cost without rationale, and documentation alone missing from a budget', () => {
    const pitch = md('# Atlas', '', '## Budget', '', '| Item | Cost |', '| --- | --- |', '| Programming | $17,000 |', '| Hardware | $5,000 |')
    const findings = run(pitch)
    expect(of(findings, 'budget-itemized').map((f) => f.severity)).toEqual(['info', 'info'])
    expect(of(findings, 'budget-coverage')).toEqual([expect.objectContaining({ severity: 'info', message: 'The budget has no item for documentation.' })])
  })

  it('does not hold a small budget to a range the grant itself does not reach, or for a plan as short as it', () => {
    const pitch = md(
      '# Atlas: a wallet application',
      '',
      '## Milestones',
      '',
      '| Milestone | Deliverables | Weeks | Amount (USD) |',
      '| --- | --- | --- | --- |',
      '| M1 App | https://github.com/a/b | 4 | 4,000 |',
      '| M2 Docs | docs | 2 | 2,000 |',
    )
    const below = (input: Partial<LintInput>) => of(run(pitch, input), 'budget-total').filter((f) => f.message.includes('below'))
    expect(below({ projectKind: 'application', grant: { ...GRANT, reward: 'Up to 10,000 USD' } })).toEqual([expect.objectContaining({ severity: 'info' })])
    expect(below({ projectKind: 'application' })).toEqual([expect.objectContaining({ severity: 'info' })])
  })
})

describe('sections that are not what their name suggests', () => {
  it('reads goals and objectives in words as the pitch’s aims (a note), and KPIs only in sections about measuring', () => {
    const goals = run(md('# Atlas', '', '## Objective', '', '- Make wallets fast', '- Make syncing reliable'))
    expect(of(goals, 'kpis-measurable')).toEqual([expect.objectContaining({ severity: 'info' })])
    const kpis = run(
      md(
        '# Atlas',
        '',
        '## Success Metrics',
        '',
        '### Current adoption',
        '',
        '- Used by several wallets',
        '',
        '### Targets',
        '',
        '- 500 installs by June 2027',
        '- Happy users',
      ),
    )
    expect(of(kpis, 'kpis-measurable').map((f) => f.message)).toEqual([
      '“Happy users” is not measurable: it has no number with a unit, no percentage and no date.',
    ])
  })

  it('notes an empty catch-all section instead of calling it a blank answer', () => {
    expect(of(run(md('# Atlas', '', 'Text.', '', '## Additional information')), 'blank-section')).toEqual([expect.objectContaining({ severity: 'info' })])
    expect(of(run(md('# Atlas', '', 'Text.', '', '## Technical approach')), 'blank-section')).toEqual([expect.objectContaining({ severity: 'error' })])
  })

  it('reads the opening before the first heading as the problem statement, not a later section nor the template’s quoted instructions', () => {
    const findings = run(
      md(
        '# Atlas',
        '',
        '> Describe your project here.',
        '',
        '## 1. Administrative information',
        '',
        'Ada builds it.',
        '',
        '## 3. Technical details',
        '',
        'Rust.',
      ),
    )
    expect(of(findings, 'problem-statement')).toEqual([expect.objectContaining({ severity: 'warning', missing: 'problem' })])
    expect(
      of(
        run(md('# Atlas', '', '## Brief Description', '', 'Lumen wallet users wait 40 seconds for a balance, and 2,000 of them leave each month.')),
        'problem-statement',
      ),
    ).toEqual([])
  })
})

describe('the team as other templates write it', () => {
  it('reads an experience section as prior work, and a stated career as prior work', () => {
    const findings = run(
      md(
        '# Atlas',
        '',
        '## Team',
        '',
        '- Ada Okafor, lead: https://github.com/ada',
        '',
        '## Experience with Lumen',
        '',
        'Ada built the Lumen faucet (https://github.com/ada/faucet), used by 40 teams.',
      ),
    )
    expect(warnings(findings, 'team-prior-work')).toEqual([])
    expect(warnings(findings, 'prior-project-linked')).toEqual([])
    expect(
      warnings(run(md('# Atlas', '', '## Team', '', '- Ada Okafor: 7 years of experience in embedded systems. https://github.com/ada')), 'team-prior-work'),
    ).toEqual([])
    expect(warnings(run(md('# Atlas', '', '## Team', '', '- Lars Berg (CTO - Protokol), advisor: https://linkedin.com/in/lars')), 'team-prior-work')).toEqual(
      [],
    )
    // A repository of the team's own (not the pitched project's) is something it built, shown.
    expect(warnings(run(md('# Atlas', '', '## Team Code Repos', '', '- https://github.com/ada/faucet')), 'team-prior-work')).toEqual([])
  })

  it('reads role groups over lists, person slots over their details, and leaves out reviewers, stakeholders and sentences', () => {
    const findings = run(
      md(
        '# Atlas',
        '',
        '## People',
        '',
        '- **Performers:**',
        '  - Leader: Ada Okafor (ada)',
        '  - Support: Tomás Reyes',
        '',
        '- **Team person #1**:',
        '  - Lin Wei',
        '  - Backend engineer',
        '',
        '- **Reviewers:** the maintainers of the core library',
        '',
        '- **Stakeholders:** anyone who uses the wallet',
        '',
        '- We also have internal stakeholders at two companies.',
      ),
    )
    const links = of(findings, 'team-links')
    expect(links).toHaveLength(1)
    expect(links[0]!.message).toContain('3 team members have no link')
    expect(links[0]!.message).toContain('“Ada Okafor”, “Tomás Reyes”, “Lin Wei”')
  })
})

describe('an optional field the pitch answers', () => {
  const schema = [
    { name: 'team_name', label: 'Team name', type: 'text' as const, required: false },
    { name: 'code_repository', label: 'Code repository', type: 'url' as const, required: false },
  ]
  it('is a note with the answer to copy: a label line, a details table row, a repository link', () => {
    const findings = run(md('# Atlas', '', '| Field | Value |', '| --- | --- |', '| Org | Atlas Labs |', '', 'Code at https://github.com/atlas/core.'), {
      schema,
      fields: {},
    })
    expect(of(findings, 'optional-fields').map((f) => [f.field, f.severity])).toEqual([
      ['team_name', 'info'],
      ['code_repository', 'info'],
    ])
    expect(of(findings, 'optional-fields')[0]!.message).toContain('“Atlas Labs”')
  })

  it('is a note when the pitch says there is none, and a warning when it says nothing', () => {
    expect(of(run(md('# Atlas', '', '* **Organization Name:** Not used'), { schema: [schema[0]!], fields: {} }), 'optional-fields')).toEqual([
      expect.objectContaining({ severity: 'info', message: expect.stringContaining('says there is none') }),
    ])
    expect(of(run('# Atlas\n\nText.', { schema: [schema[0]!], fields: {} }), 'optional-fields')).toEqual([expect.objectContaining({ severity: 'warning' })])
  })
})
