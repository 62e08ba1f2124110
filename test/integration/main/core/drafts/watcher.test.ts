/**
 * The drafts folder's watcher survives a `git pull` of thousands of files: 5,000 review record
 * files arrive at once in a folder a real core watches, an unrelated call keeps answering within
 * a second throughout, and the 5,000 new threads show in the review within 30 seconds. Real
 * files, real git, a real core and sandbox (see test/support/team-pull.ts). The bounds are
 * functional and generous, not speed targets: `npm run bench` (bench/big-pull.bench.ts) measures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pullManyRecords } from '../../../../support/team-pull'
import { startTestService, testFixture, type TestService } from '../../../../support/service'

let service: TestService

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.close()
})

describe('a git pull of 5,000 review records into the watched folder', () => {
  it('the core answers an unrelated call within 1 s throughout, and the 5,000 new threads show within 30 s', async () => {
    const { core, latencies, threadsShownMs, pullMs, loopBlockedMs, dispose } = await pullManyRecords({
      serviceUrl: service.url,
      drafts: 1,
      perDraft: 5_000,
      boundMs: 30_000,
    })
    try {
      const slowest = Math.max(...latencies)
      console.log(
        `[watcher] pull ${Math.round(pullMs)} ms; threads shown after ${threadsShownMs === null ? 'never' : Math.round(threadsShownMs)} ms; ${latencies.length} unrelated calls, slowest ${Math.round(slowest)} ms; event loop blocked at most ${Math.round(loopBlockedMs)} ms`,
      )
      expect(latencies.length).toBeGreaterThan(10)
      expect(slowest).toBeLessThan(1_000)
      expect(threadsShownMs).not.toBeNull()
      expect(threadsShownMs!).toBeLessThan(30_000)
      expect(core.logged.filter((entry) => entry.level === 'error')).toEqual([])
    } finally {
      await dispose()
    }
  }, 120_000)
})
