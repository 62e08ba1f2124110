// @vitest-environment jsdom
/**
 * The saved searches beside the grant list, against a real core and the real sandbox (as the
 * review tests do: `window.grantDesk` built from the contract, every call through `dispatch`):
 * save the current filters, see a grant added to the sandbox marked New with its count beside
 * the search, lose the mark once the grant is opened, apply, rename, delete. Notifications are
 * asked for only on a click (jsdom has no Notification: a small stand-in records the calls).
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildGrantDeskApi } from '../../../../src/shared/ipc'
import { GrantBrowser } from '../../../../src/renderer/src/features/grants/GrantBrowser'
import { GRANTS_AT_START, useGrants } from '../../../../src/renderer/src/state/grants'
import { startSavedSearches, useSavedSearches } from '../../../../src/renderer/src/state/saved-searches'
import { NotificationsToggle } from '../../../../src/renderer/src/features/saved-searches/NotificationsToggle'
import { type SupportBase, type TestCore, type TestService, loadSupport } from '../support'

/** What these tests use of test/support, beyond a core and the sandbox (see ../support.ts). */
interface Support extends SupportBase {
  addGrantsToSandbox(service: TestService, grants: unknown[]): Promise<void>
  extraGrant(id: string, title: string): unknown
}

const NEW_GRANT = 'aaaaaaaa-0000-4000-8000-000000000009'

let support: Support
let service: TestService
let app: TestCore
let stop: () => void

beforeEach(async () => {
  support = await loadSupport<Support>()
  service = await support.startTestService({ fixture: support.testFixture() })
  app = await support.startTestCore({ serviceUrl: service.url })
  const api = buildGrantDeskApi(
    (channel, input) => app.core.dispatch(channel, input),
    (listener) => app.core.subscribe(listener),
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  useGrants.setState(GRANTS_AT_START)
  useSavedSearches.setState({ view: null, newIds: new Set(), activeId: null, busy: false, error: null, errorFor: null, message: null })
  stop = startSavedSearches()
})

afterEach(async () => {
  stop()
  await app.dispose()
  await service.dispose()
  Reflect.deleteProperty(window, 'grantDesk')
  Reflect.deleteProperty(window, 'Notification')
})

const panel = () => screen.getByTestId('saved-searches')
const rowTitles = () => screen.queryAllByTestId('grant-row').map((row) => row.querySelector('strong')?.textContent)

describe('SavedSearchesPanel', () => {
  it('saves the current search, marks a grant added later as New with its count, and drops the mark once the grant is opened', async () => {
    const user = userEvent.setup()
    render(<GrantBrowser />)
    await waitFor(() => expect(rowTitles().length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(within(panel()).getByText(/None yet/)).toBeTruthy()

    await user.type(screen.getByRole('searchbox', { name: 'Search grants' }), 'tooling')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'title')
    await user.type(within(panel()).getByLabelText('Name for the current search'), 'Dev tooling')
    await user.click(within(panel()).getByRole('button', { name: 'Save this search' }))
    const saved = await within(panel()).findByRole('button', { name: 'Dev tooling' })
    expect(saved.getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('saved-searches-status').textContent).toMatch(/Saved “Dev tooling”/)
    // The grants listed when it was saved are its baseline: none is New.
    expect(screen.queryAllByTestId('grant-new')).toHaveLength(0)

    await support.addGrantsToSandbox(service, [support.extraGrant(NEW_GRANT, 'Freshly posted tooling grant')])
    await user.click(within(panel()).getByRole('button', { name: 'Check for new grants now' }))
    await waitFor(() => expect(within(panel()).getByTestId('saved-search-new-count').textContent).toBe('1 new'))
    expect(within(panel()).getByRole('button', { name: 'Dev tooling 1 new' })).toBeTruthy()

    // The list shows it (after a reload of the list) with its New mark.
    await act(() => useGrants.getState().load())
    const row = await waitFor(() =>
      screen.getAllByTestId('grant-row').find((one) => one.querySelector('strong')?.textContent === 'Freshly posted tooling grant')!,
    )
    expect(within(row).getByTestId('grant-new').textContent).toBe('New')
    // Read before the title (the sponsor's initials before it are hidden from assistive technology).
    expect(row.querySelector('.grant-title')?.textContent).toMatch(/^New Freshly posted tooling grant/)

    // Opening the grant (what the detail screen asks of the core) marks it seen everywhere.
    await act(() => app.call('grants.get', { id: NEW_GRANT }))
    await waitFor(() => expect(screen.queryAllByTestId('grant-new')).toHaveLength(0))
    expect(within(panel()).queryByTestId('saved-search-new-count')).toBeNull()
  })

  it('applies a saved search (filters, search and sort), renames it and deletes it', async () => {
    const user = userEvent.setup()
    await app.call('savedSearches.create', { name: 'Bounties', filters: { status: 'all', type: 'bounty', query: '', sort: 'reward' } })
    await act(() => useSavedSearches.getState().load())
    render(<GrantBrowser />)
    await user.click(await within(panel()).findByRole('button', { name: 'Bounties' }))
    expect(useGrants.getState()).toMatchObject({ status: 'all', type: 'bounty', query: '', sort: 'reward' })
    await waitFor(() => expect(rowTitles()).toEqual(['A bounty']))
    expect(within(panel()).getByRole('button', { name: 'Bounties' }).getAttribute('aria-pressed')).toBe('true')
    // Changing a filter by hand leaves the saved search.
    await user.selectOptions(screen.getByLabelText('Sort by'), 'title')
    expect(within(panel()).getByRole('button', { name: 'Bounties' }).getAttribute('aria-pressed')).toBe('false')

    await user.click(within(panel()).getByRole('button', { name: 'Rename “Bounties”' }))
    const input = within(panel()).getByLabelText('New name for “Bounties”')
    await user.clear(input)
    await user.type(input, 'Security bounties')
    await user.click(within(panel()).getByRole('button', { name: 'Save name' }))
    expect(await within(panel()).findByRole('button', { name: 'Security bounties' })).toBeTruthy()
    expect((await app.call('savedSearches.list')).searches.map((s) => s.name)).toEqual(['Security bounties'])

    await user.click(within(panel()).getByRole('button', { name: 'Delete “Security bounties”' }))
    await waitFor(() => expect(within(panel()).getByText(/None yet/)).toBeTruthy())
    expect((await app.call('savedSearches.list')).searches).toEqual([])
  })

  it('says what is wrong with a name, next to the field', async () => {
    const user = userEvent.setup()
    await app.call('savedSearches.create', { name: 'Open grants', filters: { status: 'open', type: 'all', query: '', sort: 'deadline' } })
    await act(() => useSavedSearches.getState().load())
    render(<GrantBrowser />)
    const name = within(panel()).getByLabelText('Name for the current search')
    await user.click(within(panel()).getByRole('button', { name: 'Save this search' }))
    expect(await within(panel()).findByText('Give the search a name.')).toBeTruthy()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    await user.type(name, 'open GRANTS')
    await user.click(within(panel()).getByRole('button', { name: 'Save this search' }))
    expect(await within(panel()).findByText('You already have a saved search named “open GRANTS”. Choose another name.')).toBeTruthy()
    expect((await app.call('savedSearches.list')).searches).toHaveLength(1)
  })

  it('says under the rename field when the new name is taken, and keeps the old name', async () => {
    const user = userEvent.setup()
    const filters = { status: 'open', type: 'all', query: '', sort: 'deadline' } as const
    await app.call('savedSearches.create', { name: 'First', filters })
    await app.call('savedSearches.create', { name: 'Second', filters })
    await act(() => useSavedSearches.getState().load())
    render(<GrantBrowser />)
    await user.click(await within(panel()).findByRole('button', { name: 'Rename “Second”' }))
    const input = within(panel()).getByLabelText('New name for “Second”')
    await user.clear(input)
    await user.type(input, 'first')
    await user.click(within(panel()).getByRole('button', { name: 'Save name' }))
    expect(await within(panel()).findByText('You already have a saved search named “first”. Choose another name.')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect((await app.call('savedSearches.list')).searches.map((s) => s.name)).toEqual(['First', 'Second'])
  })
})

describe('NotificationsToggle', () => {
  it('asks for permission only when clicked, then says notifications are on', async () => {
    const asked: string[] = []
    class StandIn {
      static permission: NotificationPermission = 'default'
      static async requestPermission(): Promise<NotificationPermission> {
        asked.push('asked')
        StandIn.permission = 'granted'
        return 'granted'
      }
    }
    Object.defineProperty(window, 'Notification', { value: StandIn, configurable: true, writable: true })
    const user = userEvent.setup()
    render(<NotificationsToggle />)
    expect(asked).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Notify me of new grants' }))
    expect(asked).toEqual(['asked'])
    expect(await screen.findByText(/will notify you of new grants/)).toBeTruthy()
  })

  it('shows nothing to click where the browser has no notifications', () => {
    const { container } = render(<NotificationsToggle />)
    expect(container.textContent).toBe('')
  })
})
