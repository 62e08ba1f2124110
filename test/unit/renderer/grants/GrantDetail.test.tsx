// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DraftSummary, GrantsGetOutput } from '../../../../src/shared/ipc'
import { draftsForGrant, GrantDetailView, type GrantDetailViewProps, type GrantDraft } from '../../../../src/renderer/src/features/grants/GrantDetail'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const DAY = 86_400_000
const GRANT_ID = '11111111-1111-4111-8111-111111111111'

function detail(overrides: Partial<GrantsGetOutput['grant']> = {}, cache: Partial<GrantsGetOutput> = {}): GrantsGetOutput {
  return {
    grant: {
      id: GRANT_ID,
      title: 'Rust tooling fund',
      description: 'Funds **open-source** tools.',
      reward: '40,000 USDC',
      deadline: new Date(NOW + 20 * DAY).toISOString(),
      application_schema: [
        { name: 'website', label: 'Project website', type: 'url', required: true },
        { name: 'notes', label: 'Notes', type: 'textarea', required: false },
      ],
      template_md: '## Problem\n\n## Plan',
      _apply_endpoint: `POST /api/build/${GRANT_ID}/apply`,
      sponsor: 'Acme Foundation',
      status: 'open',
      track: 'Infrastructure',
      ...overrides,
    },
    fetchedAt: new Date(NOW - 5 * 60_000).toISOString(),
    fromCache: false,
    cacheReason: null,
    ...cache,
  }
}

function draft(id: string, updatedAt: string, grantId = GRANT_ID): GrantDraft {
  return {
    state: 'ok',
    id,
    fileName: `${id}.md`,
    version: 'a'.repeat(64),
    grantId,
    grantTitle: 'Rust tooling fund',
    grantDeadline: new Date(NOW + 20 * DAY).toISOString(),
    status: 'draft',
    applicationId: null,
    updatedAt,
    review: { openThreads: 0, approval: 'none', text: 'not approved yet', unreadable: 0, approvals: { counted: 0, required: 1 }, authors: [], notCounted: [] },
  }
}

function renderView(props: Partial<GrantDetailViewProps> = {}) {
  const handlers = { onRetry: vi.fn(), onRetryDrafts: vi.fn(), onStartDraft: vi.fn(), onOpenDraft: vi.fn() }
  render(<GrantDetailView data={detail()} now={NOW} drafts={[]} draftsError={null} creating={false} createError={null} {...handlers} {...props} />)
  return handlers
}

describe('draftsForGrant', () => {
  it('keeps this grant’s readable drafts, the most recently edited first', () => {
    const items: DraftSummary[] = [
      draft('older', '2026-11-01T10:00:00.000Z'),
      { state: 'damaged', id: 'broken', fileName: 'broken.md', version: 'b'.repeat(64), reason: 'no front matter' },
      draft('other-grant', '2026-11-20T10:00:00.000Z', '22222222-2222-4222-8222-222222222222'),
      draft('newer', '2026-11-15T10:00:00.000Z'),
    ]
    expect(draftsForGrant(items, GRANT_ID).map((d) => d.id)).toEqual(['newer', 'older'])
  })
})

describe('GrantDetailView', () => {
  it('shows the grant, its fields and its template, and starts a draft when there is none', async () => {
    const user = userEvent.setup()
    const { onStartDraft } = renderView()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rust tooling fund')
    expect(screen.getByTestId('grant-reward').textContent).toBe('40,000 USDC')
    expect(screen.getByTestId('grant-deadline').textContent).toContain('closes in 20 days')
    expect(screen.getByTestId('grant-description').querySelector('strong')?.textContent).toBe('open-source')
    const fields = screen.getByTestId('grant-fields').textContent
    expect(fields).toContain('Project website')
    expect(fields).toContain('required')
    expect(fields).toContain('optional')
    expect(screen.getByText('Show the template your draft starts from')).toBeTruthy()
    expect(screen.getByTestId('grant-template').textContent).toBe('## Problem\n\n## Plan')
    expect(screen.queryByRole('button', { name: 'Open draft' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start draft' }))
    expect(onStartDraft).toHaveBeenCalledTimes(1)
    expect(screen.queryByTestId('grant-closed')).toBeNull()
  })

  it('says a free-form application sends only the pitch', () => {
    renderView({ data: detail({ application_schema: null }) })
    expect(screen.getByTestId('grant-fields').textContent).toBe('Free-form application: only the pitch is sent.')
  })

  it('opens the newest draft, lists each one, and asks before starting a second', async () => {
    const user = userEvent.setup()
    const drafts = [draft('newer', '2026-11-15T10:00:00.000Z'), draft('older', '2026-11-01T10:00:00.000Z')]
    const { onOpenDraft, onStartDraft } = renderView({ drafts })
    expect(screen.queryByRole('button', { name: 'Start draft' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Open draft' }))
    expect(onOpenDraft).toHaveBeenLastCalledWith('newer')
    await user.click(screen.getByRole('button', { name: 'Open older.md' }))
    expect(onOpenDraft).toHaveBeenLastCalledWith('older')

    await user.click(screen.getByRole('button', { name: 'Start another draft' }))
    const dialog = screen.getByRole('dialog', { name: 'Start a second draft?' })
    expect(dialog.textContent).toContain('separate file')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(onStartDraft).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Start another draft' }))
    await user.click(screen.getByRole('button', { name: 'Start second draft' }))
    expect(onStartDraft).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('warns that a closed grant can be drafted but not submitted', () => {
    renderView({ data: detail({ deadline: new Date(NOW - DAY).toISOString() }) })
    expect(screen.getByTestId('grant-closed').textContent).toBe('This grant is closed — you can still draft, but it cannot be submitted.')
    expect(screen.getByTestId('grant-deadline').textContent).toContain('closed')
  })

  it('shows the saved copy with an offline notice, and a failed draft start', () => {
    renderView({
      data: detail(
        {},
        {
          fromCache: true,
          fetchedAt: new Date(NOW - 3 * 3_600_000).toISOString(),
          cacheReason: { code: 'offline', message: 'The grant service could not be reached.' },
        },
      ),
      createError: { code: 'storage_error', message: 'The drafts folder is not writable.' },
    })
    expect(screen.getByTestId('grant-offline').textContent).toMatch(/^Offline — showing the copy saved 3 hours ago\. The grant service could not be reached\./)
    expect(screen.getByRole('alert').textContent).toContain('The drafts folder is not writable.')
  })
})
