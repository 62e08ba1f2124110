// @vitest-environment jsdom
/**
 * The checklist as a to-do list: findings by section in the pitch's order, progress, a section
 * not yet written as one item, a group of findings as one line opening to its parts, and
 * findings about the application form pointing at their field.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { SchemaField } from '../../../../src/shared/api'
import { type Finding, type LintResult, lint, summarize } from '../../../../src/shared/checklist'
import { ChecklistPanel } from '../../../../src/renderer/src/features/editor/ChecklistPanel'

function finding(severity: Finding['severity'], message: string, line: number, extra: Partial<Finding> = {}): Finding {
  return { ruleId: `rule-${message}`, severity, message, hint: `Hint for ${message}`, line, column: 1, endLine: line, endColumn: 1, ...extra }
}

const section = (title: string, line: number, endLine: number, written: boolean, prompt?: string) => ({ title, line, endLine, written, prompt })

function result(findings: Finding[], sections: LintResult['sections']): LintResult {
  return { findings, summary: summarize(findings), sections }
}

const blockTitles = () => screen.getAllByTestId('checklist-block').map((block) => within(block).getByRole('heading', { level: 3 }).textContent)

describe('ChecklistPanel', () => {
  it('lists findings under their sections in the pitch’s order, after the pitch-wide ones, and shows progress', () => {
    const findings = [
      finding('warning', 'Placeholder in the title', 1),
      finding('error', 'Budget is not itemized', 12, { section: 'Budget' }),
      finding('warning', 'No team links', 20, { section: 'Team' }),
      finding('info', 'Say how many users', 4, { section: 'Problem' }),
    ]
    const sections = [section('Problem', 3, 8, true), section('Budget', 9, 15, true), section('Team', 16, 22, true), section('Timeline', 23, 25, true)]
    render(<ChecklistPanel result={result(findings, sections)} onSelectLine={() => {}} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Checklist')
    expect(screen.getByTestId('checklist-progress').textContent).toContain('4 of 4 sections written')
    expect(blockTitles()).toEqual(['The pitch as a whole', 'Problem', 'Budget', 'Team', '✓ Timeline — done'])
    const budget = screen.getAllByTestId('checklist-block')[2]!
    const button = within(budget).getByRole('button')
    expect(button.textContent).toContain('Must fix')
    expect(button.textContent).toContain('Budget is not itemized')
    expect(button.textContent).toContain('line 12')
    expect(button.textContent).toContain('Hint for Budget is not itemized')
  })

  it('shows a section not yet written as one to-do with the template’s hint, whatever else its heading trips', () => {
    const findings = [
      finding('error', 'The section “Budget” is empty.', 9, { ruleId: 'blank-section', section: 'Budget' }),
      finding('error', 'No amounts found', 9, { section: 'Budget' }),
      finding('warning', 'No rates', 9, { section: 'Budget' }),
      finding('warning', 'Say how many users', 4, { section: 'Problem' }),
    ]
    const sections = [section('Problem', 3, 8, true), section('Budget', 9, 15, false, 'Itemize hours × rate.')]
    render(<ChecklistPanel result={result(findings, sections)} onSelectLine={() => {}} />)
    expect(screen.getByTestId('checklist-progress').textContent).toContain('1 of 2 sections written')
    const budget = screen.getAllByTestId('checklist-block')[1]!
    const items = within(budget).getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]!.textContent).toContain('Write this section')
    expect(items[0]!.textContent).toContain('Itemize hours × rate.')
    expect(items[0]!.textContent).toContain('3 checks wait for this section')
    expect(within(budget).queryByText(/No amounts found/)).toBeNull()
    // The written section lists its findings one by one.
    expect(within(screen.getAllByTestId('checklist-block')[0]!).getByRole('button').textContent).toContain('Say how many users')
  })

  it('collapses a fresh template into one to-do per section instead of a wall of errors', () => {
    const template = [
      '# [Your project name]',
      '',
      '## Problem statement',
      '<!-- One sentence. -->',
      '',
      '## Budget',
      '<!-- Itemize. -->',
      '',
      '## Team',
      '<!-- Names. -->',
      '',
    ].join('\n')
    const linted = lint({ pitch: template, schema: null, grant: { type: 'grant' } })
    render(<ChecklistPanel result={linted} onSelectLine={() => {}} />)
    expect(screen.getByTestId('checklist-progress').textContent).toContain('0 of 3 sections written')
    const todos = screen.getAllByTestId('checklist-write')
    expect(todos.map((todo) => todo.closest('[data-testid="checklist-block"]')!.querySelector('h3')!.textContent)).toEqual([
      'Problem statement',
      'Budget',
      'Team',
    ])
    expect(todos.map((todo) => todo.querySelector('.finding-message')?.textContent)).toEqual(['Write this section', 'Write this section', 'Write this section'])
    expect(todos[1]!.textContent).toContain('Itemize.')
    // Tagged with its findings' severity word, as every other item is (it was a fourth tag, "To write").
    expect(todos.map((todo) => todo.querySelector('.finding-tag')?.textContent)).toEqual(['Must fix', 'Must fix', 'Must fix'])
    // Each section's block holds its one to-do and nothing else.
    for (const name of ['Problem statement', 'Budget', 'Team']) {
      const block = screen.getAllByTestId('checklist-block').find((candidate) => candidate.querySelector('h3')?.textContent === name)!
      expect(within(block).getAllByRole('listitem')).toHaveLength(1)
    }
  })

  it('shows findings that share a group as one line that opens to its parts', async () => {
    const user = userEvent.setup()
    const onSelectLine = vi.fn()
    const group = { id: 'team-links:team-section', title: 'The Team section is missing: 2 checks could not pass.' }
    const findings = [finding('error', 'No team links', 1, { group }), finding('warning', 'No prior work', 1, { group })]
    render(<ChecklistPanel result={result(findings, [])} onSelectLine={onSelectLine} />)
    const line = screen.getByTestId('checklist-group')
    expect(line.querySelector('summary')!.textContent).toContain('The Team section is missing')
    expect(line.querySelector('summary')!.textContent).toContain('Must fix')
    expect(line.querySelector('summary')!.textContent).toContain('2 parts')
    expect(line.hasAttribute('open')).toBe(false)
    await user.click(screen.getByText(/The Team section is missing/))
    expect(line.hasAttribute('open')).toBe(true)
    await user.click(within(line).getByRole('button', { name: /No prior work/ }))
    expect(onSelectLine).toHaveBeenCalledWith(1, 1)
  })

  it('points a finding about a field at the field, by its `field` or, for the older field rules, by the label it quotes', async () => {
    const user = userEvent.setup()
    const onSelectField = vi.fn()
    const onSelectLine = vi.fn()
    const schema: SchemaField[] = [
      { name: 'project_name', label: 'Project name', type: 'text', required: true },
      { name: 'repo', label: 'Repository', type: 'url', required: false },
    ]
    const findings = [
      finding('error', 'The required field “Project name” is empty.', 1, { ruleId: 'required-fields' }),
      finding('error', 'The repository is not a web address.', 1, { ruleId: 'some-new-rule', field: 'repo' }),
    ]
    render(<ChecklistPanel result={result(findings, [])} schema={schema} onSelectLine={onSelectLine} onSelectField={onSelectField} />)
    expect(blockTitles()).toEqual(['Application fields'])
    const named = screen.getByRole('button', { name: /“Project name” is empty/ })
    expect(named.textContent).toContain('field Project name')
    expect(named.textContent).not.toContain('line 1')
    await user.click(named)
    expect(onSelectField).toHaveBeenLastCalledWith('project_name')
    await user.click(screen.getByRole('button', { name: /not a web address/ }))
    expect(onSelectField).toHaveBeenLastCalledWith('repo')
    expect(onSelectLine).not.toHaveBeenCalled()
  })

  it('says it is still checking before the first result', () => {
    render(<ChecklistPanel result={null} onSelectLine={() => {}} />)
    expect(screen.getByText('Checking the pitch…')).toBeTruthy()
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('selects the lines of a finding when it is clicked', async () => {
    const user = userEvent.setup()
    const onSelectLine = vi.fn()
    const findings = [
      finding('error', 'Milestones have no dates', 12, { endLine: 18, section: 'Plan' }),
      finding('warning', 'No team links', 30, { section: 'Team' }),
    ]
    render(<ChecklistPanel result={result(findings, [section('Plan', 10, 20, true), section('Team', 21, 40, true)])} onSelectLine={onSelectLine} />)
    await user.click(screen.getByRole('button', { name: /Milestones have no dates/ }))
    expect(onSelectLine).toHaveBeenCalledWith(12, 18)
    await user.click(screen.getByRole('button', { name: /No team links/ }))
    expect(onSelectLine).toHaveBeenLastCalledWith(30, 30)
  })
})
