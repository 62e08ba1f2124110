// @vitest-environment jsdom
import type { ReviewBrief } from '../../../../src/shared/review'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DraftSummary } from '../../../../src/shared/ipc'
import { DraftsTable } from '../../../../src/renderer/src/features/drafts/DraftsTable'
import { sortDrafts } from '../../../../src/renderer/src/state/drafts'
import { day } from '../../../../src/shared/text'

const NOW = Date.parse('2026-03-01T12:00:00.000Z')
const V = 'b'.repeat(64)
const NO_REVIEW: ReviewBrief = {
  openThreads: 0,
  approval: 'none',
  text: 'not approved yet',
  unreadable: 0,
  approvals: { counted: 0, required: 1 },
  authors: [],
  notCounted: [],
}

const ok = (id: string, title: string, updatedAt: string, status: 'draft' | 'submitted' = 'draft'): DraftSummary => ({
  state: 'ok',
  id,
  fileName: `${id}.md`,
  version: V,
  grantId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  grantTitle: title,
  grantDeadline: '2026-03-02T12:00:00.000Z',
  status,
  applicationId: null,
  updatedAt,
  review: NO_REVIEW,
})

const damaged: DraftSummary = { state: 'damaged', id: 'broken', fileName: 'broken.md', version: V, reason: 'Its front matter is not valid YAML (line 3).' }

const ITEMS: DraftSummary[] = [
  ok('older', 'Older Grant', '2026-02-27T12:00:00.000Z', 'submitted'),
  damaged,
  ok('newer', 'Newer Grant', '2026-03-01T11:00:00.000Z'),
]

const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)

describe('DraftsTable', () => {
  it('lists drafts newest edit first, with deadline, status and when last edited', () => {
    render(<DraftsTable items={ITEMS} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(cells(rows[0]!).slice(0, 4)).toEqual(['Newer Grantnewer.md', 'closes in 1 day', 'Draft', '1 hour ago'])
    expect(cells(rows[1]!).slice(0, 4)).toEqual(['Older Grantolder.md', 'closes in 1 day', 'Submitted', `on ${day('2026-02-27T12:00:00.000Z')}`])
  })

  it('shows a copy refused with 409 as not sent, with the application and the draft that was sent', () => {
    const copy: DraftSummary = {
      ...ok('copy', 'Newer Grant', '2026-03-01T11:30:00.000Z'),
      notSent: { applicationId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', fromDraftId: 'newer', at: '2026-03-01T11:30:00.000Z' },
    } as DraftSummary
    render(<DraftsTable items={[copy]} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!
    expect(cells(row)[2]).toBe('Not sentNot sent — already applied (application 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d, from draft newer.md)')
    expect(row.textContent).not.toContain('Submitted')
    expect(within(row).getByRole('button', { name: /^Delete/ })).toBeTruthy()
  })

  it('shows a damaged file with its reason, and no Open button', () => {
    render(<DraftsTable items={ITEMS} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const row = within(screen.getByRole('table')).getAllByRole('row').at(-1)!
    expect(row.textContent).toContain('broken.md')
    expect(row.textContent).toContain('Its front matter is not valid YAML (line 3).')
    expect(row.textContent).toContain('Damaged')
    expect(within(row).queryByRole('button', { name: /open/i })).toBeNull()
    expect(within(row).getByRole('button', { name: 'Delete damaged file broken.md' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /^Open draft for/ })).toHaveLength(2)
  })

  it('opens and deletes the draft of the row', async () => {
    const onOpen = vi.fn()
    const onDelete = vi.fn()
    render(<DraftsTable items={ITEMS} now={NOW} onOpen={onOpen} onDelete={onDelete} />)
    await userEvent.click(screen.getByRole('button', { name: 'Open draft for Older Grant' }))
    expect(onOpen).toHaveBeenCalledWith('older')
    await userEvent.click(screen.getByRole('button', { name: 'Delete draft for Newer Grant' }))
    expect(onDelete).toHaveBeenCalledWith(ITEMS[2])
  })

  it('names the file too when two drafts are for grants of the same title, and only then', () => {
    const copy = ok('older-2', 'Older Grant', '2026-02-28T12:00:00.000Z')
    render(<DraftsTable items={[...ITEMS, copy]} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))
    expect(names).toEqual([
      'Open draft for Newer Grant',
      'Delete draft for Newer Grant',
      'Open draft for Older Grant (older-2.md)',
      'Delete draft for Older Grant (older-2.md)',
      'Open draft for Older Grant (older.md)',
      'Delete draft for Older Grant (older.md)',
      'Delete damaged file broken.md',
    ])
  })

  it('says how long is left by the clock it is given, so a passed deadline reads closed', () => {
    const { rerender } = render(<DraftsTable items={ITEMS} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const deadline = () => [...within(screen.getByRole('table')).getAllByRole('row')[1]!.querySelectorAll('td')][1]!.textContent
    expect(deadline()).toBe('closes in 1 day')
    rerender(<DraftsTable items={ITEMS} now={Date.parse('2026-03-02T12:00:00.000Z')} onOpen={() => {}} onDelete={() => {}} />)
    expect(deadline()).toBe('closed')
  })
})

describe('sortDrafts', () => {
  it('puts the last edited first and unreadable files last', () => {
    expect(sortDrafts(ITEMS).map((item) => item.id)).toEqual(['newer', 'older', 'broken'])
  })
})

describe('DraftsTable with thousands of drafts', () => {
  const many: DraftSummary[] = Array.from({ length: 5_000 }, (_, i) =>
    ok(`d${String(i).padStart(4, '0')}`, `Grant ${i}`, new Date(Date.parse('2026-02-01T00:00:00.000Z') + i * 60_000).toISOString()),
  )

  it('renders only the rows in view, and tells assistive technology how many there are and where each rendered one is', () => {
    render(<DraftsTable items={many} now={NOW} onOpen={() => {}} onDelete={() => {}} />)
    const table = screen.getByRole('table')
    expect(table.getAttribute('aria-rowcount')).toBe('5001')
    const rows = [...table.querySelectorAll('tbody tr[data-draft-id]')]
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.length).toBeLessThanOrEqual(100)
    // The newest edit first, and each rendered row's place among all of them (the header is row 1).
    expect(rows[0]!.getAttribute('data-draft-id')).toBe('d4999')
    rows.forEach((row, i) => expect(row.getAttribute('aria-rowindex')).toBe(String(i + 2)))
    // The rows not rendered below are stood in for by one empty row, hidden from assistive technology.
    const spacer = table.querySelector('tbody tr.virtual-spacer')!
    expect(spacer.getAttribute('aria-hidden')).toBe('true')
    expect(Number.parseFloat((spacer as HTMLElement).style.height)).toBeGreaterThan(1_000)
    expect(within(table).getAllByRole('row')).toHaveLength(rows.length + 1)
  })
})
