/**
 * Crash safety of draft history: a child process (crash-child.ts: the real drafts store and
 * history, saving one draft in a tight loop) is killed with SIGKILL at a random moment, 50
 * times, each run going on from what the last one left. After every kill, what is on disk must
 * hold up: no version file that does not parse or rebuild (write-file-atomic's leftovers are
 * cleaned by the next read, and counted here as evidence that kills landed mid-write), and the
 * draft file is exactly one of the versions written, never older than the last save that
 * returned. At the end, the app's own history lists every version and each reads back exactly.
 *
 * The child's own sources are bundled once with vite (as `vite.cli.config.ts` bundles the CLI)
 * and run with plain `node`: starting tsx 50 times would take most of a minute on its own. Its
 * npm dependencies stay outside the bundle (write-file-atomic is CommonJS and names its own
 * file), so the bundle is written inside the project, where `node` finds them.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { silentLogger } from '../../../../../src/main/core/errors'
import { DraftHistory } from '../../../../../src/main/core/history'
import { historyKey } from '../../../../../src/main/core/history/format'
import { DEFAULT_LIMITS, SnapshotFolder } from '../../../../../src/main/core/history/store'
import { parseDraftFile } from '../../../../../src/shared/draft-file'
import { tempDir } from '../../../../support/service'
import { CRASH_LIMITS, crashPitch, crashTime, saveNumber } from './crash-child'

const KILLS = 50
const dirs: string[] = []
let bundle: string

beforeAll(async () => {
  const cache = join(process.cwd(), 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const out = mkdtempSync(join(cache, 'grant-desk-crash-child-'))
  dirs.push(out)
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: join(import.meta.dirname, 'crash-child.ts'),
      outDir: out,
      target: 'node20',
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'crash-child.mjs', format: 'es' } },
    },
    ssr: { target: 'node' },
  })
  bundle = join(out, 'crash-child.mjs')
}, 60_000)

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

// mulberry32: the same kill moments on every run, so a failure can be repeated.
function prng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Runs the child until it has reported `saves` saves done, then for `ms` more, then SIGKILL.
 * Returns the last save it reported done. Counting saves, not only time, keeps the kills on
 * writes however slow the machine is: a kill timed from start alone can land before the first
 * save of every run when the tests around it load the processor.
 */
async function runAndKill(dataDir: string, folder: string, saves: number, ms: number): Promise<{ draftId: string; lastSaved: number }> {
  const child: ChildProcess = spawn(process.execPath, [bundle, dataDir, folder], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((done) => child.on('exit', () => done()))
  const draftId = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      const ready = /^ready (\S+)$/m.exec(stdout)
      if (ready && [...stdout.matchAll(/^saved \d+$/gm)].length >= saves) resolve(ready[1]!)
    })
    void exited.then(() => reject(new Error(`the child exited before it was ready and had saved ${saves} times: ${stderr}`)))
  })
  await new Promise((done) => setTimeout(done, ms))
  child.kill('SIGKILL')
  await exited
  const saved = [...stdout.matchAll(/^saved (\d+)$/gm)].map((m) => Number(m[1]))
  return { draftId, lastSaved: saved.at(-1) ?? -1 }
}

it(`leaves no broken version and no lost draft after ${KILLS} kills mid-write`, async () => {
  const dataDir = tempDir('grant-desk-crash-data-')
  const folder = tempDir('grant-desk-crash-drafts-')
  dirs.push(dataDir, folder)
  const random = prng(20_261_124)
  let leftovers = 0
  let draftLeftovers = 0
  let draftId = ''
  let highest = -1
  for (let kill = 0; kill < KILLS; kill++) {
    // A save and its version take about 10 ms: 0–3 saves done, then 0–150 ms more (up to 15
    // saves on a quiet machine), so kills land before, during and between writes, and trims
    // and folds happen too. With this seed the counts alone add up to 79 saves, so the check
    // below that kills hit writes holds on a machine of any speed.
    const run = await runAndKill(dataDir, folder, Math.floor(random() * 4), random() * 150)
    draftId = run.draftId
    const dir = join(dataDir, 'history', historyKey(folder, draftId))
    leftovers += readdirSync(dir).filter((name) => /\.json\.\d+$/.test(name)).length
    draftLeftovers = readdirSync(folder).filter((name) => /\.md\.\d+$/.test(name)).length

    // Every version file parses and rebuilds exactly to the save it was.
    const walk = await new SnapshotFolder({ dir, folder, draftId, limits: { ...DEFAULT_LIMITS, ...CRASH_LIMITS }, log: silentLogger }).walk()
    expect(walk.damaged, `after kill ${kill + 1}`).toEqual([])
    for (const { meta, content, problem } of walk.versions) {
      expect(problem, `version ${meta.id} after kill ${kill + 1}`).toBeNull()
      expect(content!.pitch).toBe(crashPitch(saveNumber(content!.pitch)))
    }
    // (A kill between a write and the trim after it may leave a version or two past the bound:
    // extra versions, never missing ones. The next save that completes trims them; see below.)

    // The draft is one of the versions written, and no save that returned was lost.
    const file = parseDraftFile(readFileSync(join(folder, `${draftId}.md`), 'utf8'))
    const n = saveNumber(file.pitch)
    expect(file.pitch).toBe(crashPitch(n))
    expect(n).toBeGreaterThanOrEqual(run.lastSaved)
    expect(n === 0 ? {} : file.frontMatter.custom_fields).toEqual(n === 0 ? {} : { n: String(n) })
    highest = Math.max(highest, n)
  }
  // The kills are only a test if they hit writes: some left a write half done.
  console.log(
    `${KILLS} kills, ${highest} saves; interrupted writes left ${leftovers} temporary version files (each cleaned by the next read) and ${draftLeftovers} temporary draft files`,
  )
  expect(highest).toBeGreaterThan(KILLS)

  // The app, started again: every listed version reads back exactly as saved.
  let store!: DraftStore
  const history = new DraftHistory({
    root: join(dataDir, 'history'),
    trashDir: join(dataDir, 'deleted-drafts'),
    drafts: { get: (id) => store.get(id), save: (args) => store.save(args) },
    // The child's clock: the real one is months past these versions, and the 90-day bound would rightly drop them.
    now: () => new Date(crashTime(highest + 1)),
    log: silentLogger,
    limits: CRASH_LIMITS,
  })
  store = new DraftStore({
    reviewBriefs: readReviewBrief,
    folder: () => folder,
    trashDir: join(dataDir, 'deleted-drafts'),
    log: silentLogger,
    onSaved: (event) => history.record(event),
  })
  const list = await history.list(draftId)
  expect(list).toMatchObject({ available: true, reason: null })
  expect(list.versions.length).toBeGreaterThan(1)
  for (const version of list.versions) {
    const got = await history.get(draftId, version.id)
    const n = saveNumber(got.pitch)
    expect(got.pitch).toBe(crashPitch(n))
    expect(got.fields).toEqual(n === 0 ? {} : { n: String(n) })
  }
  const current = await store.get(draftId)
  expect(saveNumber((await history.get(draftId, list.versions[0]!.id)).pitch)).toBe(saveNumber(current.pitch))

  // One save that runs to the end trims whatever the kills left past the bound.
  const next = saveNumber(current.pitch) + 1
  await store.save({ id: draftId, pitch: crashPitch(next), customFields: { n: String(next) }, baseVersion: current.version })
  await history.idle()
  const after = await history.list(draftId)
  expect(after).toMatchObject({ available: true, reason: null })
  expect(after.versions.length).toBeLessThanOrEqual(CRASH_LIMITS.maxVersions)
  expect(saveNumber((await history.get(draftId, after.versions[0]!.id)).pitch)).toBe(next)
}, 60_000)
