// @vitest-environment jsdom
/**
 * "Applied (date)" and "Draft" for the grants the applicant has worked on: worked out from the
 * drafts listing and the applications record, shown on the grant detail.
 */
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ApplicationRecord, DraftSummary, GrantsGetOutput } from '../../../../src/shared/ipc'
import { GrantDetailView } from '../../../../src/renderer/src/features/grants/GrantDetail'
import { myGrantStatusText, myGrantStatuses } from '../../../../src/renderer/src/state/grants/myGrants'
// The day as the reader's locale writes it (dates.test.ts pins locales).
import { day } from '../../../../src/shared/text'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'
const APP_1 = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'
const APP_2 = '8a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d'

const draft = (id: string, grantId: string): DraftSummary => ({
  state: 'ok',
  id,
  fileName: `${id}.md`,
  version: 'a'.repeat(64),
  grantId,
  grantTitle: 'T',
  grantDeadline: '2026-12-01T00:00:00.000Z',
  status: 'draft',
  applicationId: null,
  updatedAt: '2026-11-20T00:00:00.000Z',
  review: { openThreads: 0, approval: 'none', text: 'not approved yet', unreadable: 0, approvals: { counted: 0, required: 1 }, authors: [], notCounted: [] },
})

const application = (applicationId: string, grantId: string, submittedAt: string): ApplicationRecord => ({
  applicationId,
  grantId,
  grantTitle: 'T',
  status: 'pending',
  message: 'ok',
  submittedAt,
  draftId: null,
})

describe('myGrantStatuses', () => {
  it('says Applied with the first application’s date over any drafts, Draft (or n drafts) otherwise, and nothing for other grants', () => {
    const statuses = myGrantStatuses(
      [draft('a-1', A), draft('a-2', A), draft('b-1', B), draft('b-2', B), { state: 'damaged', id: 'x', fileName: 'x.md', version: 'v', reason: 'r' }],
      [application(APP_2, A, '2026-11-22T09:00:00.000Z'), application(APP_1, A, '2026-11-12T09:00:00.000Z')],
    )
    expect(statuses.get(A)).toEqual({ kind: 'applied', at: '2026-11-12T09:00:00.000Z', applicationId: APP_1 })
    expect(statuses.get(B)).toEqual({ kind: 'draft', drafts: 2 })
    expect(statuses.has(C)).toBe(false)
    expect(myGrantStatusText(statuses.get(A)!)).toBe(`Applied ${day('2026-11-12T09:00:00.000Z')}`)
    expect(myGrantStatusText(statuses.get(B)!)).toBe('2 drafts')
    expect(myGrantStatusText({ kind: 'draft', drafts: 1 })).toBe('Draft')
  })
})

describe('GrantDetailView', () => {
  const data: GrantsGetOutput = {
    grant: {
      id: A,
      title: 'Rust tooling fund',
      description: 'Funds tools.',
      reward: '40,000 USDC',
      deadline: '2026-12-01T00:00:00.000Z',
      application_schema: null,
      template_md: '## Problem',
      _apply_endpoint: `POST /api/build/${A}/apply`,
      status: 'open',
    },
    fetchedAt: '2026-11-21T12:00:00.000Z',
    fromCache: false,
    cacheReason: null,
  }
  const noop = () => {}
  const view = (myStatus?: Parameters<typeof GrantDetailView>[0]['myStatus']) =>
    render(
      <GrantDetailView
        data={data}
        now={Date.parse('2026-11-21T12:00:00Z')}
        drafts={[]}
        draftsError={null}
        creating={false}
        createError={null}
        onRetry={noop}
        onRetryDrafts={noop}
        onStartDraft={noop}
        onOpenDraft={noop}
        myStatus={myStatus}
      />,
    )

  it('shows the applicant’s status among the facts', () => {
    view({ kind: 'applied', at: '2026-11-12T09:00:00.000Z', applicationId: APP_1 })
    const status = screen.getByTestId('my-grant-status')
    expect(status.textContent).toBe(`Applied ${day('2026-11-12T09:00:00.000Z')}`)
    expect(within(status.closest('dl')!).getByText('Your status')).toBeTruthy()
  })

  it('shows no status for a grant the applicant has not touched', () => {
    view()
    expect(screen.queryByTestId('my-grant-status')).toBeNull()
    expect(screen.queryByText('Your status')).toBeNull()
  })
})
