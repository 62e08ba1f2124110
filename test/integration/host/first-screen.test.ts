/**
 * The host's first-screen turn (src/host/first-screen.ts) on a real core and sandbox: the page's
 * first grant list is the warm-up's answer (the grant service is asked once), later calls reach
 * the core; the turn ends when the page's list has answered, at a call the list's screen does not
 * make, or after its wait with no page at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstScreenTurn } from '../../../src/host/first-screen'
import type { Core } from '../../../src/main/core/core'
import { startTestCore, type TestCore } from '../../support/core'
import { startTestService, testFixture, type TestService } from '../../support/service'

let service: TestService
let app: TestCore
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
  app = await startTestCore({ serviceUrl: service.url })
})
afterAll(async () => {
  await app.dispose()
  await service.dispose()
})

/** The test core, counting the calls that reach it. */
function counted(): { core: Pick<Core, 'dispatch' | 'subscribe'>; calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    core: {
      dispatch: (channel, input) => {
        calls.push(channel)
        return app.core.dispatch(channel, input)
      },
      subscribe: (listener) => app.core.subscribe(listener),
    },
  }
}

const settled = async (promise: Promise<unknown>, ms = 200) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))])

describe('the first-screen turn', () => {
  it('gives the page the warm-up’s grant list, asking the core once, and ends when that list has answered', async () => {
    const { core, calls } = counted()
    const turn = firstScreenTurn(60_000)
    const warmed = turn.warming(core).dispatch('grants.list', { status: 'open' })
    const page = turn.watch(core)
    const answer = await page.dispatch('grants.list', { status: 'open' })
    expect(answer).toBe(await warmed)
    expect(answer.ok).toBe(true)
    expect(calls).toEqual(['grants.list'])
    expect(await settled(turn.over)).toBe(true)
    // After the turn, the page's calls are its own.
    await page.dispatch('grants.list', { status: 'open' })
    expect(calls).toEqual(['grants.list', 'grants.list'])
  })

  it('does not end at the saved copy the page shows meanwhile, only at its live list', async () => {
    const { core, calls } = counted()
    const turn = firstScreenTurn(60_000)
    const page = turn.watch(core)
    // A live list first, so that a copy is saved.
    await app.core.dispatch('grants.list', { status: 'open' })
    const saved = await page.dispatch('grants.list', { status: 'open', saved: true })
    expect(saved).toMatchObject({ ok: true, value: { fromCache: true, cacheReason: null } })
    expect(await settled(turn.over)).toBe(false)
    await page.dispatch('grants.list', { status: 'open' })
    expect(await settled(turn.over)).toBe(true)
    expect(calls).toEqual(['grants.list', 'grants.list'])
  })

  it('ends at a call the grant list’s screen does not make before its rows show', async () => {
    const { core } = counted()
    const turn = firstScreenTurn(60_000)
    await turn.watch(core).dispatch('session.status', undefined)
    expect(await settled(turn.over)).toBe(false)
    await turn.watch(core).dispatch('settings.get', undefined)
    expect(await settled(turn.over)).toBe(true)
  })

  it('ends after its wait when no page comes, counted from when the host listens', async () => {
    const turn = firstScreenTurn(50)
    expect(await settled(turn.over, 150)).toBe(false)
    turn.startClock()
    expect(await settled(turn.over, 1_000)).toBe(true)
  })
})
