// @vitest-environment jsdom
/**
 * What waits for the first screen (src/renderer/src/state/app/firstScreen.ts), on a fresh copy of
 * the module each test (the component tests' setup marks the shared one shown): work waits
 * until the screen says it has shown, or until the frame after it committed, or at most
 * FIRST_SCREEN_WAIT_MS; then runs once, in the order asked; work asked later runs at once; work
 * cancelled before never runs.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type FirstScreen = typeof import('../../../../../src/renderer/src/state/app/firstScreen')

async function freshModule(): Promise<FirstScreen> {
  vi.resetModules()
  return import('../../../../../src/renderer/src/state/app/firstScreen')
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('afterFirstScreen', () => {
  it('holds work until the first screen has shown, then runs each once, in the order asked', async () => {
    const { afterFirstScreen, firstScreenShown, isFirstScreenShown } = await freshModule()
    const ran: string[] = []
    afterFirstScreen(() => ran.push('sync'))
    afterFirstScreen(() => ran.push('reminders'))
    expect(ran).toEqual([])
    expect(isFirstScreenShown()).toBe(false)
    firstScreenShown()
    firstScreenShown()
    expect(ran).toEqual(['sync', 'reminders'])
    expect(isFirstScreenShown()).toBe(true)
    // Asked once the screen has shown: at once.
    afterFirstScreen(() => ran.push('later'))
    expect(ran).toEqual(['sync', 'reminders', 'later'])
  })

  it('never runs work cancelled before the screen showed (its component is gone)', async () => {
    const { afterFirstScreen, firstScreenShown } = await freshModule()
    const ran: string[] = []
    const cancel = afterFirstScreen(() => ran.push('marks'))
    afterFirstScreen(() => ran.push('chips'))
    cancel()
    firstScreenShown()
    expect(ran).toEqual(['chips'])
  })

  it('lets the work go after the frame that paints the first screen, not before', async () => {
    const { afterFirstScreen, firstScreenCommitted } = await freshModule()
    const ran: string[] = []
    afterFirstScreen(() => ran.push('settings'))
    firstScreenCommitted()
    expect(ran).toEqual([])
    vi.advanceTimersToNextFrame()
    // The frame has run; the work comes in the task after it.
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(['settings'])
  })

  it('lets the work go after FIRST_SCREEN_WAIT_MS when the first screen never says it has shown (a grant service that does not answer)', async () => {
    const { afterFirstScreen, FIRST_SCREEN_WAIT_MS } = await freshModule()
    const ran: string[] = []
    afterFirstScreen(() => ran.push('sync'))
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(['sync'])
  })
})
