/**
 * 5,000 review record files arriving at once in the drafts folder the app watches: a teammate's
 * `git pull` (real git, into a real core with the real sandbox; test/support/team-pull.ts).
 *
 * - The slowest answer to an unrelated call (`settings.get`, made every 20 ms, counted from when
 *   it was due) while the files arrive and are read. Goal ≤ 80 ms (measured 26 ms; issue 34: the
 *   goal was 1 s, which no regression short of a frozen core would fail). Baseline in the same
 *   run: the slowest answer over as long a time before the pull, with nothing arriving.
 * - When the 5,000 new threads showed in the review, from the start of the pull. Goal ≤ 17 s
 *   (measured 5.7 s; it was 30 s). Baseline in the same run: how long `git pull` itself took.
 *
 * Each run is a new folder, core and pull. A run whose threads never show is an error.
 */
import { pullManyRecords } from '../test/support/team-pull'
import { startTestService, testFixture } from '../test/support/service'
import { defineBench, type RowSpec } from './lib/row'

/** About 3× what the project's CI measured (26 ms and 5.7 s), so that a regression fails them. */
const SLOWEST_CALL_GOAL_MS = 80
const THREADS_SHOWN_GOAL_MS = 17_000

export default defineBench({
  title: 'A git pull of 5,000 review records into the watched folder',
  async run(context) {
    const runs = (defaultRuns: number) => context.runs(defaultRuns)
    const log = (line: string) => context.log(line)
    const service = await startTestService({ fixture: testFixture() })
    const slowest = { app: [] as number[], idle: [] as number[] }
    const shown = { app: [] as number[], pull: [] as number[] }
    const blocked: number[] = []
    try {
      for (let run = 0; run < runs(5); run++) {
        const result = await pullManyRecords({ serviceUrl: service.url, drafts: 1, perDraft: 5_000, boundMs: 60_000, idleMs: 3_000 })
        try {
          if (result.threadsShownMs === null) {
            const error = `run ${run + 1}: the 5,000 threads did not show within 60 s`
            return [{ name: '5,000 record files arriving: new threads shown after', unit: 'ms', values: [], error }]
          }
          slowest.app.push(Math.max(...result.latencies))
          slowest.idle.push(Math.max(...result.idleLatencies))
          shown.app.push(result.threadsShownMs)
          shown.pull.push(result.pullMs)
          blocked.push(result.loopBlockedMs)
          log(
            `run ${run + 1}: pull ${Math.round(result.pullMs)} ms, threads shown after ${Math.round(result.threadsShownMs)} ms, slowest of ${result.latencies.length} unrelated calls ${Math.round(Math.max(...result.latencies))} ms`,
          )
        } finally {
          await result.dispose()
        }
      }
    } finally {
      await service.dispose()
    }
    const rows: RowSpec[] = [
      {
        name: '5,000 record files arriving: slowest unrelated call',
        unit: 'ms',
        values: slowest.app,
        baseline: { name: 'slowest over 3 s before, nothing arriving', values: slowest.idle },
        goal: { of: 'value', atMost: SLOWEST_CALL_GOAL_MS },
        detail: [
          'settings.get every 20 ms through the core’s dispatch, timed from when each was due (a blocked event loop counts)',
          `the event loop was blocked at most ${blocked.map((ms) => Math.round(ms)).join(', ')} ms in the runs`,
        ],
      },
      {
        name: '5,000 record files arriving: new threads shown after',
        unit: 'ms',
        values: shown.app,
        baseline: { name: 'git pull alone', values: shown.pull },
        goal: { of: 'value', atMost: THREADS_SHOWN_GOAL_MS },
        detail: ['from the start of the pull until reviews.get, asked after each drafts.changed, answers all 5,000'],
      },
    ]
    return rows
  },
})
