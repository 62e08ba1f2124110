// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { GrantSummary } from '../../../../src/shared/api'
import type { GrantsListOutput } from '../../../../src/shared/ipc'
import { GrantBrowser } from '../../../../src/renderer/src/features/grants/GrantBrowser'
import { GRANTS_AT_START, useGrants } from '../../../../src/renderer/src/state/grants'
import { useNavigation } from '../../../../src/renderer/src/state/app'
import { setOnline } from '../../../../src/renderer/src/state/connectivity'
import { OfflineBanner } from '../../../../src/renderer/src/features/connectivity/OfflineBanner'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString()

const GRANTS: GrantSummary[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Rust tooling fund',
    sponsor: 'Acme Foundation',
    reward: '40,000 USDC',
    deadline: inDays(20),
    status: 'open',
    track: 'Infrastructure',
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    title: 'Docs sprint bounty',
    sponsor: 'Acme Foundation',
    reward: '$500',
    deadline: inDays(1.5),
    status: 'open',
    track: 'Documentation',
  },
  {
    id: '33333333-3333-4333-8333-333333333333',
    title: 'Zero-knowledge research',
    sponsor: 'Cipher Labs',
    reward: '1.2M USDC',
    deadline: inDays(45),
    status: 'open',
    track: 'Research',
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    title: 'Community swag drop',
    sponsor: 'Meetup Org',
    reward: 'Swag',
    deadline: inDays(10),
    status: 'open',
    track: 'Community',
  },
  {
    id: '55555555-5555-4555-8555-555555555555',
    title: 'Audit bounty (ended)',
    sponsor: 'Cipher Labs',
    reward: '10,000 USDC',
    deadline: inDays(-3),
    status: 'closed',
    track: 'Security',
  },
]

function listOutput(overrides: Partial<GrantsListOutput> = {}): GrantsListOutput {
  return { items: GRANTS, count: GRANTS.length, fetchedAt: new Date(NOW - 60_000).toISOString(), fromCache: false, cacheReason: null, ...overrides }
}

function putList(result: GrantsListOutput): void {
  // Fresh enough that the screen does not ask the core (absent in these tests) for a new list.
  useGrants.setState({ ...GRANTS_AT_START, status: 'all', result, loadedAt: Date.now() })
}

const rowTitles = () => screen.getAllByTestId('grant-row').map((row) => row.querySelector('strong')?.textContent)
const rowFor = (title: string) => screen.getAllByTestId('grant-row').find((row) => row.querySelector('strong')?.textContent === title)!
const count = () => screen.getByTestId('grants-count').textContent

beforeEach(() => {
  putList(listOutput())
  useNavigation.setState({ route: { name: 'grants' }, history: [] })
})

describe('GrantBrowser', () => {
  it('lists every grant, soonest deadline first and closed ones last, as buttons named by their title', () => {
    render(<GrantBrowser now={NOW} />)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Grants and bounties')
    expect(rowTitles()).toEqual(['Docs sprint bounty', 'Community swag drop', 'Rust tooling fund', 'Zero-knowledge research', 'Audit bounty (ended)'])
    expect(count()).toBe('5 grants')
    const list = screen.getByRole('list', { name: 'Grants' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]!.getAttribute('aria-posinset')).toBe('1')
    expect(items[0]!.getAttribute('aria-setsize')).toBe('5')
    expect(within(items[0]!).getAllByRole('button')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Rust tooling fund, Acme Foundation · Infrastructure, 40,000 USDC, closes in 20 days' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Docs sprint bounty, Acme Foundation · Documentation, $500, closes in 1 day, closing soon' })).toBeTruthy()
  })

  it('narrows the list as the applicant types, every word anywhere in title, sponsor, track or reward', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    const search = screen.getByRole('searchbox', { name: 'Search grants' })
    await user.type(search, 'acme')
    await waitFor(() => expect(rowTitles()).toEqual(['Docs sprint bounty', 'Rust tooling fund']))
    expect(count()).toBe('2 of 5 shown')
    await user.type(search, ' usdc')
    await waitFor(() => expect(rowTitles()).toEqual(['Rust tooling fund']))
    expect(count()).toBe('1 of 5 shown')
  })

  it('says how to widen the search when nothing matches, and Escape clears it', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    const search = screen.getByRole('searchbox', { name: 'Search grants' })
    await user.type(search, 'no such grant')
    const empty = await screen.findByTestId('grants-empty')
    expect(empty.textContent).toContain('Clear the search')
    expect(screen.queryAllByTestId('grant-row')).toHaveLength(0)
    await user.keyboard('{Escape}')
    expect((search as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(rowTitles()).toHaveLength(5))
  })

  it('puts the cursor in the search box with / and with Ctrl+F', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    const search = screen.getByRole('searchbox', { name: 'Search grants' })
    await user.keyboard('/')
    expect(document.activeElement).toBe(search)
    expect((search as HTMLInputElement).value).toBe('')
    search.blur()
    await user.keyboard('{Control>}f{/Control}')
    expect(document.activeElement).toBe(search)
  })

  it('reorders by reward amount and by title', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    await user.selectOptions(sort, 'Reward amount')
    expect(rowTitles()).toEqual(['Zero-knowledge research', 'Rust tooling fund', 'Audit bounty (ended)', 'Docs sprint bounty', 'Community swag drop'])
    await user.selectOptions(sort, 'Title')
    expect(rowTitles()).toEqual(['Audit bounty (ended)', 'Community swag drop', 'Docs sprint bounty', 'Rust tooling fund', 'Zero-knowledge research'])
  })

  it('flags a grant closing soon with a badge, and says "closed" for a closed one', () => {
    render(<GrantBrowser now={NOW} />)
    const soon = rowFor('Docs sprint bounty')
    expect(soon.textContent).toContain('closing soon')
    expect(soon.textContent).toContain('closes in 1 day')
    expect(soon.className).toContain('grant-row-soon')
    expect(soon.querySelector('.deadline-soon')?.getAttribute('title')).toBeTruthy()
    const closed = rowFor('Audit bounty (ended)')
    expect(closed.querySelector('.deadline-closed')?.textContent).toBe('closed')
    expect(closed.textContent).not.toContain('closing soon')
    expect(rowFor('Rust tooling fund').textContent).not.toContain('closing soon')
  })

  it('opens a grant with a click or the keyboard', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    await user.click(screen.getByRole('button', { name: /^Zero-knowledge research,/ }))
    expect(useNavigation.getState().route).toEqual({ name: 'grant', id: '33333333-3333-4333-8333-333333333333' })
    useNavigation.setState({ route: { name: 'grants' } })
    screen.getByRole('button', { name: /^Rust tooling fund,/ }).focus()
    await user.keyboard('{Enter}')
    expect(useNavigation.getState().route).toEqual({ name: 'grant', id: '11111111-1111-4111-8111-111111111111' })
  })

  it('moves between rows with the arrow keys', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser now={NOW} />)
    screen.getByRole('button', { name: /^Docs sprint bounty,/ }).focus()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement?.querySelector('strong')?.textContent).toBe('Community swag drop')
    await user.keyboard('{End}')
    expect(document.activeElement?.querySelector('strong')?.textContent).toBe('Audit bounty (ended)')
  })

  it('shows the saved list with an offline notice when the service could not be reached', () => {
    putList(
      listOutput({
        fromCache: true,
        fetchedAt: new Date(NOW - 2 * HOUR).toISOString(),
        cacheReason: { code: 'offline', message: 'The grant service could not be reached.' },
      }),
    )
    render(<GrantBrowser now={NOW} />)
    const notice = screen.getByTestId('grants-offline')
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toMatch(/^Offline — last updated 2 hours ago\. Showing the last saved list\. The grant service could not be reached\./)
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(rowTitles()).toHaveLength(5)
  })

  it('leaves the offline notice to the app’s banner when it shows: one offline notice on the screen', () => {
    putList(
      listOutput({
        fromCache: true,
        fetchedAt: new Date(NOW - 2 * HOUR).toISOString(),
        cacheReason: { code: 'offline', message: 'The grant service could not be reached.' },
      }),
    )
    setOnline(false)
    try {
      render(
        <>
          <OfflineBanner />
          <GrantBrowser now={NOW} />
        </>,
      )
      expect(screen.getByTestId('offline-banner')).toBeTruthy()
      expect(screen.getByTestId('grants-offline').textContent).toBe('Showing the list saved 2 hours ago.')
      expect(screen.getAllByText(/Offline/)).toHaveLength(1)
      expect(screen.getAllByRole('button', { name: /^(Try again|Check now)$/ })).toHaveLength(1)
    } finally {
      setOnline(true)
    }
  })

  it('has no offline notice for a live list', () => {
    render(<GrantBrowser now={NOW} />)
    expect(screen.queryByTestId('grants-offline')).toBeNull()
  })

  it('renders only a window of rows for a long list', () => {
    const many: GrantSummary[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...GRANTS[0]!,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `Grant ${i}`,
    }))
    putList(listOutput({ items: many, count: many.length }))
    render(<GrantBrowser now={NOW} />)
    expect(count()).toBe('10,000 grants')
    const rows = screen.getAllByTestId('grant-row')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(50)
    expect(rows.at(-1)!.getAttribute('aria-setsize')).toBe('10000')
  })
})
