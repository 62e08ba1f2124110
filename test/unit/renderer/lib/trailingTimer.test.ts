// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TrailingTimer } from '../../../../src/renderer/src/lib/trailingTimer'

describe('TrailingTimer', () => {
  // The timer reads Date.now to tell how long the pause has lasted: the clock is faked with the timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    // The spy on setTimeout wraps the fake one: put it back first, or restoring it later (in a
    // file after this one, in the unit tier's shared worker) would bring back a dead fake clock.
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  /** A timer of `delayMs` over a task that records each run. */
  function timerOf(delayMs: number): { timer: TrailingTimer; task: ReturnType<typeof vi.fn> } {
    const task = vi.fn()
    return { timer: new TrailingTimer(delayMs, task), task }
  }

  it('runs its task the delay after the last touch, with one browser timer per pause however often it is touched', () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout')
    const { timer, task } = timerOf(250)
    // A burst of typing: a key every 20 ms for a second.
    for (let key = 0; key < 50; key++) {
      timer.touch()
      vi.advanceTimersByTime(20)
    }
    expect(task).not.toHaveBeenCalled()
    // The last key was 20 ms ago: the task runs 230 ms later, not a moment sooner.
    vi.advanceTimersByTime(229)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
    // Six timers over the 1.2 s (each came due and waited for what was left), not fifty.
    expect(setTimer.mock.calls.length).toBe(6)
    expect(timer.pending).toBe(false)
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs again after the next touch, and not at all once cancelled', () => {
    const { timer, task } = timerOf(100)
    timer.touch()
    vi.advanceTimersByTime(100)
    timer.touch()
    vi.advanceTimersByTime(50)
    timer.cancel()
    expect(timer.pending).toBe(false)
    vi.advanceTimersByTime(500)
    expect(task).toHaveBeenCalledTimes(1)
    timer.touch()
    vi.advanceTimersByTime(100)
    expect(task).toHaveBeenCalledTimes(2)
  })

  it('never waits longer than the delay when the clock is set back', () => {
    const { timer, task } = timerOf(100)
    timer.touch()
    vi.setSystemTime(Date.now() - 60_000)
    vi.advanceTimersByTime(100)
    // Due with the clock a minute behind the touch: it waits one more delay at most.
    vi.advanceTimersByTime(100)
    expect(task).toHaveBeenCalledTimes(1)
  })
})
