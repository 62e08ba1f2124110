// @vitest-environment jsdom
/**
 * The grant list's saved copy at start, against a real core and the real sandbox (as the saved
 * searches' tests do: `window.grantDesk` built from the contract, every call through `dispatch`):
 * while the live list is on its way (held here, as a slow grant service holds it), the list saved
 * at the last live answer is shown and marked as such; the live list then replaces it. A saved
 * copy that comes after the live list is never shown, and with none saved the screen keeps loading.
 */
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildGrantDeskApi } from '../../../../src/shared/ipc'
import { GrantBrowser } from '../../../../src/renderer/src/features/grants/GrantBrowser'
import { GRANTS_AT_START, useGrants } from '../../../../src/renderer/src/state/grants'
import { type SupportBase, type TestCore, type TestService, loadSupport } from '../support'

/** What these tests use of test/support, beyond a core and the sandbox (see ../support.ts). */
interface Support extends SupportBase {
  addGrantsToSandbox(service: TestService, grants: unknown[]): Promise<void>
  extraGrant(id: string, title: string): unknown
}

const NEW_GRANT = 'aaaaaaaa-0000-4000-8000-000000000009'
const NEW_TITLE = 'Freshly posted tooling grant'

let support: Support
let service: TestService
let app: TestCore
/** The `grants.list` calls held until released: the live list (`live`) or the saved copy (`saved`). */
let held: { live: boolean; saved: boolean }
let release: { live: () => void; saved: () => void }

beforeEach(async () => {
  support = await loadSupport<Support>()
  service = await support.startTestService({ fixture: support.testFixture() })
  app = await support.startTestCore({ serviceUrl: service.url })
  held = { live: false, saved: false }
  const gate = () => {
    let open = () => {}
    const promise = new Promise<void>((resolve) => (open = resolve))
    return { promise, open }
  }
  const gates = { live: gate(), saved: gate() }
  release = { live: gates.live.open, saved: gates.saved.open }
  const api = buildGrantDeskApi(
    async (channel, input) => {
      if (channel === 'grants.list') {
        const which = (input as { saved?: boolean } | undefined)?.saved ? 'saved' : 'live'
        // Asked now, answered once released: the answer is the core's at the time it was asked.
        const answer = app.core.dispatch(channel, input)
        if (held[which]) await gates[which].promise
        return answer
      }
      return app.core.dispatch(channel, input)
    },
    (listener) => app.core.subscribe(listener),
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  useGrants.setState(GRANTS_AT_START)
})

afterEach(async () => {
  release.live()
  release.saved()
  await app.dispose()
  await service.dispose()
  Reflect.deleteProperty(window, 'grantDesk')
})

const rowTitles = () => screen.queryAllByTestId('grant-row').map((row) => row.querySelector('strong')?.textContent)

describe('GrantBrowser at start', () => {
  it('shows the saved list, marked as saved, while the live one loads, then the live list in its place', async () => {
    // A live list earlier (the last run): its copy is saved. A grant posted since is only in the live list.
    const before = await app.call('grants.list', { status: 'open' })
    await support.addGrantsToSandbox(service, [support.extraGrant(NEW_GRANT, NEW_TITLE)])
    held.live = true
    render(<GrantBrowser />)

    await waitFor(() => expect(rowTitles().length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(rowTitles()).not.toContain(NEW_TITLE)
    expect(rowTitles().length).toBe(Math.min(before.items.length, rowTitles().length))
    expect(screen.getByTestId('grants-saved').textContent).toMatch(/^Showing the list saved /)
    expect(screen.getByText('Refreshing the list…')).toBeTruthy()
    // Not an offline list: nothing failed.
    expect(screen.queryByTestId('grants-offline')).toBeNull()
    expect(useGrants.getState().loading).toBe(true)

    release.live()
    await waitFor(() => expect(rowTitles()).toContain(NEW_TITLE), { timeout: 10_000 })
    expect(screen.queryByTestId('grants-saved')).toBeNull()
    expect(screen.queryByText('Refreshing the list…')).toBeNull()
    expect(useGrants.getState().result?.fromCache).toBe(false)
  })

  it('never shows a saved copy that comes after the live list', async () => {
    await app.call('grants.list', { status: 'open' })
    await support.addGrantsToSandbox(service, [support.extraGrant(NEW_GRANT, NEW_TITLE)])
    held.saved = true
    render(<GrantBrowser />)
    await waitFor(() => expect(rowTitles()).toContain(NEW_TITLE), { timeout: 10_000 })
    release.saved()
    // The saved copy's answer has come and gone: the live list stays.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(rowTitles()).toContain(NEW_TITLE)
    expect(screen.queryByTestId('grants-saved')).toBeNull()
    expect(useGrants.getState().result?.fromCache).toBe(false)
  })

  it('keeps loading when no list is saved yet', async () => {
    held.live = true
    render(<GrantBrowser />)
    expect(await screen.findByText('Loading grants…')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(rowTitles()).toHaveLength(0)
    expect(screen.getByText('Loading grants…')).toBeTruthy()
    release.live()
    await waitFor(() => expect(rowTitles().length).toBeGreaterThan(0), { timeout: 10_000 })
    expect(screen.queryByTestId('grants-saved')).toBeNull()
  })
})
