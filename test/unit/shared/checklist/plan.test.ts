/**
 * The plan rules (milestones, budget, deliverables, timeline, audit): the readers of milestones
 * and budgets in their three written forms, and the decisions of each rule.
 */
import { describe, expect, it } from 'vitest'
import { lint, parsePitch } from '../../../../src/shared/checklist'
import type { LintInput, Rule } from '../../../../src/shared/checklist'
import {
  auditPlan,
  budgetCoverage,
  budgetItemized,
  budgetTotal,
  deliverablesConcrete,
  findMilestoneSection,
  hoursTimesRate,
  milestoneParts,
  milestonePayment,
  milestonesCount,
  milestonesMatchBudget,
  readBudget,
  readMilestones,
  timelineLength,
} from '../../../../src/shared/checklist/rules/plan'
import type { ProjectKind } from '../../../../src/shared/draft-file'

const GRANT = { title: 'Test grant', reward: '50,000 USDC', deadline: '2099-01-01T00:00:00.000Z' }

function run(pitch: string, rules: Rule[], extra: Partial<LintInput> = {}) {
  return lint({ pitch, schema: null, fields: {}, grant: GRANT, ...extra }, rules).findings
}

function milestonesOf(pitch: string) {
  const section = findMilestoneSection(parsePitch(pitch))
  expect(section).toBeDefined()
  return readMilestones(section!)
}

function budgetOf(pitch: string) {
  const doc = parsePitch(pitch)
  const section = doc.sections.find((s) => /budget/i.test(s.title))
  expect(section).toBeDefined()
  return readBudget(section!)
}

const TABLE = `# Tracekit

## Milestones

Each milestone is paid on completion, after the reviewers accept its criteria.

| Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |
| --- | --- | --- | --- | --- |
| M1 Core decoder | Repository https://github.com/t/t | CI passes with 85% coverage | 4 | 10,000 |
| M2 SDK | npm package, docs at https://t.dev/docs | Example app traces a testnet transaction | 5 | 12,000 |
| M3 Viewer | Demo deployed at https://demo.t.dev | Renders 500 frames in under 1 second | 4 | 9,000 |
`

const SUBSECTIONS = `# Tracekit

## Milestones

Payment for each milestone is released after the reviewers accept it.

### Milestone 1: Core decoder

- Deliverables: repository https://github.com/t/t
- Completion criteria: CI passes with 85% coverage
- Amount: $10,000
- Timeline: 4 weeks

### Milestone 2: SDK (5 weeks, $12,000)

**Deliverables:** npm package and docs at https://t.dev/docs
**Done when:** the example app traces a testnet transaction

### Milestone 3: Viewer

Deliverables: demo deployed at https://demo.t.dev. Criteria: renders 500 frames in under 1 second. Budget: 9k USDC. Duration: 1 month.
`

const LIST = `# Tracekit

## Roadmap

1. **M1 – Core decoder** ($10,000, weeks 1–4)
   - Deliverables: repository https://github.com/t/t
   - Done when: CI passes with 85% coverage
2. **SDK** — 12,000 USD — 5 weeks
   - Deliverables: docs at https://t.dev/docs
   - Criteria: the example app traces a testnet transaction
3. Viewer: demo deployed at https://demo.t.dev, done when it renders 500 frames in under 1 second; 4 weeks; $9,000
`

describe('readMilestones', () => {
  it('reads a table by its header names', () => {
    const milestones = milestonesOf(TABLE)
    expect(milestones.map((m) => [m.name, m.amountUsd, m.weeks, m.layout])).toEqual([
      ['Core decoder', 10_000, 4, 'table'],
      ['SDK', 12_000, 5, 'table'],
      ['Viewer', 9_000, 4, 'table'],
    ])
    expect(milestones[0]!.deliverables).toContain('github.com/t/t')
    expect(milestones[1]!.criteria).toBe('Example app traces a testnet transaction')
    expect(milestones.map((m) => m.position.line)).toEqual([9, 10, 11])
  })

  it('reads "### Milestone N" subsections with labelled, bold or inline parts', () => {
    const milestones = milestonesOf(SUBSECTIONS)
    expect(milestones.map((m) => [m.name, m.amountUsd, m.weeks, m.layout])).toEqual([
      ['Core decoder', 10_000, 4, 'subsection'],
      ['SDK', 12_000, 5, 'subsection'],
      ['Viewer', 9_000, 4.345, 'subsection'],
    ])
    expect(milestones[1]!.criteria).toBe('the example app traces a testnet transaction')
    expect(milestones[2]!.deliverables).toContain('https://demo.t.dev')
    expect(milestones.map((m) => m.position.line)).toEqual([7, 14, 19])
  })

  it('reads a list, one item per milestone, with nested or inline parts', () => {
    const milestones = milestonesOf(LIST)
    expect(milestones.map((m) => [m.name, m.amountUsd, m.weeks, m.layout])).toEqual([
      ['Core decoder', 10_000, 4, 'list'],
      ['SDK', 12_000, 5, 'list'],
      ['Viewer', 9_000, 4, 'list'],
    ])
    expect(milestones[0]!.criteria).toBe('CI passes with 85% coverage')
    expect(milestones[2]!.criteria).toContain('renders 500 frames')
    expect(milestones.map((m) => m.position.line)).toEqual([5, 8, 11])
  })

  it('reads consecutive "## Milestone N" sections as one milestones section', () => {
    const pitch = `# X

## Milestone 1: Decoder

Amount: $5,000. Timeline: 4 weeks. Deliverables: repo. Criteria: tests pass.

## Milestone 2: SDK

Amount: $6,000. Timeline: 2 months. Deliverables: docs. Criteria: 3 users.

## Budget

Development.
`
    expect(milestonesOf(pitch).map((m) => m.name)).toEqual(['Decoder', 'SDK'])
  })
})

describe('milestones-count', () => {
  // Issue 21: funded proposals of several programs have no milestones, so none at all is a
  // warning; it marks the part missing, so the verdict never calls the pitch ready.
  it('is a warning marking the plan missing when there is no plan at all, at the document start', () => {
    const [finding] = run('# X\n\n## Problem\n\nSlow.\n', [milestonesCount])
    expect(finding).toMatchObject({ severity: 'warning', line: 1, missing: 'milestones' })
  })

  it('is a warning marking the plan missing when the section lists nothing it can read as milestones', () => {
    const [finding] = run('# X\n\n## Milestones\n\nWe will see.\n', [milestonesCount])
    expect(finding).toMatchObject({ severity: 'warning', line: 3, missing: 'milestones' })
  })

  // Severity policy (README): a count outside 3–5 is a note (info), not a warning.
  it('notes a count outside 3 to 5, and accepts 3 in any form', () => {
    const six = `## Milestones\n\n${[1, 2, 3, 4, 5, 6].map((n) => `- M${n} Part ${n}: $1,000, 1 week`).join('\n')}\n`
    expect(run(six, [milestonesCount])).toEqual([expect.objectContaining({ severity: 'info', line: 1 })])
    expect(run(six, [milestonesCount])[0]!.message).toContain('6 milestones')
    for (const pitch of [TABLE, SUBSECTIONS, LIST]) expect(run(pitch, [milestonesCount])).toEqual([])
  })
})

describe('milestone-parts', () => {
  it('passes complete milestones in all three forms', () => {
    for (const pitch of [TABLE, SUBSECTIONS, LIST]) expect(run(pitch, [milestoneParts])).toEqual([])
  })

  it('reports each incomplete milestone at its own line, naming what is missing', () => {
    const pitch = `## Milestones

| Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |
| --- | --- | --- | --- | --- |
| M1 Decoder | Repository https://github.com/t/t | CI passes | 4 | 10,000 |
| M2 | Repository https://github.com/t/t | Tests pass | | 5,000 |
| M3 Viewer | A nice viewer | It is good | 4 | |
`
    const findings = run(pitch, [milestoneParts])
    expect(findings.map((f) => f.line)).toEqual([6, 7])
    expect(findings[0]!.message).toBe('Milestone 2 lacks a name and a timeline in weeks.')
    expect(findings[1]!.message).toContain('Milestone 3 “Viewer” lacks a USD amount, named deliverables and testable completion criteria')
    expect(findings[1]!.hint).toMatch(/repository URL/)
  })

  it('reports a subsection milestone at its heading', () => {
    const pitch = SUBSECTIONS.replace('- Amount: $10,000\n', '')
    const findings = run(pitch, [milestoneParts])
    expect(findings).toEqual([expect.objectContaining({ line: 7, message: 'Milestone 1 “Core decoder” lacks a USD amount.' })])
  })

  // Issue 21: costs count in any currency; a column headed in ETH is ETH, never taken for USD.
  it('does not take an amount in another currency for USD, and reads it as that currency', () => {
    const pitch = TABLE.replace('Amount (USD)', 'Payment (ETH)')
    expect(milestonesOf(pitch).map((m) => [m.amountUsd, m.amountOther])).toEqual([
      [null, '10,000 ETH'],
      [null, '12,000 ETH'],
      [null, '9,000 ETH'],
    ])
    expect(run(pitch, [milestoneParts])).toEqual([])
  })
})

describe('milestone-payment', () => {
  it.each([
    'Each milestone is paid on completion.',
    'Payment upon acceptance of each milestone by the reviewers.',
    'The funds for a milestone are released after its criteria are accepted.',
    'We invoice on completion of each milestone.',
  ])('accepts "%s"', (sentence) => {
    expect(run(`## Milestones\n\n${sentence}\n\n- M1 A: $1, 1 week\n`, [milestonePayment])).toEqual([])
  })

  it('warns at the milestones heading when nothing ties payment to completion', () => {
    const pitch = '# X\n\n## Milestones\n\nWe release v1 after the audit.\n\n- M1 A: $1, 1 week\n'
    expect(run(pitch, [milestonePayment])).toEqual([expect.objectContaining({ line: 3 })])
  })
})

describe('budget readers', () => {
  it.each([
    ['320 h × $100', 32_000],
    ['120 hours at $80/h', 9_600],
    ['10 days x 500 USD', 5_000],
    ['$100/h × 320 h', 32_000],
    ['$80 per hour for 120 hours', 9_600],
    ['2 engineers, 160 person-hours @ $90', 14_400],
  ])('reads hours × rate in "%s"', (text, product) => {
    expect(hoursTimesRate(text).map((r) => r.product)).toEqual([product])
  })

  it.each(['$2,400', 'fixed: 12 months of hosting', '$200/month', 'v2 × 3'])('finds no hours × rate in "%s"', (text) => {
    expect(hoursTimesRate(text)).toEqual([])
  })

  it('takes the Total row of a table, not the sum', () => {
    const budget = budgetOf(`## Budget

| Item | Hours × rate or fixed cost | Rationale | Amount (USD) |
| --- | --- | --- | --- |
| Development | 320 h × $100 | Decoder and SDK | 32,000 |
| Hosting | fixed | Archive node for 12 months | 2,400 |
| **Total** | | | **40,000** |
`)
    expect(budget.items.map((i) => [i.label, i.amount, i.hoursTimesRate, i.fixed])).toEqual([
      ['Development', 32_000, true, false],
      ['Hosting', 2_400, false, true],
    ])
    expect(budget.total).toMatchObject({ amount: 40_000, computed: false, position: { line: 7 } })
  })

  it('computes the total from the items when no Total is written, and reads separate Hours and Rate columns', () => {
    const budget = budgetOf(`## Budget

| Component | Hours | Rate | Notes |
| --- | --- | --- | --- |
| Engineering | 200 | $90 | two developers |
| Docs | 20 | $90 | guides |
`)
    expect(budget.items.map((i) => [i.label, i.amount, i.hoursTimesRate])).toEqual([
      ['Engineering', 18_000, true],
      ['Docs', 1_800, true],
    ])
    expect(budget.total).toMatchObject({ amount: 19_800, computed: true, position: { line: 1 } })
  })

  it('reads a list budget and a "Total:" line', () => {
    const budget = budgetOf(`## Budget

- Development: 120 hours at $80/h = $9,600
- Hosting: $200/month × 12 = $2,400 for the archive node
- **Audit:** $8,000 fixed — quote from an independent firm

Total requested: 20,000 USD
`)
    expect(budget.items.map((i) => [i.label, i.amount, i.hoursTimesRate, i.fixed, i.position.line])).toEqual([
      ['Development', 9_600, true, false, 3],
      ['Hosting', 2_400, false, true, 4],
      ['Audit', 8_000, false, true, 5],
    ])
    expect(budget.total).toMatchObject({ amount: 20_000, computed: false, position: { line: 7 } })
  })
})

describe('budget-itemized', () => {
  it('warns at the document start without a budget section', () => {
    expect(run('# X\n\n## Team\n\nMe.\n', [budgetItemized])).toEqual([
      expect.objectContaining({
        line: 1,
        severity: 'warning',
        missing: 'budget',
        message: 'The pitch has no budget: no budget section, and no costs, total or amounts per milestone anywhere.',
      }),
    ])
  })

  it('reports each item lacking a rate or a fixed cost, or a fixed cost lacking its rationale, at its line', () => {
    const findings = run(
      `## Budget

| Item | Cost | Rationale |
| --- | --- | --- |
| Development | 320 h × $100 | |
| Hosting | $2,400 | |
| Documentation | | a guide and an API reference |
| Audit | $5,000 | external review of the contracts |
`,
      [budgetItemized],
    )
    expect(findings.map((f) => [f.line, f.message])).toEqual([
      [6, '“Hosting” is a fixed cost of $2,400 with no rationale.'],
      [7, '“Documentation” has neither hours × rate nor a fixed cost.'],
    ])
  })

  it('asks for at least two items', () => {
    expect(run('## Budget\n\n- Everything: $40,000 for the whole project\n', [budgetItemized])[0]!.message).toContain('single item')
  })
})

describe('budget-coverage', () => {
  const budget = (rows: string) => `## Budget\n\n| Item | Basis | Rationale | Amount |\n| --- | --- | --- | --- |\n${rows}`
  const rows =
    '| Development | 100 h × $100 | SDK | 10,000 |\n| Hosting | fixed | RPC node for a year | 1,000 |\n| Documentation | 10 h × $100 | guides | 1,000 |\n'

  it('requires an audit only when the work includes smart contracts', () => {
    expect(run(`# A CLI\n\n${budget(rows)}`, [budgetCoverage])).toEqual([])
    const contract = run(`# A vault\n\nWe write the vault in Solidity.\n\n${budget(rows)}`, [budgetCoverage])
    expect(contract.map((f) => f.message)).toEqual(['The budget has no item for audits (an audit is needed because the pitch mentions “Solidity”).'])
  })

  it('names every missing category', () => {
    const [finding] = run(budget('| Development | 100 h × $100 | SDK | 10,000 |\n| Marketing | fixed | launch posts and talks | 2,000 |\n'), [budgetCoverage])
    expect(finding!.message).toBe('The budget has no item for infrastructure and documentation.')
  })
})

describe('budget-total', () => {
  const pitch = (title: string, total: string, solution = '') =>
    `# ${title}\n\n${solution}\n\n## Budget\n\n| Item | Basis | Rationale | Amount |\n| --- | --- | --- | --- |\n| Development | fixed | the whole build, two engineers | ${total} |\n| Documentation | fixed | guides and reference | 0 |\n| Total | | | ${total} |\n`

  it('infers the kind from how the pitch describes itself', () => {
    expect(run(pitch('Tracekit: a tracing SDK for Arcadia', '42,000'), [budgetTotal])).toEqual([])
    const [finding] = run(pitch('Devnet: a command-line tool for local networks', '42,000'), [budgetTotal])
    expect(finding).toMatchObject({ severity: 'warning', line: 11 })
    expect(finding!.message).toBe(
      'The budget total, $42,000, is above the typical approved range for small tooling ($5,000–$20,000; kind inferred from “command-line”, “tool”).',
    )
  })

  it('lets the declared project_kind override the inferred kind', () => {
    const text = pitch('Devnet: a command-line tool for local networks', '42,000')
    expect(run(text, [budgetTotal], { projectKind: 'sdk' as ProjectKind })).toEqual([])
    const [finding] = run(pitch('Tracekit: a tracing SDK', '12,000'), [budgetTotal], { projectKind: 'application' })
    expect(finding!.message).toContain('below the typical approved range for a full application or protocol ($50,000–$150,000; kind declared in project_kind)')
  })

  it('gives an info, not a warning, when the kind cannot be told', () => {
    const unknown = run(pitch('Devnet', '42,000'), [budgetTotal])
    expect(unknown).toEqual([expect.objectContaining({ severity: 'info' })])
    expect(unknown[0]!.message).toContain("declare project_kind in the draft's front matter")
    const tie = run(pitch('Devnet: a CLI and an SDK', '42,000'), [budgetTotal])
    expect(tie).toEqual([expect.objectContaining({ severity: 'info' })])
    expect(tie[0]!.message).toContain('an SDK or library (“SDK”) and small tooling (“CLI”)')
  })

  it('warns when the total asks for more than the grant offers', () => {
    const findings = run(pitch('Tracekit: a tracing SDK', '55,000'), [budgetTotal])
    expect(findings).toEqual([
      expect.objectContaining({ severity: 'warning', message: 'The budget total, $55,000, asks for more than the grant offers (50,000 USDC).' }),
    ])
    const capped = run(pitch('Tracekit: a tracing SDK', '42,000'), [budgetTotal], { grant: { ...GRANT, reward: 'Up to 30K in stablecoins' } })
    expect(capped.map((f) => f.message)).toEqual(['The budget total, $42,000, asks for more than the grant offers (Up to 30K in stablecoins).'])
    // A reward in tokens cannot be compared.
    expect(run(pitch('Tracekit: a tracing SDK', '42,000'), [budgetTotal], { grant: { ...GRANT, reward: '30K ARB' } })).toEqual([])
  })

  it('warns when no total can be found', () => {
    const [finding] = run('## Budget\n\n- Development: to be agreed with the reviewers\n- Documentation: included in development\n', [budgetTotal])
    expect(finding).toMatchObject({ severity: 'warning', line: 1 })
  })
})

describe('milestones-match-budget', () => {
  const budget = (total: string) =>
    `\n## Budget\n\n| Item | Basis | Rationale | Amount |\n| --- | --- | --- | --- |\n| Development | 310 h × $100 | everything | 31,000 |\n| **Total** | | | **${total}** |\n`

  it('reports both sums when they differ by more than 1%', () => {
    const findings = run(TABLE + budget('42,000'), [milestonesMatchBudget])
    expect(findings).toEqual([expect.objectContaining({ line: 3 })])
    expect(findings[0]!.message).toBe('The milestone amounts add up to $31,000 but the budget total is $42,000 (a difference of $11,000).')
  })

  it('accepts sums within 1%, and says nothing when a side is missing', () => {
    expect(run(TABLE + budget('31,200'), [milestonesMatchBudget])).toEqual([])
    expect(run(TABLE, [milestonesMatchBudget])).toEqual([])
    expect(run(TABLE.replace('| 9,000 |', '| |') + budget('42,000'), [milestonesMatchBudget])).toEqual([])
  })
})

describe('deliverables-concrete', () => {
  const complete = `## Deliverables

- Repository: https://github.com/t/t with 85% test coverage
- Documentation: https://t.dev/docs
- Usage metrics: weekly npm downloads on a public dashboard
`

  it('asks for a deployed address only for contract work', () => {
    expect(run(`# An SDK\n\n${complete}`, [deliverablesConcrete])).toEqual([])
    const [finding] = run(`# A vault\n\nWritten in Solidity.\n\n${complete}`, [deliverablesConcrete])
    expect(finding!.message).toBe(
      'The section “Deliverables” does not name a deployed contract address (an address is expected because the pitch mentions “Solidity”).',
    )
  })

  it('names every missing artifact, and falls back to the milestones', () => {
    const [finding] = run('## Deliverables\n\n- A great tool\n- Happy developers\n', [deliverablesConcrete])
    expect(finding!.message).toBe('The section “Deliverables” does not name a repository, documentation, a test coverage target and usage metrics.')
    const [fallback] = run(TABLE, [deliverablesConcrete])
    expect(fallback).toMatchObject({ line: 3 })
    expect(fallback!.message).toContain('milestones’ deliverables do not name usage metrics')
  })
})

describe('timeline-length', () => {
  const timeline = (text: string) => `# X\n\n## Timeline\n\n${text}\n`

  // Severity policy (README): over 12 months moved from error to warning (a judgement, not a refusal).
  it('warns over 12 months, saying it is not realistic', () => {
    const findings = run(timeline('The project runs for 14 months.'), [timelineLength])
    expect(findings).toEqual([expect.objectContaining({ severity: 'warning', line: 3, message: expect.stringContaining('not realistic') })])
  })

  it('reads a date range', () => {
    expect(run(timeline('From 1 March 2027 to 30 April 2028.'), [timelineLength])).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringContaining('over 12 months') }),
    ])
    expect(run(timeline('We work from February to May 2027.'), [timelineLength])).toEqual([])
  })

  it('adds up a schedule by milestone rather than taking one milestone for the whole', () => {
    const table =
      '| Milestone | Dates |\n| --- | --- |\n| M1 | 1 Feb 2027 – 28 Feb 2027 |\n| M2 | 1 Mar 2027 – 30 Apr 2027 |\n| M3 | 1 May 2027 – 31 May 2027 |'
    expect(run(timeline(table), [timelineLength])).toEqual([]) // February to May
    expect(run(timeline('Milestone 1 takes 4 weeks.\nMilestone 2 takes 5 weeks.\nMilestone 3 takes 4 weeks.'), [timelineLength])).toEqual([])
    expect(run(timeline('Milestones 1 to 4 take 16 weeks in total.'), [timelineLength])).toEqual([])
  })

  // Severity policy (README): a short plan is a note (info); a long one a warning.
  it('warns over 6 months and notes under 2', () => {
    expect(run(timeline('The whole work takes 6 weeks.'), [timelineLength])).toEqual([expect.objectContaining({ severity: 'info' })])
    expect(run(timeline('Total: 9 months.'), [timelineLength])).toEqual([expect.objectContaining({ severity: 'warning' })])
    expect(run(timeline('The work takes 17 weeks (about 4 months). Each milestone takes about 4 weeks.'), [timelineLength])).toEqual([])
  })

  it('falls back to the milestones’ weeks, and gives an info when nothing tells', () => {
    expect(run(TABLE, [timelineLength])).toEqual([]) // 13 weeks
    const short = TABLE.replace('| 4 | 10,000 |', '| 1 | 10,000 |').replace('| 5 | 12,000 |', '| 1 | 12,000 |').replace('| 4 | 9,000 |', '| 1 | 9,000 |')
    expect(run(short, [timelineLength])).toEqual([expect.objectContaining({ severity: 'info', line: 3 })])
    expect(run('# X\n\nWe will build it.\n', [timelineLength])).toEqual([expect.objectContaining({ severity: 'info', line: 1 })])
  })
})

describe('audit-plan', () => {
  it('says nothing when the work includes no smart contracts', () => {
    expect(run('# Tracekit\n\nAn SDK for smart contract developers. It deploys no contracts.\n', [auditPlan])).toEqual([])
  })

  it.each([
    'The vault is written in Solidity.',
    'We deploy the vault contract to testnet.',
    'Our Move modules hold the escrow.',
    'The escrow is an on-chain program.',
  ])('asks for an audit plan for contract work: "%s"', (sentence) => {
    const findings = run(`# Vault\n\n${sentence}\n`, [auditPlan])
    expect(findings).toEqual([expect.objectContaining({ line: 3 })])
  })

  it('accepts an audit with a when or a by whom, not a bare mention', () => {
    const base = '# Vault\n\nThe vault is written in Solidity.\n\n'
    expect(run(`${base}The contracts are audited by Zellic before the mainnet launch.\n`, [auditPlan])).toEqual([])
    expect(run(`${base}## Audit plan\n\nAn independent auditor reviews the contracts in milestone 3.\n`, [auditPlan])).toEqual([])
    expect(run(`${base}We care about audits.\n`, [auditPlan])).toHaveLength(1)
  })
})

describe('QA review fixes', () => {
  describe('milestones written as prose', () => {
    it('reads paragraphs opening with “The first milestone (…)”, “**Milestone N: …**” or “M1”', () => {
      const ordinal = milestonesOf(`## Milestones

Each milestone is paid on completion.

The first milestone ($4,000, 3 weeks) is the parser and validator: a grammar in https://github.com/n/lsp, accepted when 120 manifests parse.

The second milestone ($4,500, 3 weeks) adds completion and hover, released as version 0.2 on npm. It is accepted when completion returns in under 200 ms.

The third milestone ($3,500, 2 weeks) ships the VS Code extension and the docs at https://lsp.dev. It is accepted when the extension installs on VS Code 1.90.
`)
      expect(ordinal.map((m) => [m.name, m.amountUsd, m.weeks])).toEqual([
        ['parser and validator', 4000, 3],
        ['completion and hover', 4500, 3],
        ['VS Code extension and the docs', 3500, 2],
      ])
      const bold = milestonesOf(`## Milestones

**Milestone 1: Parser** ($4,000, 3 weeks). A grammar in https://github.com/n/lsp, accepted when 120 manifests parse.

**Milestone 2: Hover** ($4,500, 3 weeks). Hover docs on npm, accepted when it returns in under 200 ms.

M3 Extension ($3,500, 2 weeks): the extension and docs at https://lsp.dev, accepted when it installs.
`)
      expect(bold.map((m) => [m.name, m.amountUsd, m.weeks, m.position.line])).toEqual([
        ['Parser', 4000, 3, 3],
        ['Hover', 4500, 3, 5],
        ['Extension', 3500, 2, 7],
      ])
    })

    it('reads a bold label line followed by a list of its parts as one milestone', () => {
      const pitch = `## Milestones

Every milestone is paid on completion.

**Milestone 1: Signing core — $12,000, weeks 1–4**

- Deliverable: repository https://github.com/w/w
- Completion criteria: CI green with 85% coverage
- Duration: 4 weeks

**Milestone 2: SDK — $14,000, weeks 5–9**

- Deliverable: npm package and docs at https://w.dev/docs
- Completion criteria: example sends 100 operations on testnet
- Duration: 5 weeks

**Milestone 3: Demo — $12,000, weeks 10–13**

- Deliverable: demo deployed at https://demo.w.dev
- Completion criteria: demo runs 10 minutes with zero prompts
- Duration: 4 weeks
`
      const milestones = milestonesOf(pitch)
      expect(milestones.map((m) => [m.name, m.amountUsd, m.weeks, m.position.line])).toEqual([
        ['Signing core', 12000, 4, 5],
        ['SDK', 14000, 5, 11],
        ['Demo', 12000, 4, 17],
      ])
      expect(milestones[0]!.criteria).toBe('CI green with 85% coverage')
      expect(run(pitch, [milestonesCount, milestoneParts])).toEqual([])
    })
  })

  describe('timeline-length', () => {
    const milestones = (weeks: number[]) =>
      `## Milestones\n\n| Milestone | Weeks | Amount (USD) |\n| --- | --- | --- |\n${weeks.map((w, i) => `| M${i + 1} Part ${i + 1} | ${w} | 1,000 |`).join('\n')}\n`

    it('counts 8 weeks as 2 months, and prefers the dates to the weeks', () => {
      expect(run(`# X\n\n## Timeline\n\n8 weeks in total.\n`, [timelineLength])).toEqual([])
      expect(run(`# X\n\n## Timeline\n\n8 weeks, starting 1 April 2027 and ending 31 May 2027.\n`, [timelineLength])).toEqual([])
      const [dated] = run(`# X\n\n## Timeline\n\n10 weeks, from 1 April 2027 to 15 April 2027.\n`, [timelineLength])
      expect(dated!.message).toContain('(2 weeks, from the section “Timeline”, its dates)')
    })

    it('does not send a small grant to a bounty when the timeline is short', () => {
      const [finding] = run(
        `# X\n\n## Timeline\n\n4 weeks in total.\n\n## Budget\n\n- Development: 100 h × $80 = $8,000 (parser)\n- Documentation: $1,000 fixed (guides)\n`,
        [timelineLength],
      )
      expect(finding!.message).toContain('about 1 month (4 weeks')
      expect(finding!.hint).not.toContain('bounty')
    })

    it('warns when the stated total and the milestones’ weeks disagree by more than a quarter, with both numbers', () => {
      const [finding] = run(`# X\n\n${milestones([8, 10, 12])}\n## Timeline\n\n3 months.\n`, [timelineLength])
      expect(finding).toMatchObject({ severity: 'warning', line: 11 })
      expect(finding!.message).toBe(
        'The timeline states 13 weeks (about 3 months, from the section “Timeline”) but the milestones’ weeks add up to 30 weeks (about 6.9 months).',
      )
      expect(run(`# X\n\n${milestones([4, 5, 4])}\n## Timeline\n\n3 months.\n`, [timelineLength])).toEqual([])
    })
  })

  describe('budget-coverage', () => {
    it('counts hours × rate items that are not documentation, infrastructure or an audit as development', () => {
      const pitch = `## Budget

| Item | Hours | Rate (USD/h) | Cost (USD) | Rationale |
| --- | --- | --- | --- | --- |
| Grammar and validator | 45 | 80 | 3,600 | grammar, validation |
| Documentation | 20 | 80 | 1,600 | docs site |
| Infrastructure | – | fixed | 800 | hosting |
`
      expect(run(pitch, [budgetCoverage])).toEqual([])
    })
  })

  describe('contract work', () => {
    const noAudit = (body: string) => run(`# X\n\n${body}\n`, [auditPlan])

    it('ignores comparisons and honours an explicit “no new contracts are deployed”', () => {
      expect(noAudit('Session keys are native here, unlike chains where they need an extra smart-contract wallet deployment.')).toEqual([])
      expect(noAudit('We use the precompile instead of deploying contracts.')).toEqual([])
      expect(noAudit('The SDK calls audited smart contracts. No new contracts are deployed.')).toEqual([])
      expect(noAudit('The indexer is off-chain only; it reads Solidity events.')).toEqual([])
    })

    it('does not take any deployment to testnet for contract work (a subgraph, a front-end)', () => {
      expect(noAudit('The subgraph is deployed to testnet and fully synced.')).toEqual([])
      expect(noAudit('Deployed front-end, live on testnet.')).toEqual([])
    })

    it('detects contract kinds, deployments and contract toolchains, quoting the evidence', () => {
      const cases: Array<[string, string]> = [
        ['ArcLend is a set of isolated lending pool contracts.', 'lending pool contracts'],
        ['The vault is deployed to testnet in milestone 2.', 'vault is deployed to testnet'],
        ['Pools are built with Foundry.', 'Foundry'],
        ['Pools are written in Rust with ink!.', 'with ink!'],
        ['We write Clarity contracts for Stacks.', 'Clarity contracts'],
        ['The token is written in Sway.', 'written in Sway'],
      ]
      for (const [body, evidence] of cases) {
        const [finding] = noAudit(body)
        expect(finding?.message, body).toBe(
          `The work includes smart contracts, because the pitch mentions “${evidence}”, but the pitch has no audit plan saying who audits them and when.`,
        )
      }
    })
  })

  describe('audit-plan', () => {
    it('does not count a negated, after-launch or conditional audit', () => {
      const base = '# X\n\nThe pools are written in Solidity.\n\n## Security\n\n'
      expect(run(`${base}No audit is planned before mainnet.\n`, [auditPlan])).toHaveLength(1)
      expect(run(`${base}We will look into an audit after launch if TVL grows.\n`, [auditPlan])).toHaveLength(1)
      expect(run(`${base}The contracts are audited by Zellic before mainnet; a second audit follows after launch.\n`, [auditPlan])).toEqual([])
    })
  })

  describe('milestone-parts', () => {
    it('accepts named papers, reports, proposals and packages as deliverables, and a month as timing', () => {
      const pitch = `## Milestones

| Milestone | Deliverables | Completion criteria | When | Amount (USD) |
| --- | --- | --- | --- | --- |
| M1 Paper | paper submitted to IACR ePrint | accepted by 2 reviewers | Feb 2027 | 10,000 |
| M2 Proposal | an improvement proposal on the forum | accepted as draft by the editors | Month 2 | 10,000 |
| M3 Package | the package on crates.io | 90% test coverage | Months 3–4 | 10,000 |
`
      expect(run(pitch, [milestoneParts])).toEqual([])
      expect(milestonesOf(pitch).map((m) => m.weeks?.toFixed(1))).toEqual(['4.3', '4.3', '8.7'])
    })
  })

  describe('budget-total', () => {
    const budget =
      '## Budget\n\n| Item | Basis | Rationale | Amount |\n| --- | --- | --- | --- |\n| Development | 100 h × $100 | parser and server | 10,000 |\n| Documentation | 20 h × $100 | guides | 2,000 |\n| Total | | | 12,000 |\n'

    it('does not infer the kind from proper names, and says which words decided', () => {
      const lsp = `# arcadia-lsp\n\n## Solution\n\nI will build a Language Server Protocol (LSP) server, using the \`vscode-languageserver\` library, and a VS Code extension on the Marketplace.\n\n${budget}`
      expect(run(lsp, [budgetTotal])).toEqual([])
      const [finding] = run(`# Arcflow: a lending protocol\n\n${budget}`, [budgetTotal])
      expect(finding!.message).toContain('kind inferred from “protocol”')
    })

    it('reads “We request a total of $130,000” as the total', () => {
      const budgetText = '## Budget\n\nWe request a total of $130,000 to fund the full development over 18 months.\n'
      expect(budgetOf(`# X\n\n${budgetText}`).total).toMatchObject({ amount: 130_000, computed: false, position: { line: 5 } })
    })

    it('warns when the items add up to something else than the stated total, with both sums', () => {
      const pitch =
        '# Tracekit: a tracing SDK\n\n## Budget\n\n- Development: 300 h × $100 = $30,000 (SDK)\n- Infrastructure: $6,000 fixed (hosting)\n- Documentation: 80 h × $100 = $8,000 (guides)\n- Total: $40,000\n'
      const findings = run(pitch, [budgetTotal])
      expect(findings).toEqual([expect.objectContaining({ severity: 'warning', line: 8 })])
      expect(findings[0]!.message).toBe('The budget items add up to $44,000 but the budget total is $40,000 (a difference of $4,000).')
    })
  })

  describe('budget-itemized', () => {
    it('warns at the row whose hours × rate disagree with its amount by more than 1%', () => {
      const findings = run(
        `## Budget

| Item | Cost basis | Rationale | Amount (USD) |
| --- | --- | --- | --- |
| Development | 300 h × $100 | All SDK modules | 45,000 |
| Documentation | 50 h × $100 | Guides and API reference | 5,020 |
| **Total** | | | **50,020** |
`,
        [budgetItemized],
      )
      expect(findings.map((f) => [f.line, f.message])).toEqual([[5, '“Development” states $45,000, but its hours × rate come to $30,000.']])
    })
  })
})
