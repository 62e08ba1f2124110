/** The score beside the verdict (issue 33): 0–100 from documented rules and weights, computed by the shared engine. */
import { describe, expect, it } from 'vitest'
import { DEFAULT_WEIGHT_SET, SCORE_RULES, WEIGHT_SETS, lint, ruleWeight, scorePitch, parsePitch } from '../../../../src/shared/checklist'

const md = (...lines: string[]) => lines.join('\n')

const strong = md(
  '# Atlas indexer',
  '',
  '## Problem',
  '',
  'Wallet users wait 40 seconds for a balance, and 2,000 of them leave every month.',
  '',
  '## Team',
  '',
  '- Ada Okafor (https://github.com/ada, https://linkedin.com/in/ada): built https://github.com/ada/algo-faucet, used by 40 teams.',
  '- Ben Ito (https://github.com/ben): maintains https://github.com/ben/indexer-kit.',
  '',
  '## Milestones',
  '',
  '| Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |',
  '| --- | --- | --- | --- | --- |',
  '| 1. Indexer | Open-source indexer in https://github.com/ada/atlas, documentation | Answers balance queries in under 50 ms | 4 | 6,000 |',
  '| 2. API | Public API in https://github.com/ada/atlas-api, documentation | 100 requests per second sustained | 4 | 5,000 |',
  '| 3. Launch | Deployed service, docs at https://github.com/ada/atlas-docs | 3 wallets integrated | 4 | 4,000 |',
  '',
  '## Budget',
  '',
  'Total: 15,000 USD over 12 weeks.',
)

const weak = md('# Atlas indexer', '', '## Deliverables', '', '- An indexer', '- Some documentation')

describe('the score', () => {
  it('is a whole number from 0 to 100 on every lint result, higher for a pitch with the evidence approved pitches have', () => {
    const high = lint({ pitch: strong, grant: { type: 'grant' } }).score!
    const low = lint({ pitch: weak, grant: { type: 'grant' } }).score!
    for (const s of [high, low]) {
      expect(Number.isInteger(s.score)).toBe(true)
      expect(s.score).toBeGreaterThanOrEqual(0)
      expect(s.score).toBeLessThanOrEqual(100)
    }
    expect(high.score).toBeGreaterThan(low.score + 30)
    expect(high.parts.map((p) => p.ruleId)).toEqual(SCORE_RULES.map((r) => r.id))
  })

  it('is the weighted share of each rule’s evidence, with the documented default weights', () => {
    const { score, parts } = lint({ pitch: strong, grant: { type: 'grant' } }).score!
    const total = parts.reduce((n, p) => n + p.weight, 0)
    expect(score).toBe(Math.round((100 * parts.reduce((n, p) => n + p.weight * p.points, 0)) / total))
    for (const rule of SCORE_RULES) {
      expect(ruleWeight(rule)).toBe(WEIGHT_SETS[DEFAULT_WEIGHT_SET]![rule.group])
      expect(rule.reason.length).toBeGreaterThan(40)
    }
  })

  it('is a pure function of the pitch, its fields and its findings: the same input scores the same', () => {
    const doc = parsePitch(strong)
    const findings = lint({ pitch: strong, grant: { type: 'grant' } }).findings
    const a = scorePitch({ doc, fields: {}, findings, projectKind: undefined })
    const b = scorePitch({ doc: parsePitch(strong), fields: {}, findings, projectKind: undefined })
    expect(a).toEqual(b)
    expect(a.score).toBe(lint({ pitch: strong, grant: { type: 'grant' } }).score!.score)
  })

  it('loses the blank-field points for a present but empty field, and a larger ask loses the ask points', () => {
    const filled = lint({ pitch: strong, fields: { team_members: 'Ada, Ben' }, grant: { type: 'grant' } }).score!
    const blank = lint({ pitch: strong, fields: { team_members: '' }, grant: { type: 'grant' } }).score!
    expect(blank.score).toBeLessThan(filled.score)
    const large = lint({ pitch: strong.replace('Total: 15,000 USD over 12 weeks.', 'Total: 400,000 USD over 12 weeks.'), grant: { type: 'grant' } }).score!
    expect(large.parts.find((p) => p.ruleId === 'modest-ask')!.points).toBeLessThan(filled.parts.find((p) => p.ruleId === 'modest-ask')!.points)
  })
})

describe('blank-fields', () => {
  it.each([
    ['unknown', undefined],
    ['free-form (no saved application_schema)', null],
  ] as const)('reports a present but empty field when the form is %s', (_, schema) => {
    const findings = lint({ pitch: strong, fields: { team_members: '', project_name: 'Atlas' }, schema, grant: { type: 'grant' } }).findings
    expect(findings.filter((f) => f.ruleId === 'blank-fields')).toEqual([expect.objectContaining({ severity: 'warning', field: 'team_members' })])
  })

  it('leaves a field of a known form to required-fields and optional-fields', () => {
    const schema = [{ name: 'team_members', label: 'Team members', type: 'text' as const, required: false }]
    const findings = lint({ pitch: strong, fields: { team_members: ' ' }, schema, grant: { type: 'grant' } }).findings
    expect(findings.filter((f) => f.ruleId === 'blank-fields')).toEqual([])
    expect(findings.filter((f) => f.ruleId === 'optional-fields')).toHaveLength(1)
  })
})
