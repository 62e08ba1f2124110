/** The countdown while the service has asked Grant Desk to wait (the core's `service.waiting`). */
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WaitingBanner } from '../../../../src/renderer/src/features/connectivity/WaitingBanner'
import { setWaiting, useConnectivity } from '../../../../src/renderer/src/features/connectivity/connectivitySlice'

afterEach(() => {
  vi.useRealTimers()
  useConnectivity.setState({ waitingUntil: null, waitingFor: null })
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
})
