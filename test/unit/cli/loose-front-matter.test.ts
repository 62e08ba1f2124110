/**
 * A draft's front matter without `format:` (hand-written, or from an older version) is read as a
 * draft as far as its keys are valid (issue 21): the grant's form and the field values are used,
 * so empty required fields are reported; an invalid key is named at its line and ignored; a front
 * matter of another tool stays foreign, however its keys look.
 */
import { describe, expect, it } from 'vitest'
import { lintFile } from '../../../src/cli/lint-file'

const PITCH = '# Lumen faucet\n\nLumen contract developers wait 20 minutes for a funded test account.\n'

const HAND_WRITTEN = `---
grant:
  title: Lumen Tooling Grants
  reward: Up to 20,000 USD
  deadline: 2099-06-30T12:00:00.000Z
  application_schema:
    - name: project_name
      label: Project name
      type: text
      required: true
    - name: github_repository
      label: GitHub repository
      type: url
      required: true
    - name: website
      label: Website
      type: url
      required: false
custom_fields:
  project_name: Lumen faucet
  github_repository: ""
status: draft
---
${PITCH}`

describe('a front matter without format:', () => {
  it('reports its empty required and optional fields, because its form and values are read', () => {
    const { findings } = lintFile(HAND_WRITTEN)
    expect(findings.filter((f) => f.ruleId === 'required-fields')).toEqual([expect.objectContaining({ severity: 'error', field: 'github_repository' })])
    expect(findings.filter((f) => f.ruleId === 'optional-fields')).toEqual([expect.objectContaining({ field: 'website' })])
    expect(
      findings.some(
        (f) =>
          f.ruleId === 'front-matter' && f.severity === 'info' && f.message.includes('no “format:” line') && f.message.includes('grant, custom_fields, status'),
      ),
    ).toBe(true)
    expect(findings.some((f) => f.message.includes('not understood and ignored'))).toBe(false)
  })

  it('reports at its line a Grant Desk key it cannot use, and still uses the others', () => {
    const text = HAND_WRITTEN.replace('  deadline: 2099-06-30T12:00:00.000Z', '  deadline: end of June')
    const { findings } = lintFile(text)
    const line = text.split('\n').indexOf('  deadline: end of June') + 1
    expect(findings.find((f) => f.ruleId === 'front-matter' && f.severity === 'warning')).toMatchObject({
      line,
      message: expect.stringContaining('grant.deadline cannot be used'),
    })
    expect(findings.filter((f) => f.ruleId === 'required-fields')).toHaveLength(1)
  })

  it('reads the grant’s type: a bounty is checked as one', () => {
    const { findings } = lintFile(HAND_WRITTEN.replace('  reward: Up to 20,000 USD', '  reward: 2,000 USDC\n  type: bounty'))
    expect(findings.filter((f) => ['milestones-count', 'budget-itemized'].includes(f.ruleId)).every((f) => f.severity === 'info')).toBe(true)
  })

  it('without a form, says the fields could not be checked', () => {
    const { findings } = lintFile(`---\ncustom_fields:\n  project_name: Lumen faucet\n---\n${PITCH}`)
    expect(findings.find((f) => f.ruleId === 'required-fields')).toMatchObject({ severity: 'info', message: expect.stringContaining('form is not known') })
  })

  it('leaves another tool’s front matter foreign, even with a key named like one of ours (status, title)', () => {
    const { findings } = lintFile(`---\ntitle: Subscription Payments\nstatus: Approved\namount_requested: 50000\n---\n${PITCH}`)
    const notes = findings.filter((f) => f.ruleId === 'front-matter')
    expect(notes).toEqual([expect.objectContaining({ severity: 'info', message: expect.stringContaining('title, status, amount_requested') })])
  })
})
