// @vitest-environment jsdom
/** The countdown while the service has asked Grant Desk to wait (the core's `service.waiting`). */
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WaitingBanner } from '../../../../src/renderer/src/features/connectivity/WaitingBanner'
import { STALE_WAIT_MS, setWaiting, useConnectivity } from '../../../../src/renderer/src/state/connectivity'

afterEach(() => {
  vi.useRealTimers()
  useConnectivity.setState({ waits: [], waitingUntil: null, waitingFor: null })
})

describe('WaitingBanner', () => {
  it('counts down the wait the service asked for, then disappears when the core says the wait is over', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    render(<WaitingBanner />)
    expect(screen.queryByTestId('waiting-banner')).toBeNull()

    act(() => setWaiting(8, 'apply'))
    const banner = screen.getByTestId('waiting-banner')
    expect(banner.textContent).toContain('asked Grant Desk to wait before sending your application — trying again in 8 s')
    expect(banner.getAttribute('aria-live')).toBe('polite')

    act(() => vi.advanceTimersByTime(3_000))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('trying again in 5 s')
    act(() => vi.advanceTimersByTime(6_000))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('trying again now')

    act(() => setWaiting(0, 'apply'))
    expect(screen.queryByTestId('waiting-banner')).toBeNull()
  })

  it('two actions waiting at once: the end of one leaves the other’s countdown on screen', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    render(<WaitingBanner />)
    act(() => setWaiting(10, 'list'))
    act(() => vi.advanceTimersByTime(1_000))
    act(() => setWaiting(4, 'grant'))
    // The wait that ends last is the one counted down.
    expect(screen.getByTestId('waiting-banner').textContent).toContain('before fetching the grant list — trying again in 9 s')

    act(() => setWaiting(0, 'list'))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('before fetching the grant — trying again in 4 s')
    act(() => setWaiting(0, 'grant'))
    expect(screen.queryByTestId('waiting-banner')).toBeNull()
    // An end with no wait of its own (the window reloaded meanwhile) changes nothing.
    act(() => setWaiting(0, 'apply'))
    expect(screen.queryByTestId('waiting-banner')).toBeNull()
  })

  it('a banner mounted long ago counts a new wait from now, and a wait whose end never came is not shown for ever', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    render(<WaitingBanner />)
    act(() => vi.advanceTimersByTime(60_000))
    act(() => setWaiting(8, 'feedback'))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('before sending your report — trying again in 8 s')

    // The end event is lost: after the wait, "trying again now" for a while, then nothing.
    act(() => vi.advanceTimersByTime(8_000))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('trying again now')
    act(() => vi.advanceTimersByTime(STALE_WAIT_MS))
    expect(screen.queryByTestId('waiting-banner')).toBeNull()
    // The next wait is not held up by the forgotten one.
    act(() => setWaiting(3, 'feedback'))
    expect(screen.getByTestId('waiting-banner').textContent).toContain('trying again in 3 s')
    act(() => setWaiting(0, 'feedback'))
    expect(screen.queryByTestId('waiting-banner')).toBeNull()
  })
})
