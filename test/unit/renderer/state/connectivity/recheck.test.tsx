// @vitest-environment jsdom
/**
 * The re-checks while offline: on the schedule of RECHECK_DELAYS_MS (2 s, every 5 s for half a minute, then 10, 30, 60 s), at once on window focus and
 * on the browser's `online` event, and the banner clears by itself once a check says the
 * service answers. The check is a recording function here (the core's side is tested against
 * the real sandbox in test/integration/main/core/connectivity.test.ts).
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OfflineBanner } from '../../../../../src/renderer/src/features/connectivity/OfflineBanner'
import { setOnline, useConnectivity } from '../../../../../src/renderer/src/state/connectivity'
import { RECHECK_DELAYS_MS, startRechecking } from '../../../../../src/renderer/src/state/connectivity/recheck'

let stop: (() => void) | null = null
let serviceUp = false
let checks: number[] = []
let started = 0

const check = vi.fn(async () => {
  checks.push(Date.now() - started)
  return serviceUp
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  useConnectivity.setState({ online: null, since: null })
  serviceUp = false
  checks = []
  check.mockClear()
})

afterEach(() => {
  stop?.()
  stop = null
  vi.useRealTimers()
})

/** Advances fake time and lets the checks' promises settle. */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('re-checking while offline', () => {
  it('asks at 2 s, every 5 s for half a minute, then 10, 30 and every 60 s after going offline, and nothing while online', async () => {
    stop = startRechecking(check)
    await advance(120_000)
    expect(check).not.toHaveBeenCalled()

    started = Date.now()
    act(() => setOnline(false))
    await advance(RECHECK_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) + 60_000)
    const gaps = checks.map((at, i) => at - (checks[i - 1] ?? 0))
    expect(gaps).toEqual([...RECHECK_DELAYS_MS, 60_000])
  })

  it('the banner clears by itself when a check finds the service back, and the checks stop', async () => {
    stop = startRechecking(check)
    render(<OfflineBanner />)
    started = Date.now()
    act(() => setOnline(false))
    expect(screen.getByTestId('offline-banner').textContent).toContain('keeps checking')

    await advance(2_000)
    expect(screen.getByTestId('offline-banner')).toBeTruthy()
    serviceUp = true
    await advance(5_000)
    expect(screen.queryByTestId('offline-banner')).toBeNull()
    const count = check.mock.calls.length
    await advance(300_000)
    expect(check.mock.calls.length).toBe(count)
  })

  it('checks at once on window focus, on the browser’s online event and on “Check now”', async () => {
    stop = startRechecking(check)
    render(<OfflineBanner />)
    act(() => setOnline(false))
    window.dispatchEvent(new Event('focus'))
    await advance(0)
    expect(check).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('online'))
    await advance(0)
    expect(check).toHaveBeenCalledTimes(2)

    serviceUp = true
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }))
    await advance(0)
    expect(check).toHaveBeenCalledTimes(3)
    expect(screen.queryByTestId('offline-banner')).toBeNull()

    // Online: focus asks nothing.
    window.dispatchEvent(new Event('focus'))
    await advance(0)
    expect(check).toHaveBeenCalledTimes(3)
  })

  it('starts the schedule over after each new outage', async () => {
    stop = startRechecking(check)
    act(() => setOnline(false))
    await advance(RECHECK_DELAYS_MS[0]! + RECHECK_DELAYS_MS[1]! + RECHECK_DELAYS_MS[2]!)
    expect(check).toHaveBeenCalledTimes(3)
    act(() => setOnline(true))
    act(() => setOnline(false))
    await advance(2_000)
    expect(check).toHaveBeenCalledTimes(4)
  })
})
