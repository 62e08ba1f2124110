/**
 * Every guidance rule has a fixture that triggers it (`<rule-id>/fail.md`) and one that passes it
 * (`<rule-id>/pass.md`), and a complete pitch that follows all the guidance passes every rule.
 * The review rules judge review records, which a pitch file cannot carry: review.test.ts
 * builds real records for them.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ALL_RULES } from '../../../../src/shared/checklist'
import { REVIEW_RULE_IDS } from '../../../../src/shared/checklist/rules/review'
import { FIXTURES, lintFixture } from '../../../support/checklist'

describe.each(ALL_RULES.map((rule) => [rule.id, rule] as const))('rule %s', (id, rule) => {
  it('is described: title, severity, description', () => {
    expect(id).toMatch(/^[a-z]+(?:-[a-z]+)*$/)
    expect(rule.title.length).toBeGreaterThan(3)
    expect(rule.description.length).toBeGreaterThan(20)
    expect(['error', 'warning', 'info']).toContain(rule.severity)
  })
})

describe('every rule id', () => {
  it('is unique', () => {
    expect(new Set(ALL_RULES.map((rule) => rule.id)).size).toBe(ALL_RULES.length)
  })
})

describe.each(ALL_RULES.filter((rule) => !REVIEW_RULE_IDS.has(rule.id)).map((rule) => [rule.id, rule] as const))('guidance rule %s', (id) => {
  it('is triggered by its failing fixture, with a message and a hint', () => {
    const file = join(FIXTURES, id, 'fail.md')
    expect(existsSync(file), `${file} is missing`).toBe(true)
    const findings = lintFixture(file).findings.filter((f) => f.ruleId === id)
    expect(findings.length).toBeGreaterThan(0)
    for (const finding of findings) {
      expect(finding.message.length).toBeGreaterThan(10)
      expect(finding.hint.length).toBeGreaterThan(10)
      expect(finding.line).toBeGreaterThanOrEqual(1)
      expect(finding.endLine).toBeGreaterThanOrEqual(finding.line)
    }
  })

  it('is passed by its passing fixture', () => {
    const file = join(FIXTURES, id, 'pass.md')
    expect(existsSync(file), `${file} is missing`).toBe(true)
    expect(lintFixture(file).findings.filter((f) => f.ruleId === id)).toEqual([])
  })
})

describe('a pitch that follows all the guidance', () => {
  it('passes every rule: no errors, no warnings, no infos', () => {
    const result = lintFixture(join(FIXTURES, 'good-pitch.md'))
    expect(result.findings).toEqual([])
    expect(result.summary.ready).toBe(true)
  })
})

describe('merge-conflict', () => {
  it('spans the whole conflict block, from <<<<<<< to >>>>>>>', () => {
    const findings = lintFixture(join(FIXTURES, 'merge-conflict', 'fail.md')).findings.filter((f) => f.ruleId === 'merge-conflict')
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({ severity: 'error', line: 5, endLine: 9 })
  })
})
