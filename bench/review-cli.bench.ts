/**
 * Anchoring with a budget, where it is awaited: `grant-desk review` on a draft with 200 threads
 * quoting 5,000 characters that are not in its pitch (passages of a long pitch rewritten since;
 * test/support/hostile-quotes.ts), and one thread whose quote is still there.
 *
 * - The CLI as installed (bundled as `npm run build:cli` bundles it, run with node), whole:
 *   start, read, place, print. Goal ≤ 2,000 ms. Baseline in the same runs: the same CLI on the
 *   same draft with only the thread whose quote is there. Each answer is checked: the 200 are
 *   listed as not placed (`pending`), the other one at its line.
 * - `placeAnchors` alone on the 200, within ANCHOR_BUDGET: no goal beyond the CLI's; the detail
 *   says what a search without a budget costs (measured on 10 of them).
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parseDraftFile } from '../src/shared/draft-file'
import { ANCHOR_BUDGET, locateQuotes, placeAnchors, quoteAt } from '../src/shared/review/anchor'
import { newRecordId, serializeRecord, type ReviewRecord } from '../src/shared/review/records'
import { hostileQuotes, longPitch } from '../test/support/hostile-quotes'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

const run = promisify(execFile)
const THREADS = 200

interface Report {
  threads: { anchor: { status: string; line?: number } }[]
}

export default defineBench({
  title: 'Review anchors within a time budget',
  async run(context) {
    const { project } = context
    const runs = (defaultRuns: number) => context.runs(defaultRuns)
    const log = (line: string) => context.log(line)
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-bench-anchors-'))
    try {
      // The CLI as `npm run build:cli` bundles it, built from these sources into a folder of its own.
      const bundleDir = join(root, 'cli')
      execFileSync(
        process.execPath,
        [join(project, 'node_modules/vite/bin/vite.js'), 'build', '-c', join(project, 'vite.cli.config.ts'), '--outDir', bundleDir, '--logLevel', 'warn'],
        { cwd: project, stdio: 'pipe' },
      )
      const bundle = join(bundleDir, 'grant-desk.mjs')

      const fixture = readFileSync(join(project, 'test/fixtures/checklist/good-pitch.md'), 'utf8')
        .replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2')
        .replace('reviews: []\n', '')
      const { pitch } = parseDraftFile(fixture)
      const long = longPitch(pitch, 8)
      const draftText = fixture.replace(pitch, long)
      const quotes = hostileQuotes(long, THREADS)
      const start = Date.UTC(2026, 10, 23, 9)
      const record = (n: number, quote: ReturnType<typeof quoteAt>): ReviewRecord => {
        const at = new Date(start + n * 60_000)
        return {
          id: newRecordId(at, n.toString(16).padStart(8, '0')),
          kind: 'thread',
          author: 'Ben',
          created_at: at.toISOString(),
          anchor: { target: 'pitch', quote },
          body: `Comment ${n}`,
        }
      }
      const present = long.indexOf('cannot see why a transaction failed')
      const placeable = record(THREADS, quoteAt(long, present, present + 'cannot see why a transaction failed'.length))
      const write = (id: string, records: ReviewRecord[]) => {
        const folder = join(root, 'drafts', `${id}.reviews`)
        mkdirSync(folder, { recursive: true })
        writeFileSync(join(root, 'drafts', `${id}.md`), draftText)
        for (const r of records) writeFileSync(join(folder, `${r.id}.yaml`), serializeRecord(r))
        return join(root, 'drafts', `${id}.md`)
      }
      const hostile = write('hostile', [...quotes.map((quote, n) => record(n, quote)), placeable])
      const plain = write('plain', [placeable])

      const review = async (file: string, expectPending: number) => {
        const { stdout } = await run(process.execPath, [bundle, 'review', '--format', 'json', file], { maxBuffer: 64 * 1024 * 1024 })
        const [report] = JSON.parse(stdout) as Report[]
        const statuses = report!.threads.map((thread) => thread.anchor.status)
        const pending = statuses.filter((status) => status === 'pending').length
        const placed = statuses.filter((status) => status === 'exact' || status === 'fuzzy').length
        if (placed !== 1 || pending < expectPending) throw new Error(`grant-desk review placed ${placed} and left ${pending} pending of ${statuses.length}`)
      }
      const cli = await timeCases({ app: () => review(hostile, THREADS - 10), baseline: () => review(plain, 0) }, { runs: runs(5), repeat: 3, warmup: 1 })

      const budgeted = await timeCases(
        {
          placeAnchors: () => {
            const placed = placeAnchors({ text: long, quotes }, ANCHOR_BUDGET)
            if (placed.matches.some((match) => match.status === 'exact' || match.status === 'fuzzy'))
              throw new Error('placeAnchors placed a quote that is not in the pitch')
          },
        },
        { runs: runs(5), repeat: 1, warmup: 1 },
      )
      const began = performance.now()
      locateQuotes(long, quotes.slice(0, 10))
      const unbudgeted = (performance.now() - began) / 10
      log(`without a budget: ${unbudgeted.toFixed(0)} ms a quote, about ${((unbudgeted * THREADS) / 1000).toFixed(0)} s for the 200`)

      const rows: RowSpec[] = [
        {
          name: 'grant-desk review, 200 threads quoting 5,000 characters not in the pitch',
          unit: 'ms',
          values: cli.app,
          baseline: { name: 'the same CLI, the one placeable thread only', values: cli.baseline },
          goal: { of: 'value', atMost: 2_000 },
          detail: [`a ${Math.round(long.length / 1024)} KB pitch; every run checked: the 200 listed as not placed yet, the other one placed`],
        },
        {
          name: 'placeAnchors, 200 hostile quotes, budget 50 ms a quote and 500 ms in all',
          unit: 'ms',
          values: budgeted.placeAnchors,
          detail: [
            `without a budget (locateQuotes) one such quote takes ${unbudgeted.toFixed(0)} ms: about ${((unbudgeted * THREADS) / 1000).toFixed(0)} s for the 200`,
          ],
        },
      ]
      return rows
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
})
