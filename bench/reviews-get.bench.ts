/**
 * `reviews.get` on a draft with 2,000 review record files (a real proposal, and records as a
 * team writes them: threads quoting its pitch, replies, resolutions and verdicts, each of which
 * carries the whole pitch), through the real core's `dispatch`, against baselines in the same
 * runs outside the app:
 *
 * - The second call: the records were read once, nothing changed since. Baseline: what a file
 *   browser does to list the record folder, `readdir` and a `stat` of each record (issue 34: it
 *   was a full read and parse of every record, which nothing needs when nothing changed, and
 *   flattered the app 13-fold). The app answers with the threads worked out, a file browser only
 *   with names and sizes; both are what the user waits for on opening the review.
 *   Goal: at most 3×, about 3× the measured ratio (GOAL_RATIO).
 * - The first listing of the draft by a new store (nothing read yet), against a full read:
 *   `readdir`, then `readFile` and the YAML library's `parse` of every record, since both must
 *   read every record. No goal; what reading them once costs (the app does it when it starts
 *   watching the folder).
 *
 * The core watches the folder, as the app does: a review folder it has read while its watch was
 * up is used without a stat of each record until its next event (src/main/core/folder/record-cache.ts).
 * The records are written more than 2 s before they are timed: without a watch, a file read within
 * 2 s of its last change is read again to be sure (identity.ts). Every answer is checked.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { readFile, readdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { createCore, type Core } from '../src/main/core/core'
import { DraftStore } from '../src/main/core/drafts'
import { readReviewBrief } from '../src/main/core/reviews'
import { reviewedVersion } from '../src/main/core/folder/review-files'
import { silentLogger } from '../src/main/core/errors'
import { MemorySecretStore } from '../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../src/main/core/settings'
import { parseDraftFile } from '../src/shared/draft-file'
import { quoteAt, newRecordId, serializeRecord, type ReviewRecord, type ReviewData } from '../src/shared/review'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

const RECORDS = 2_000
const AUTHORS = ['Ada', 'Ben', 'Cy', 'Dee']
/** About 3× the ratio measured (1.0×, on a loaded machine): a second call that reads what did not change fails it. */
const GOAL_RATIO = 3

/** 2,000 records on `pitch`: 1,200 threads quoting it, 600 replies, 150 resolutions, 50 verdicts. */
function teamRecords(pitch: string, fields: Record<string, string>): { records: ReviewRecord[]; threads: number } {
  const records: ReviewRecord[] = []
  const start = Date.UTC(2026, 10, 1, 9)
  const stamp = (n: number) => {
    const at = new Date(start + n * 60_000)
    return { id: newRecordId(at, (n >>> 0).toString(16).padStart(8, '0')), created_at: at.toISOString(), author: AUTHORS[n % AUTHORS.length]! }
  }
  const threads: string[] = []
  for (let n = 0; n < 1_200; n++) {
    const from = Math.floor((n * 7919) % Math.max(1, pitch.length - 130))
    const quote = quoteAt(pitch, from, Math.min(pitch.length, from + 20 + (n % 100)))
    const record: ReviewRecord = {
      ...stamp(n),
      kind: 'thread',
      anchor: { target: 'pitch', quote },
      body: `Comment ${n}: say who owns this, and by when; the reviewers will ask.`,
    }
    records.push(record)
    threads.push(record.id)
  }
  for (let n = 0; n < 600; n++)
    records.push({ ...stamp(1_200 + n), kind: 'reply', thread: threads[n * 2]!, body: `Reply ${n}: done in the last save, see the milestone table.` })
  for (let n = 0; n < 150; n++) records.push({ ...stamp(1_800 + n), kind: 'resolve', thread: threads[n * 8]! })
  for (let n = 0; n < 50; n++)
    records.push({
      ...stamp(1_950 + n),
      kind: 'verdict',
      verdict: n % 5 === 0 ? 'request-changes' : 'approve',
      note: '',
      reviewed: reviewedVersion(pitch, fields),
    })
  return { records, threads: threads.length }
}

export default defineBench({
  title: 'Review records, 2,000 on one draft',
  async run(context) {
    const { shared } = context
    const runs = (defaultRuns: number) => context.runs(defaultRuns)
    const log = (line: string) => context.log(line)
    const source = join(shared, 'real-proposals', 'drafts')
    let draftText: string
    try {
      // The longest real proposal: the verdicts carry its whole pitch.
      const names = readdirSync(source).filter((name) => name.endsWith('.md'))
      draftText = names.map((name) => readFileSync(join(source, name), 'utf8')).reduce((a, b) => (b.length > a.length ? b : a))
    } catch {
      const skipped = `${source} is absent: the draft is a real proposal`
      return [{ name: 'reviews.get, second call, 2,000 records', unit: 'ms', values: [], skipped }]
    }
    const { pitch, frontMatter } = parseDraftFile(draftText)
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-bench-reviews-'))
    const folder = join(root, 'team-folder')
    const recordsFolder = join(folder, 'team-draft.reviews')
    mkdirSync(recordsFolder, { recursive: true })
    writeFileSync(join(folder, 'team-draft.md'), draftText)
    const { records, threads } = teamRecords(pitch, frontMatter.custom_fields)
    let bytes = 0
    for (const record of records) {
      const text = serializeRecord(record)
      bytes += Buffer.byteLength(text)
      writeFileSync(join(recordsFolder, `${record.id}.yaml`), text)
    }
    log(`${RECORDS} records written (${Math.round(bytes / 1024)} KB), on a pitch of ${Math.round(pitch.length / 1024)} KB`)

    // What a file browser does: the folder's entries, and a stat of each.
    const listing = async () => {
      const names = await readdir(recordsFolder)
      const stats = await Promise.all(names.map((name) => stat(join(recordsFolder, name))))
      if (stats.filter((entry) => entry.isFile()).length !== RECORDS) throw new Error(`the listing found ${stats.length} records`)
    }
    // A full read: every record read and parsed.
    const fullRead = async () => {
      const names = await readdir(recordsFolder)
      const parsed = await Promise.all(names.map(async (name) => parse(await readFile(join(recordsFolder, name), 'utf8')) as unknown))
      if (parsed.length !== RECORDS) throw new Error(`the baseline read ${parsed.length} records`)
    }

    const open = async (): Promise<Core> => {
      const dataDir = mkdtempSync(join(root, 'data-'))
      const core = await createCore({
        dataDir,
        secrets: new MemorySecretStore(),
        settings: await JsonFileSettingsBackend.open(join(dataDir, 'settings.json')),
        env: { GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
        log: silentLogger,
      })
      const set = await core.dispatch('settings.update', { draftsFolder: folder })
      if (!set.ok) throw new Error(set.error.message)
      return core
    }
    const get = async (core: Core) => {
      const result = await core.dispatch('reviews.get', { draftId: 'team-draft' })
      if (!result.ok) throw new Error(`reviews.get: ${result.error.code} ${result.error.message}`)
      const data = result.value as ReviewData
      if (data.threads.length !== threads || data.verdicts.length !== 50 || data.unreadable.length !== 0) {
        throw new Error(`reviews.get answered ${data.threads.length} threads, ${data.verdicts.length} verdicts, ${data.unreadable.length} unreadable`)
      }
    }

    // Past the 2 s in which a file just written is read again to be sure.
    await new Promise((done) => setTimeout(done, 2_100))
    const rows: RowSpec[] = []
    const core = await open()
    try {
      await get(core)
      const second = await timeCases({ app: () => get(core), baseline: listing }, { runs: runs(7) })
      rows.push({
        name: 'reviews.get, second call, 2,000 records',
        unit: 'ms',
        values: second.app,
        baseline: { name: 'readdir + a stat of each record (a file browser)', values: second.baseline },
        goal: { of: 'ratio', atMost: GOAL_RATIO },
        detail: [`1,200 threads quoting the pitch, 600 replies, 150 resolutions, 50 verdicts (${Math.round(bytes / 1024)} KB); every answer checked`],
      })
    } finally {
      await core.close()
    }

    // What reading them once costs: a new store's first listing reads every record (for the draft's review brief).
    const cold = { app: [] as number[], base: [] as number[] }
    for (let run = 0; run < runs(5); run++) {
      let start = performance.now()
      await fullRead()
      cold.base.push(performance.now() - start)
      const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir: join(root, 'trash'), log: silentLogger })
      start = performance.now()
      const { items } = await store.list()
      cold.app.push(performance.now() - start)
      const item = items[0]
      if (items.length !== 1 || item?.state !== 'ok' || item.review.openThreads !== threads - 150)
        throw new Error(`the first listing answered ${JSON.stringify(item)}`)
    }
    rows.push({
      name: 'First listing of a draft with 2,000 records (nothing read yet), against a full read',
      unit: 'ms',
      values: cold.app,
      baseline: { name: 'a full read: readdir + readFile + YAML parse of every record', values: cold.base },
      detail: ['a new store each run: every record read, checked against the record schema and folded into the review brief'],
    })
    rmSync(root, { recursive: true, force: true })
    return rows
  },
})
