/**
 * The host's warm-up (src/host/warm-up.ts) through a real core and sandbox: every call it makes
 * passes the contract and answers (a call the contract refused would warm nothing), logged in
 * or not, the grant list's wave before the rest, and a service that cannot be reached fails
 * only its own calls, never the warm-up.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIRST_CALLS, THEN_CALLS, warmUp } from '../../../src/host/warm-up'
import type { IpcResult } from '../../../src/shared/ipc'
import { startTestCore } from '../../support/core'
import { USERS, startTestService, testFixture, type TestService } from '../../support/service'

let service: TestService
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.dispose()
})

/** What the warm-up asked and when each answered, in order, for the last `warmed`. */
let order: string[] = []

async function warmed(serviceUrl: string, login: boolean): Promise<Record<string, IpcResult<unknown>>> {
  order = []
  const app = await startTestCore({ serviceUrl })
  try {
    if (login) await app.call('session.login', USERS[0])
    const answers: Record<string, IpcResult<unknown>> = {}
    await warmUp({
      dispatch: async (channel, input) => {
        const call = `${channel} ${JSON.stringify(input ?? null)}`
        order.push(`asked ${call}`)
        const answer = await app.core.dispatch(channel, input)
        order.push(`answered ${call}`)
        answers[call] = answer
        return answer
      },
    })
    return answers
  } finally {
    await app.dispose()
  }
}

it('makes every first call of the page, each one accepted and answered', async () => {
  for (const login of [true, false]) {
    const answers = await warmed(service.url, login)
    expect(Object.keys(answers)).toHaveLength(FIRST_CALLS.length + THEN_CALLS.length)
    for (const [call, answer] of Object.entries(answers)) expect(answer.ok, `${call}: ${JSON.stringify(answer)}`).toBe(true)
  }
})

it('asks the grant list and the session first, and the rest only once both have answered, as the page does', async () => {
  await warmed(service.url, true)
  const firsts = FIRST_CALLS.map(([channel, input]) => `${channel} ${JSON.stringify(input ?? null)}`)
  // The first wave: asked before anything else, all answered before the next wave is asked.
  expect(order.slice(0, firsts.length).sort()).toEqual(firsts.map((call) => `asked ${call}`).sort())
  expect(order.slice(firsts.length, 2 * firsts.length).sort()).toEqual(firsts.map((call) => `answered ${call}`).sort())
  expect(order).toHaveLength(2 * (FIRST_CALLS.length + THEN_CALLS.length))
})

it('settles when the service cannot be reached: only the grant lists fail, as the page’s own calls would', async () => {
  const answers = await warmed('http://127.0.0.1:9', false)
  const failed = Object.entries(answers).filter(([, answer]) => !answer.ok)
  expect(failed.map(([call]) => call).sort()).toEqual(['grants.list {"status":"all","type":"bounty"}', 'grants.list {"status":"open"}'])
  for (const [, answer] of failed) expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } })
})

it('asks the second wave only once `after` has settled (the host’s first-screen turn)', async () => {
  const app = await startTestCore({ serviceUrl: service.url })
  try {
    const asked: string[] = []
    let release = () => {}
    const after = new Promise<void>((resolve) => (release = resolve))
    const done = warmUp(
      {
        dispatch: (channel, input) => {
          asked.push(channel)
          return app.core.dispatch(channel, input)
        },
      },
      after,
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(asked.sort()).toEqual(FIRST_CALLS.map(([channel]) => channel).sort())
    release()
    await done
    expect(asked).toHaveLength(FIRST_CALLS.length + THEN_CALLS.length)
  } finally {
    await app.dispose()
  }
})
