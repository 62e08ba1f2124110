// @vitest-environment jsdom
/**
 * A submitted draft is read-only and quiet, on a real core and sandbox: a teammate approved it,
 * the author edited it (the approval is now out of date) and submitted it. The editor's bar does
 * not say "Nothing blocks submitting, but…", no checklist item asks anyone to approve again, no
 * calendar reminder is offered, and the Drafts list shows no "Approval out of date" on it.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DraftEditor } from '../../../../src/renderer/src/features/editor/DraftEditor'
import { DraftsTable } from '../../../../src/renderer/src/features/drafts/DraftsTable'
import { useEditor, useEditorSide } from '../../../../src/renderer/src/state/editor'
import { type Harness, startHarness, until } from '../review/harness'

const PITCH = '# Fast tools\n\nWe build fast tools for grant writers.\n\n## Budget\n\nWe ask for 10,000 USDC.'
// Loaded at run time, as the harness loads the support modules (Node code outside this project).
const SUPPORT_SERVICE = '../../../support/service'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.dispose()
  harness = null
})

describe('a submitted draft', () => {
  it('shows no approval nag in the editor or the Drafts list, and offers no reminder', async () => {
    harness = await startHarness({ pitch: PITCH })
    const { app, draft } = harness
    const ben = await harness.teammate('Ben')
    await ben.call('reviews.setVerdict', { draftId: draft.id, verdict: 'approve', note: '', baseVersion: draft.version })
    const edited = await app.call('drafts.save', {
      id: draft.id,
      pitch: `${PITCH}\n\nEdited after the approval.`,
      customFields: {},
      baseVersion: draft.version,
    })
    const { USERS } = (await import(/* @vite-ignore */ SUPPORT_SERVICE)) as { USERS: { email: string; password: string }[] }
    await app.call('session.login', { email: USERS[0]!.email, password: USERS[0]!.password })

    // Before submitting, the stale approval is a finding (the nag this test proves goes away).
    let items = (await app.call('drafts.list')).items
    for (let tries = 0; tries < 200 && !items.every((item) => item.state === 'ok' && item.review.approval === 'stale'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      items = (await app.call('drafts.list')).items
    }
    const before = items.find((item) => item.id === draft.id)
    expect(before?.state === 'ok' && before.review.approval).toBe('stale')

    await app.call('applications.submit', { draftId: draft.id, submitAnyway: true })
    void edited
    await act(async () => {
      useEditor.getState().leave()
    })
    render(<DraftEditor id={draft.id} />)
    await screen.findByTestId('submitted-notice')
    await until(() => useEditorSide.getState().checklist !== null)
    const bar = screen.getByTestId('checklist-bar')
    await waitFor(() =>
      expect(screen.getByTestId('checklist-verdict').textContent).toBe('Submitted. The checklist shows the text as it was sent, for reference.'),
    )
    expect(bar.textContent).not.toMatch(/Nothing blocks submitting|warnings? point/)
    expect(screen.queryByTestId('checklist-counts')).toBeNull()
    // The review rules do not run on a sent draft: nobody is asked to approve again.
    expect(
      useEditorSide
        .getState()
        .checklist!.findings.map((finding) => finding.ruleId)
        .filter((id) => id.startsWith('review')),
    ).toEqual([])
    expect(document.body.textContent).not.toMatch(/approve again/i)
    expect(screen.queryByRole('button', { name: /calendar/i })).toBeNull()

    const listed = (await app.call('drafts.list')).items
    const row = listed.find((item) => item.id === draft.id)!
    expect(row.state === 'ok' && row.status).toBe('submitted')
    render(<DraftsTable items={listed} now={Date.now()} onOpen={() => {}} onDelete={() => {}} />)
    const cell = document.querySelector(`tr[data-draft-id="${draft.id}"] [data-testid="draft-review"]`)!
    expect(cell.textContent).not.toContain('Approval out of date')
    expect(cell.textContent).toContain('Review closed: submitted')
  })
})
