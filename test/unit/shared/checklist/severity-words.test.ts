/**
 * The one vocabulary of severities a person reads: the app, the CLI's text and the review copy
 * all word a finding through this module, while the machine values (error | warning | info)
 * stay the contract's.
 */
import { describe, expect, it } from 'vitest'
import { SEVERITIES } from '../../../../src/shared/checklist'
import { SEVERITY_WORDS, severityCount, severityCounts, severityTag } from '../../../../src/shared/checklist/severity-words'

describe('severity words', () => {
  it('tags each severity with a word that says what to do', () => {
    expect(SEVERITIES.map(severityTag)).toEqual(['Must fix', 'Improve', 'Note'])
    expect(SEVERITIES.map((severity) => SEVERITY_WORDS[severity].heading)).toEqual(['Must fix', 'To improve', 'Notes'])
  })

  it('counts in the singular and the plural, with grouped thousands', () => {
    expect(severityCount('error', 1)).toBe('1 must fix')
    expect(severityCount('error', 2)).toBe('2 must fix')
    expect(severityCount('warning', 5)).toBe('5 to improve')
    expect(severityCount('info', 1)).toBe('1 note')
    expect(severityCount('info', 3)).toBe('3 notes')
    expect(severityCount('warning', 12000)).toBe('12,000 to improve')
  })

  it('joins the counts that are not zero, most pressing first', () => {
    expect(severityCounts({ errors: 2, warnings: 5, infos: 4 })).toBe('2 must fix, 5 to improve')
    expect(severityCounts({ errors: 0, warnings: 1 })).toBe('1 to improve')
    expect(severityCounts({ errors: 0, warnings: 0, infos: 2 }, { notes: true })).toBe('2 notes')
    expect(severityCounts({ errors: 0, warnings: 0 })).toBe('nothing to fix')
    expect(severityCounts({ errors: 0, warnings: 0 }, { zeros: true })).toBe('0 must fix, 0 to improve')
  })
})
