/**
 * The host's warm-up (src/host/warm-up.ts) through a real core and sandbox: every call it makes
 * passes the contract and answers (a call the contract refused would warm nothing), logged in
 * or not, and a service that cannot be reached fails only its own calls, never the warm-up.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FIRST_CALLS, warmUp } from '../../../src/host/warm-up'
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

async function warmed(serviceUrl: string, login: boolean): Promise<Record<string, IpcResult<unknown>>> {
  const app = await startTestCore({ serviceUrl })
  try {
    if (login) await app.call('session.login', USERS[0])
    const answers: Record<string, IpcResult<unknown>> = {}
    await warmUp({
      dispatch: async (channel, input) => {
        const answer = await app.core.dispatch(channel, input)
        answers[`${channel} ${JSON.stringify(input ?? null)}`] = answer
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
    expect(Object.keys(answers)).toHaveLength(FIRST_CALLS.length)
    for (const [call, answer] of Object.entries(answers)) expect(answer.ok, `${call}: ${JSON.stringify(answer)}`).toBe(true)
  }
})

it('settles when the service cannot be reached: only the grant lists fail, as the page’s own calls would', async () => {
  const answers = await warmed('http://127.0.0.1:9', false)
  const failed = Object.entries(answers).filter(([, answer]) => !answer.ok)
  expect(failed.map(([call]) => call).sort()).toEqual(['grants.list {"status":"all","type":"bounty"}', 'grants.list {"status":"open"}'])
  for (const [, answer] of failed) expect(answer).toMatchObject({ ok: false, error: { code: 'offline' } })
})
