// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { ApplicationRecord } from '../../../../src/shared/ipc'
import { ApplicationsTable } from '../../../../src/renderer/src/features/applications/ApplicationsTable'
import { dateTime } from '../../../../src/shared/text'

const NOW = Date.parse('2026-03-01T12:00:00.000Z')

const record = (applicationId: string, grantTitle: string, submittedAt: string, draftId: string | null): ApplicationRecord => ({
  applicationId,
  grantId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  grantTitle,
  status: 'pending',
  message: 'Application received.',
  submittedAt,
  draftId,
})

const ITEMS = [
  record('11111111-1111-4111-8111-111111111111', 'Older Fund', '2026-02-01T09:00:00.000Z', null),
  record('22222222-2222-4222-8222-222222222222', 'Newer Fund', '2026-03-01T10:00:00.000Z', 'newer-fund'),
]

describe('ApplicationsTable', () => {
  it('lists applications newest first with id, status and when submitted', () => {
    render(<ApplicationsTable items={ITEMS} now={NOW} onOpenDraft={() => {}} />)
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    const first = [...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)
    expect(first.slice(0, 3)).toEqual(['Newer Fund', '22222222-2222-4222-8222-222222222222', 'pending'])
    // The moment in the reader's locale and zone (dates.test.ts pins locales), then how long ago.
    expect(first[3]).toBe(`${dateTime('2026-03-01T10:00:00.000Z')}2 hours ago`)
    expect(rows[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-01T10:00:00.000Z')
    expect(rows[0]!.querySelector('code')?.textContent).toBe('22222222-2222-4222-8222-222222222222')
    expect(rows[1]!.textContent).toContain('Older Fund')
  })

  it('offers "Open draft" only where the draft is known', async () => {
    const onOpenDraft = vi.fn()
    render(<ApplicationsTable items={ITEMS} now={NOW} onOpenDraft={onOpenDraft} />)
    expect(screen.queryByRole('button', { name: 'Open draft for Older Fund' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Open draft for Newer Fund' }))
    expect(onOpenDraft).toHaveBeenCalledWith('newer-fund')
  })

  it('adds the start of the application id to "Open draft" when grant titles repeat', () => {
    const again = record('33333333-3333-4333-8333-333333333333', 'Newer Fund', '2026-03-01T11:00:00.000Z', 'newer-fund-2')
    render(<ApplicationsTable items={[...ITEMS, again]} now={NOW} onOpenDraft={() => {}} />)
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Open draft for Newer Fund (33333333)',
      'Open draft for Newer Fund (22222222)',
    ])
  })
})
