// @vitest-environment jsdom
/**
 * How a draft's review reads outside the editor, from what the real core answers: the drafts
 * table's Review column (drafts.list) and the submit confirmation (applications.preview),
 * which lists the threads still open as a warning and still lets the applicant submit.
 */
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftsTable } from '../../../../src/renderer/src/features/drafts/DraftsTable'
import { SubmitConfirmation } from '../../../../src/renderer/src/features/submit/SubmitConfirmation'
import { type Harness, quoteAt, startHarness } from './harness'

const PITCH = '# Tools\n\nWe build fast tools for grant writers.\n\nWe ask for 10,000 USDC.'

function quote(text: string, exact: string) {
  const start = text.indexOf(exact)
  return quoteAt(text, start, start + exact.length)
}

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

describe('Review brief', () => {
  it('shows each draft’s approval and open threads in the drafts table', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const { app, draft, ids } = harness
    const approved = await app.call('drafts.create', { grantId: ids.bounty, pitch: 'Approved as is.' })
    const stale = await app.call('drafts.create', { grantId: ids.open, pitch: 'Approved, then edited.' })

    // The draft under review: two open threads and a request for changes.
    await ben.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'pitch', quote: quote(PITCH, 'fast tools') }, body: 'Which?' })
    await ben.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Shorter, please.' })
    await ben.call('reviews.setVerdict', { draftId: draft.id, verdict: 'request-changes', note: '', baseVersion: draft.version })
    await ben.call('reviews.setVerdict', { draftId: approved.id, verdict: 'approve', note: '', baseVersion: approved.version })
    await ben.call('reviews.setVerdict', { draftId: stale.id, verdict: 'approve', note: '', baseVersion: stale.version })
    await app.call('drafts.save', { id: stale.id, pitch: 'Approved, then edited again.', customFields: {}, baseVersion: stale.version })

    // Ada's author records are written in the background after each draft is created.
    let { items } = await app.call('drafts.list')
    for (let tries = 0; tries < 200 && !items.every((item) => item.state === 'ok' && item.review.authors.length > 0); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      items = (await app.call('drafts.list')).items
    }
    render(<DraftsTable items={items} now={Date.now()} onOpen={() => {}} onDelete={() => {}} />)
    const review = (id: string) => {
      const cell = screen.getByRole('table').querySelector(`tr[data-draft-id="${id}"] [data-testid="draft-review"]`)!
      return { badge: cell.querySelector('.badge')?.textContent ?? null, text: cell.textContent }
    }
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Grant', 'Deadline', 'Status', 'Last edited', 'Review', 'Actions'])
    expect(review(draft.id)).toEqual({ badge: 'Changes requested', text: 'Changes requestedChanges requested by Ben2 open threadsWritten by Ada' })
    expect(review(approved.id)).toEqual({ badge: 'Approved', text: 'ApprovedApproved by BenWritten by Ada' })
    expect(review(stale.id)).toEqual({ badge: 'Approval out of date', text: 'Approval out of dateBen approved an earlier versionWritten by Ada' })
  })

  it('lists the open threads in the submit confirmation, as a warning that does not stop the submission', async () => {
    harness = await startHarness({ pitch: PITCH })
    const ben = await harness.teammate('Ben')
    const { app, draft } = harness
    await ben.call('reviews.addThread', {
      draftId: draft.id,
      anchor: { target: 'pitch', quote: quote(PITCH, 'We ask for 10,000 USDC.') },
      body: 'Too little?\nThink again.',
    })
    const data = await ben.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Add a team section.' })
    const resolvedOne = await ben.call('reviews.addThread', { draftId: draft.id, anchor: { target: 'draft' }, body: 'Typo in the title.' })
    await ben.call('reviews.setResolved', {
      draftId: draft.id,
      threadId: resolvedOne.threads.find((thread) => thread.body === 'Typo in the title.')!.id,
      resolved: true,
    })
    void data
    const preview = await app.call('applications.preview', { draftId: draft.id })

    render(<SubmitConfirmation preview={preview} now={Date.now()} onCancel={() => {}} onSubmit={() => {}} />)
    const section = screen.getByRole('region', { name: 'Team review' })
    expect(section.querySelector('p')!.textContent).toBe('Not approved yet.')
    expect(within(section).getByText(/^2 open threads:/).textContent).toBe('2 open threads: teammates’ comments nobody has resolved. You can still submit.')
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ben on pitch line 5: “We ask for 10,000 USDC.” — Too little?', 'Ben on the whole draft: Add a team section.'])
    // The review adds no gate of its own: only the checklist's errors need "Submit anyway".
    const anyway = screen.queryByRole('checkbox', { name: 'Submit anyway, with these problems' })
    expect(anyway !== null).toBe(preview.checklist.errors > 0)
    if (anyway) await userEvent.click(anyway)
    expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(false)
  })
})
