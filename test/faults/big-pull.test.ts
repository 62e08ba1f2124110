/**
 * A `git pull` of 20,000 review record files (5,000 on each of four drafts, in review folders
 * that did not exist before) into the drafts folder a real core watches: the core never hangs.
 * An unrelated call answers within a second throughout, and every new thread shows. The old
 * recursive `fs.watch` gave no answer after five minutes here. Real files, real git, the real
 * core and sandbox (test/support/team-pull.ts).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { pullManyRecords } from '../support/team-pull'
import { startTestService, testFixture, type TestService } from '../support/service'

let service: TestService | null = null
let pulled: { dispose(): Promise<void> } | null = null
// Removing two clones of 20,000 files each takes its time on a busy disk: more than the 30 s a hook gets by default.
afterEach(async () => {
  await pulled?.dispose()
  await service?.dispose()
  pulled = null
  service = null
}, 180_000)

describe('a git pull of 20,000 files', () => {
  it('never stops the core: an unrelated call answers within 1 s throughout, and all 20,000 threads show', async () => {
    service = await startTestService({ fixture: testFixture() })
    const result = await pullManyRecords({ serviceUrl: service.url, drafts: 4, perDraft: 5_000, boundMs: 120_000 })
    pulled = result
    const slowest = Math.max(...result.latencies)
    console.log(
      `[faults] big pull: 20,000 files pulled in ${Math.round(result.pullMs)} ms; threads shown after ${result.threadsShownMs === null ? 'never' : Math.round(result.threadsShownMs)} ms; ${result.latencies.length} unrelated calls, slowest ${Math.round(slowest)} ms`,
    )
    expect(slowest).toBeLessThan(1_000)
    expect(result.threadsShownMs).not.toBeNull()
    // What the core logged, for the record (warnings are allowed: a file read while git wrote it, say).
    const warnings = result.core.logged.filter((entry) => entry.level === 'warn').map((entry) => entry.message)
    if (warnings.length > 0) console.log(`[faults] big pull: the core warned ${warnings.length} times: ${[...new Set(warnings)].slice(0, 5).join(' | ')}`)
    expect(result.core.logged.filter((entry) => entry.level === 'error')).toEqual([])
  })
})
