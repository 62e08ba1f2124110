// @vitest-environment jsdom
/** The bar above the editor: the checklist's verdict and counts, announced only when the verdict turns. */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type Finding, summarize } from '../../../../src/shared/checklist'
import { ChecklistBar } from '../../../../src/renderer/src/features/editor/ChecklistBar'

function finding(severity: Finding['severity'], message: string, line: number): Finding {
  return { ruleId: `rule-${message}`, severity, message, hint: 'h', line, column: 1, endLine: line, endColumn: 1 }
}
const result = (findings: Finding[]) => ({
  findings,
  summary: summarize(findings),
  sections: [
    { title: 'Problem', line: 2, endLine: 5, written: true },
    { title: 'Budget', line: 6, endLine: 9, written: false },
  ],
})

describe('ChecklistBar', () => {
  it('shows the verdict and the counts, and opens the checklist', async () => {
    const onOpen = vi.fn()
    const findings = [finding('error', 'A', 1), finding('error', 'B', 2), finding('warning', 'C', 3)]
    render(<ChecklistBar result={result(findings)} onOpen={onOpen} />)
    expect(screen.getByTestId('checklist-verdict').textContent).toBe(summarize(findings).verdict)
    expect(screen.getByTestId('checklist-counts').textContent).toBe('2 must fix · 1 to improve · 1 of 2 sections written')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open checklist' }))
    expect(onOpen).toHaveBeenCalledOnce()
  })

  it('says it is still checking before the first result', () => {
    render(<ChecklistBar result={null} onOpen={() => {}} />)
    expect(screen.getByRole('status').textContent).toBe('Checking the pitch…')
    expect(screen.queryByTestId('checklist-counts')).toBeNull()
  })

  it('announces the verdict only when it turns, not at every change of a count', () => {
    const two = [finding('error', 'A', 1), finding('error', 'B', 2)]
    const { rerender } = render(<ChecklistBar result={result(two)} onOpen={() => {}} />)
    const status = screen.getByRole('status')
    expect(status.textContent).toBe(summarize(two).verdict)

    // Still errors, one fewer: the visible verdict changes, the announcement does not.
    const one = [finding('error', 'A', 1)]
    rerender(<ChecklistBar result={result(one)} onOpen={() => {}} />)
    expect(screen.getByTestId('checklist-verdict').textContent).toBe(summarize(one).verdict)
    expect(status.textContent).toBe(summarize(two).verdict)

    // No errors left: that is worth hearing.
    const none = [finding('warning', 'C', 3)]
    rerender(<ChecklistBar result={result(none)} onOpen={() => {}} />)
    expect(status.textContent).toBe(summarize(none).verdict)
  })

  it('shows the score beside the verdict, as grant-desk lint gives it, and not once the draft is submitted', () => {
    const findings = [finding('warning', 'C', 3)]
    const scored = { ...result(findings), score: { score: 72, parts: [] } }
    const { rerender } = render(<ChecklistBar result={scored} onOpen={() => {}} />)
    expect(screen.getByTestId('checklist-verdict').textContent).toBe(`${summarize(findings).verdict.replace(/\.$/, '')} · 72`)
    expect(screen.getByTestId('checklist-score').getAttribute('aria-label')).toBe(', score 72 of 100')
    rerender(<ChecklistBar result={scored} onOpen={() => {}} submitted />)
    expect(screen.queryByTestId('checklist-score')).toBeNull()
  })
})
