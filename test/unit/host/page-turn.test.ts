/**
 * The page's turn as the browser host starts (src/host/page-turn.ts): when the host may load its
 * core. Fake timers: the waits are a second and more, and what is checked is their order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_WAIT_MS, PAINT_WAIT_MS, pageTurn } from '../../../src/host/page-turn'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Whether the turn is over now (its promise settled by the microtasks so far). */
async function isOver(turn: ReturnType<typeof pageTurn>): Promise<boolean> {
  let over = false
  void turn.over.then(() => (over = true))
  await vi.advanceTimersByTimeAsync(0)
  return over
}

describe('the page’s turn', () => {
  it('ends as the page says its first frame is drawn, not before', async () => {
    const turn = pageTurn()
    turn.listening()
    turn.served(true)
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 100)
    expect(await isOver(turn)).toBe(false)
    turn.shown()
    expect(await isOver(turn)).toBe(true)
  })

  it('ends at once when the page came without a first paint: the app draws its screen and needs the core', async () => {
    const turn = pageTurn()
    turn.listening()
    turn.served(false)
    expect(await isOver(turn)).toBe(true)
  })

  it('ends at a call of the API, with no page at all', async () => {
    const turn = pageTurn()
    turn.listening()
    turn.shown()
    expect(await isOver(turn)).toBe(true)
  })

  it('ends a while after a page with a paint that says nothing, and after a wait for a page nobody asked for', async () => {
    const silent = pageTurn()
    silent.listening()
    silent.served(true)
    await vi.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1)
    expect(await isOver(silent)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await isOver(silent)).toBe(true)

    const unasked = pageTurn()
    unasked.listening()
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1)
    expect(await isOver(unasked)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await isOver(unasked)).toBe(true)
  })

  it('ends once, and keeps no timer after (the host may stop meanwhile)', async () => {
    const turn = pageTurn({ paintWaitMs: 50, pageWaitMs: 80 })
    let ends = 0
    void turn.over.then(() => (ends += 1))
    turn.listening()
    turn.served(true)
    turn.shown()
    turn.shown()
    turn.served(false)
    await vi.advanceTimersByTimeAsync(0)
    expect(vi.getTimerCount()).toBe(0)
    await vi.advanceTimersByTimeAsync(200)
    expect(ends).toBe(1)
  })
})
