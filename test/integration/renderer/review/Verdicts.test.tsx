// @vitest-environment jsdom
/**
 * Verdicts: Approve saves the draft and approves the version saved; each reviewer's latest
 * verdict is then judged against the text on screen, so an edit turns "Ada approved" into "Ada
 * approved an earlier version", with a diff of exactly what changed since.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { ReviewPanel } from '../../../../src/renderer/src/features/review/ReviewPanel'
import { useReview } from '../../../../src/renderer/src/state/review'
import { type Harness, startHarness } from './harness'

const PITCH = '# Tools\n\nWe build fast tools for grant writers.\n\nWe ask for 10,000 USDC.'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

function verdictLines(): string[] {
  return [...screen.getByTestId('review-panel').querySelectorAll('.reviewer-verdict-text')].map((line) => line.firstChild!.textContent!.trim())
}

describe('Verdicts', () => {
  it('approves the saved version, then says the approval is of an earlier version with the changed words', async () => {
    // Ada reviews Cy's draft.
    harness = await startHarness({ pitch: PITCH, withForm: true, customFields: { project_name: 'Grant Desk' }, createdBy: 'Cy' })
    const user = userEvent.setup()
    render(<ReviewPanel />)
    expect(screen.getByText('Nobody has approved this draft or asked for changes yet.')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('review-authors').textContent).toContain('Written by Cy.'))

    await user.click(screen.getByTestId('verdict-approve'))
    await waitFor(() => expect(verdictLines()).toEqual(['Ada approved']))
    const saved = useEditor.getState().draft!
    expect(harness.calls.filter((call) => call.channel === 'reviews.setVerdict').map((call) => call.input)).toEqual([
      { draftId: harness.draft.id, verdict: 'approve', note: '', baseVersion: saved.version },
    ])
    expect(screen.getByTestId('verdict-approve').textContent).toBe('Approve')
    expect(screen.getByTestId('review-policy').textContent).toContain('Approved by Ada')
    expect(screen.queryByTestId('verdict-not-counted')).toBeNull()

    act(() => {
      useEditor.getState().setPitch(PITCH.replace('fast tools', 'quick tools').replace('10,000', '12,000'))
      useEditor.getState().setField('project_name', 'Grant Desk Pro')
    })
    await waitFor(() => expect(verdictLines()).toEqual(['Ada approved an earlier version']))

    const changes = screen.getByText('Changes since Ada approved')
    await user.click(changes)
    const details = changes.closest('details')!
    expect(details.open).toBe(true)
    const diff = within(details).getByLabelText('Changes to the pitch')
    expect([...diff.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['fast', '10'])
    expect([...diff.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['quick', '12'])
    expect(within(details).getByRole('listitem').textContent).toBe('Project name: was Grant Desk → now Grant Desk Pro')

    // Back to the approved text: approved again, nothing to show.
    act(() => {
      useEditor.getState().setPitch(PITCH)
      useEditor.getState().setField('project_name', 'Grant Desk')
    })
    await waitFor(() => expect(verdictLines()).toEqual(['Ada approved']))
  })

  it('offers an author Approve only as a note: saved first, shown as not counted', async () => {
    harness = await startHarness({ pitch: PITCH })
    const user = userEvent.setup()
    render(<ReviewPanel />)
    await waitFor(() => expect(screen.getByTestId('verdict-approve').textContent).toBe('Approve (as a note)'))
    expect(screen.getByTestId('verdict-author-note').textContent).toBe(
      'You wrote this draft, so your verdict is recorded as a note for your teammates and does not count toward approval.',
    )
    // Typed but not saved yet: Approve saves it first, and approves what was saved.
    act(() => useEditor.getState().setPitch(`${PITCH}\n`))
    await user.click(screen.getByTestId('verdict-approve'))
    await waitFor(() => expect(verdictLines()).toEqual(['Ada approved']))
    expect(useEditor.getState().draft!.pitch).toBe(`${PITCH}\n`)
    expect(screen.getByTestId('verdict-not-counted').textContent).toBe('Not counted: Ada wrote this draft, so Ada’s own approval does not count.')
    expect(screen.getByTestId('review-policy').textContent).toBe('Not approved yet · the author’s own approval does not count')
    expect(screen.getByText('You approved this version, as a note: an author’s approval does not count.')).toBeTruthy()
  })

  it('says who requested changes and what they asked, then that changes were made since', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const onDisk = await ben.call('drafts.get', { id: harness.draft.id })
    await ben.call('reviews.setVerdict', {
      draftId: harness.draft.id,
      verdict: 'request-changes',
      note: 'Add milestones.\nWith dates.',
      baseVersion: onDisk.version,
    })
    await act(() => useReview.getState().refresh())
    render(<ReviewPanel />)
    expect(verdictLines()).toEqual(['Ben requested changes: Add milestones.\nWith dates.'])

    act(() => useEditor.getState().setPitch(`${PITCH}\n\n## Milestones\n\n1. March: beta.`))
    await waitFor(() => expect(verdictLines()).toEqual(['Changes made since Ben’s request']))
    expect(screen.getByTestId('review-panel').querySelector('.reviewer-verdict')!.textContent).toContain('They asked: Add milestones.\nWith dates.')
  })
})
