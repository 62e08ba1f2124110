import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type Finding, summarize } from '../../../../src/shared/checklist'
import { ChecklistPanel } from '../../../../src/renderer/src/features/editor/ChecklistPanel'

function finding(severity: Finding['severity'], message: string, line: number, endLine = line): Finding {
  return { ruleId: `rule-${message}`, severity, message, hint: `Hint for ${message}`, line, column: 1, endLine, endColumn: 1 }
}

const FINDINGS = [
  finding('error', 'Milestones have no dates', 12, 18),
  finding('warning', 'No team links', 30),
  finding('error', 'Budget is not itemized', 40, 44),
  finding('info', 'Consider a demo video', 2),
]

describe('ChecklistPanel', () => {
  it('shows the verdict and the findings grouped by severity with counts', () => {
    render(<ChecklistPanel result={{ findings: FINDINGS, summary: summarize(FINDINGS) }} onSelectLine={() => {}} />)
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Checklist')
    expect(screen.getByRole('status').textContent).toBe(summarize(FINDINGS).verdict)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Errors (2)', 'Warnings (1)', 'Notes (1)'])

    const errors = screen.getByRole('heading', { name: 'Errors (2)' }).parentElement!
    const buttons = within(errors).getAllByRole('button')
    expect(buttons.map((b) => b.querySelector('.finding-message')?.textContent)).toEqual(['Milestones have no dates', 'Budget is not itemized'])
    expect(buttons[0]!.textContent).toContain('line 12')
    expect(buttons[0]!.textContent).toContain('Hint for Milestones have no dates')
  })

  it('leaves out empty groups', () => {
    const only = [finding('warning', 'No team links', 30)]
    render(<ChecklistPanel result={{ findings: only, summary: summarize(only) }} onSelectLine={() => {}} />)
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Warnings (1)'])
  })

  it('says it is still checking before the first result', () => {
    render(<ChecklistPanel result={null} onSelectLine={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe('Checking the pitch…')
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('announces the verdict only when it turns, not at every change of a count', () => {
    const result = (findings: Finding[]) => ({ findings, summary: summarize(findings) })
    const two = [finding('error', 'A', 1), finding('error', 'B', 2)]
    const { rerender } = render(<ChecklistPanel result={result(two)} onSelectLine={() => {}} />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe(summarize(two).verdict)

    // Still errors, one fewer: the visible verdict changes, the announcement does not.
    const one = [finding('error', 'A', 1)]
    rerender(<ChecklistPanel result={result(one)} onSelectLine={() => {}} />)
    expect(screen.getByText(summarize(one).verdict, { selector: '.checklist-verdict' })).toBeTruthy()
    expect(status.textContent).toBe(summarize(two).verdict)

    // No errors left: that is worth hearing.
    const none = [finding('warning', 'C', 3)]
    rerender(<ChecklistPanel result={result(none)} onSelectLine={() => {}} />)
    expect(status.textContent).toBe(summarize(none).verdict)
  })

  it('selects the lines of a finding when it is clicked', async () => {
    const user = userEvent.setup()
    const onSelectLine = vi.fn()
    render(<ChecklistPanel result={{ findings: FINDINGS, summary: summarize(FINDINGS) }} onSelectLine={onSelectLine} />)
    await user.click(screen.getByRole('button', { name: /Budget is not itemized/ }))
    expect(onSelectLine).toHaveBeenCalledWith(40, 44)
    await user.click(screen.getByRole('button', { name: /No team links/ }))
    expect(onSelectLine).toHaveBeenLastCalledWith(30, 30)
  })
})
