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
 *
 * And the gate in proportion (issue 34): `grant-desk review --require-approval` over a folder of
 * 500 drafts with 10 review records each (an author record, three threads with two replies,
 * each resolved, and a teammate's approval of the text as it is), committed in a git repository
 * as a CI job checks it out, so the append-only history check runs too. Baseline, run the same
 * way (a child process of node, in the same rounds): a plain Node script that reads every record
 * file and parses it with `yaml.parse`: the least a reader of the records with the usual YAML
 * library does (the gate reads the YAML the app wrote with its own reader,
 * src/shared/text/plain-yaml.ts, which leaves anything else to yaml). Goal ≤ 1.5×.
 * Every run is checked: the gate exits 0 with all 500 approved, the script parsed all 5,000.
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { reviewedVersion } from '../src/main/core/folder/review-files'
import { parseDraftFile } from '../src/shared/draft-file'
import { ANCHOR_BUDGET, locateQuotes, placeAnchors, quoteAt, newRecordId, serializeRecord, type ReviewRecord } from '../src/shared/review'
import { hostileQuotes, longPitch } from '../test/support/hostile-quotes'
import { runProgram } from './lib/cli-bundle'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

const run = promisify(execFile)
const THREADS = 200
const GATE_DRAFTS = 500

/**
 * The gate's folder: `count` drafts, each with 10 records (an author record by Ada, three threads
 * by Ben with two replies by Ada, each thread resolved, Ben's approval of the text as it is),
 * committed in a git repository. Answers the drafts folder.
 */
function gateFolder(root: string, draftText: string, count: number): string {
  const folder = join(root, 'team', 'drafts')
  mkdirSync(folder, { recursive: true })
  const { pitch, frontMatter } = parseDraftFile(draftText)
  const reviewed = reviewedVersion(pitch, frontMatter.custom_fields)
  const start = Date.UTC(2026, 10, 20, 9)
  let n = 0
  const next = () => {
    const at = new Date(start + n * 1000)
    return { id: newRecordId(at, (n++).toString(16).padStart(8, '0')), created_at: at.toISOString() }
  }
  for (let d = 0; d < count; d++) {
    writeFileSync(join(folder, `draft-${d}.md`), draftText)
    const records: ReviewRecord[] = [{ ...next(), kind: 'author', author: 'Ada', role: 'created' }]
    const threads = [next(), next(), next()]
    for (const [i, thread] of threads.entries()) {
      records.push({ ...thread, kind: 'thread', author: 'Ben', anchor: { target: 'draft' }, body: `Point ${i} on draft ${d}: cite the survey.` })
      if (i < 2) records.push({ ...next(), kind: 'reply', author: 'Ada', thread: thread.id, body: `Done for point ${i}.` })
    }
    for (const thread of threads) records.push({ ...next(), kind: 'resolve', author: 'Ben', thread: thread.id })
    records.push({ ...next(), kind: 'verdict', author: 'Ben', verdict: 'approve', note: 'Ready.', reviewed })
    mkdirSync(join(folder, `draft-${d}.reviews`))
    for (const record of records) writeFileSync(join(folder, `draft-${d}.reviews`, `${record.id}.yaml`), serializeRecord(record))
  }
  const git = (...args: string[]) => execFileSync('git', args, { cwd: join(root, 'team'), stdio: 'pipe' })
  git('init', '-q')
  git('add', '-A')
  git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.org', 'commit', '-qm', 'the team folder')
  return folder
}

/** The baseline: a plain Node script that reads every record file under a folder and parses it with `yaml.parse`, printing how many. */
function plainReadScript(root: string, project: string): string {
  const yaml = pathToFileURL(createRequire(join(project, 'package.json')).resolve('yaml')).href
  const script = join(root, 'read-records.mjs')
  writeFileSync(
    script,
    [
      `import { readFileSync, readdirSync } from 'node:fs'`,
      `import { join } from 'node:path'`,
      `import { parse } from ${JSON.stringify(yaml)}`,
      `const folder = process.argv[2]`,
      `let parsed = 0`,
      `for (const name of readdirSync(folder, { recursive: true })) {`,
      `  if (!name.endsWith('.yaml')) continue`,
      `  if (parse(readFileSync(join(folder, name), 'utf8')).id) parsed++`,
      `}`,
      `console.log(parsed)`,
    ].join('\n'),
  )
  return script
}

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

      // The gate over 500 drafts × 10 records, against reading and parsing the records.
      const gateDrafts = gateFolder(root, fixture, GATE_DRAFTS)
      const readScript = plainReadScript(root, project)
      const gateProblems: string[] = []
      const gate = await timeCases(
        {
          app: async () => {
            const ran = await runProgram(process.execPath, [bundle, 'review', '--require-approval', gateDrafts])
            if (ran.code !== 0 || !ran.stdout.includes(`${GATE_DRAFTS} drafts reviewed: ${GATE_DRAFTS} approved with no open threads.`))
              gateProblems.push(`grant-desk review --require-approval exited ${ran.code}: ${(ran.stdout.slice(-200) + ran.stderr.slice(0, 300)).trim()}`)
          },
          baseline: async () => {
            const ran = await runProgram(process.execPath, [readScript, gateDrafts])
            if (ran.code !== 0 || ran.stdout.trim() !== String(GATE_DRAFTS * 10))
              gateProblems.push(`the plain read parsed ${ran.stdout.trim()} records (exit ${ran.code})`)
          },
        },
        { runs: runs(7), repeat: 3, warmup: 1 },
      )

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

      const gateName = `grant-desk review --require-approval, ${GATE_DRAFTS} drafts × 10 records, in a git work tree`
      const rows: RowSpec[] = [
        gateProblems.length > 0
          ? { name: gateName, unit: 'ms', values: [], error: gateProblems.slice(0, 3).join('; ') }
          : {
              name: gateName,
              unit: 'ms',
              values: gate.app,
              baseline: { name: 'a plain Node script: read every record file, yaml.parse it', values: gate.baseline },
              goal: { of: 'ratio', atMost: 1.5 },
              detail: [
                'both run with node as child processes; every run checked: exit 0 and all 500 approved, the script parsed all 5,000',
                'the gate also reads each draft, checks each verdict against the text, and asks git whether a committed record was removed or changed',
                'the gate reads in two threads (a worker reads and parses drafts and records, src/cli/read-ahead), the baseline in one',
              ],
            },
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
