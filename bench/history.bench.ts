/**
 * `npm run bench`: draft history.
 *
 * 1. Reading old versions. A real drafts store and history (real files) keep 200 versions of a
 *    ~100 KB pitch (a few words changed per save, each an explicit Ctrl+S). Then, as the History
 *    panel does, a history that has just listed them (a fresh one each run, so nothing of an
 *    earlier run is remembered) gets one version it has not read yet:
 *    - the oldest against the newest (goal: at most 3×);
 *    - the one furthest from its full copy (19 deltas) against the newest (goal: at most 3×);
 *    - comparing the two oldest (two gets and the word diff) against comparing the two newest
 *      (goal: at most 3×).
 *    The newest ones are in memory after the listing: the baseline is the cheapest get there is.
 *    Each answer is checked to be exactly the text saved then.
 * 2. The word diff the history view shows. Two versions of a ~100 KB pitch (a paragraph added,
 *    one removed, words changed in 30 places) diffed with the app's `diffVersions` (lines first,
 *    words only inside changed lines) against jsdiff's plain `diffWords` on the same texts. Both
 *    answers are checked: the parts must spell both versions, and the app's must mark no more
 *    text as changed than plain `diffWords` does, give or take a little.
 * 3. What history costs on disk: 1,000 saves of a ~30 KB pitch through the real history store
 *    (a few words changed per save, sometimes a sentence; autosaves a few seconds apart in
 *    sessions of typing, one in ten an explicit Ctrl+S, hours between sessions), with a full copy
 *    every 1 (no deltas), 10, 20 (the app's choice) and 50 versions; the row is the time per save
 *    of the app's scheme. Every kept version must rebuild to exactly what was saved.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { diffWords } from 'diff'
import type { GrantDetail } from '../src/shared/api'
import { DraftStore } from '../src/main/core/drafts'
import { readReviewBrief } from '../src/main/core/reviews'
import { silentLogger } from '../src/main/core/errors'
import { DraftHistory } from '../src/main/core/history'
import { contentHash, historyKey } from '../src/main/core/history/format'
import { DEFAULT_LIMITS, SnapshotFolder } from '../src/main/core/history/store'
import { type DiffPart, diffVersions } from '../src/shared/history'
import type { HistorySource } from '../src/shared/ipc'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'
import { OBJECTS, SUBJECTS, TAILS, VERBS, chooser } from './synthetic'

const { random, pick, int } = chooser(20_261_124)
const WORDS = ['quickly', 'carefully', 'openly', 'fully', 'weekly', 'first', 'again', 'together', 'alone', 'early']
const sentence = () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}.`
const paragraph = () => Array.from({ length: int(3, 6) }, sentence).join(' ')

/** A pitch of about `size` characters: sections, paragraphs, a budget table now and then. */
function pitchText(size: number): string {
  const parts = ['# Payments SDK for Arcadia', '', paragraph(), '']
  for (let section = 1; parts.join('\n').length < size; section++) {
    parts.push(`## ${section}. ${pick(['Milestone', 'Work package', 'Risk', 'Budget'])}`, '')
    for (let p = int(1, 3); p > 0; p--) parts.push(paragraph(), '')
    if (section % 3 === 0) {
      parts.push('| Item | Weeks | Amount |', '| --- | --- | --- |')
      for (let r = int(2, 4); r > 0; r--) parts.push(`| ${pick(OBJECTS)} | ${int(1, 12)} | ${int(1, 40) * 500} USDC |`)
      parts.push('')
    }
  }
  return parts.join('\n')
}

/** A few words replaced at one random place: what one save of typing looks like. */
function editWords(text: string): string {
  const words = [...text.matchAll(/[a-z]{4,}/g)]
  const at = words[Math.floor(random() * words.length)]!
  return text.slice(0, at.index) + pick(WORDS) + (random() < 0.5 ? ` ${pick(WORDS)}` : '') + text.slice(at.index + at[0].length)
}

const GRANT: GrantDetail = {
  id: '3fa9c2d1-0000-4000-8000-000000000001',
  title: 'Payments SDK grant',
  description: 'Build it.',
  reward: '40,000 USDC',
  deadline: '2027-06-30T12:00:00.000Z',
  application_schema: null,
  template_md: '## Pitch',
  _apply_endpoint: 'POST /api/build/3fa9c2d1-0000-4000-8000-000000000001/apply',
}

// ---------------------------------------------------------------------------------------------
// 1. Reading old versions

async function readingRows(runs: number, log: (line: string) => void): Promise<RowSpec[]> {
  const root = mkdtempSync(join(tmpdir(), 'grant-desk-history-read-'))
  const folder = join(root, 'drafts')
  let clock = Date.parse('2026-03-02T08:00:00.000Z')
  const now = () => new Date(clock)
  let store!: DraftStore
  const historyOf = () =>
    new DraftHistory({
      root: join(root, 'history'),
      trashDir: join(root, 'trash'),
      drafts: { get: (id) => store.get(id), save: (args) => store.save(args) },
      now,
      log: silentLogger,
    })
  const writer = historyOf()
  store = new DraftStore({
    reviewBriefs: readReviewBrief,
    folder: () => folder,
    trashDir: join(root, 'trash'),
    now,
    log: silentLogger,
    onSaved: (event) => writer.record(event),
  })
  try {
    let pitch = pitchText(100_000)
    let draft = await store.create({ grant: GRANT, grantType: 'grant', pitch })
    const created = draft.pitch
    const saved: string[] = []
    log('keeping 200 versions of a 100 KB pitch…')
    while (saved.length < DEFAULT_LIMITS.maxVersions - 1) {
      clock += 120_000
      pitch = editWords(pitch)
      draft = await store.save({ id: draft.id, pitch, customFields: {}, baseVersion: draft.version, intent: 'explicit' })
      saved.push(pitch)
    }
    await writer.idle()
    const listed = (await historyOf().list(draft.id)).versions // newest first
    if (listed.length !== DEFAULT_LIMITS.maxVersions) throw new Error(`${listed.length} versions kept, expected ${DEFAULT_LIMITS.maxVersions}`)
    // The version with the most deltas since its full copy (the most patches any read applies),
    // of those the listing did not leave in memory (the last three).
    const dir = join(root, 'history', historyKey(folder, draft.id))
    const bases = new Map(
      readdirSync(dir)
        .filter((name) => /^\d+-[0-9a-f]{8}\.json$/.test(name))
        .map((name) => {
          const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string; base: string | null }
          return [file.id, file.base] as const
        }),
    )
    const depth = (id: string): number => (bases.get(id) ? 1 + depth(bases.get(id)!) : 0)
    const deepest = listed.slice(3).reduce((a, b) => (depth(b.id) > depth(a.id) ? b : a))
    const [newest, secondNewest] = [listed[0]!, listed[1]!]
    const [oldest, secondOldest] = [listed.at(-1)!, listed.at(-2)!]

    // The answers first: each version is exactly the text saved then.
    const textOf = (version: { id: string }) => {
      const index = listed.indexOf(version as (typeof listed)[number])
      return index === listed.length - 1 ? created : saved[saved.length - 1 - index]!
    }
    const check = historyOf()
    for (const version of [newest, secondNewest, deepest, secondOldest, oldest]) {
      if ((await check.get(draft.id, version.id)).pitch !== textOf(version)) throw new Error(`history.get of ${version.id} did not give the text saved then`)
    }

    // Each measurement on a history that has just listed the versions (the History panel open),
    // and that has read none of the versions measured: a fresh one per case and run.
    const fresh = async () => {
      const history = historyOf()
      await history.list(draft.id)
      return history
    }
    const get = (id: string) => async () => {
      const history = await fresh()
      const start = performance.now()
      await history.get(draft.id, id)
      return performance.now() - start
    }
    const compare = (a: string, b: string) => async () => {
      const history = await fresh()
      const start = performance.now()
      const [x, y] = [await history.get(draft.id, a), await history.get(draft.id, b)]
      diffVersions(x.pitch, y.pitch)
      return performance.now() - start
    }
    const cases = {
      newest: get(newest.id),
      oldest: get(oldest.id),
      deepest: get(deepest.id),
      compareNew: compare(secondNewest.id, newest.id),
      compareOld: compare(oldest.id, secondOldest.id),
    }
    const times = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]])) as Record<keyof typeof cases, number[]>
    for (const fn of Object.values(cases)) await fn() // warm-up
    for (let run = 0; run < runs; run++) {
      const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]])) as Record<keyof typeof cases, number[]>
      for (let i = 0; i < 3; i++) for (const [name, fn] of Object.entries(cases)) samples[name as keyof typeof cases].push(await fn())
      for (const name of Object.keys(cases) as (keyof typeof cases)[]) times[name].push(samples[name].sort((a, b) => a - b)[1]!)
    }
    const size = `${DEFAULT_LIMITS.maxVersions} versions of a ${(pitch.length / 1000).toFixed(0)} KB pitch`
    return [
      {
        name: `history.get of the oldest of ${size}`,
        unit: 'ms',
        values: times.oldest,
        baseline: { name: 'the newest', values: times.newest },
        goal: { of: 'ratio', atMost: 3 },
      },
      {
        name: `history.get of the version furthest from its full copy (${depth(deepest.id)} deltas), ${size}`,
        unit: 'ms',
        values: times.deepest,
        baseline: { name: 'the newest', values: times.newest },
        goal: { of: 'ratio', atMost: 3 },
      },
      {
        name: `Comparing the two oldest of ${size} (two gets and the word diff)`,
        unit: 'ms',
        values: times.compareOld,
        baseline: { name: 'the two newest', values: times.compareNew },
        goal: { of: 'ratio', atMost: 3 },
      },
    ]
  } finally {
    await writer.idle()
    rmSync(root, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// 2. The word diff of two ~100 KB versions

async function diffRow(runs: number): Promise<RowSpec> {
  const before = pitchText(100_000)
  let after = before
  for (let i = 0; i < 30; i++) after = editWords(after)
  const paragraphs = after.split('\n\n')
  paragraphs.splice(Math.floor(paragraphs.length / 3), 0, `A paragraph added after the review. ${paragraph()}`)
  paragraphs.splice(Math.floor((2 * paragraphs.length) / 3), 1)
  after = paragraphs.join('\n\n')

  const spell = (parts: readonly DiffPart[], keep: DiffPart['kind']) =>
    parts
      .filter((p) => p.kind === 'same' || p.kind === keep)
      .map((p) => p.text)
      .join('')
  const changedChars = (parts: readonly DiffPart[]) => parts.filter((p) => p.kind !== 'same').reduce((sum, p) => sum + p.text.length, 0)
  const ours = diffVersions(before, after)
  const plain: DiffPart[] = diffWords(before, after).map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }))
  const name = `History word diff of two ${(before.length / 1000).toFixed(0)} KB versions (30 word edits, 1 paragraph added, 1 removed)`
  const wrong = [
    spell(ours, 'removed') !== before || spell(ours, 'added') !== after ? 'diffVersions parts do not spell both versions' : null,
    spell(plain, 'removed') !== before || spell(plain, 'added') !== after ? 'diffWords parts do not spell both versions' : null,
    changedChars(ours) > changedChars(plain) * 1.25 + 200
      ? `diffVersions marks ${changedChars(ours)} characters changed, diffWords ${changedChars(plain)}`
      : null,
    ours.some((p) => p.kind === 'added' && p.text.includes('A paragraph added after the review.')) ? null : 'the added paragraph is not shown as added',
  ].filter((problem) => problem !== null)
  if (wrong.length > 0) return { name, unit: 'ms', values: [], error: wrong.join('; ') }
  const times = await timeCases({ plain: () => diffWords(before, after), ours: () => diffVersions(before, after) }, { runs, repeat: 3 })
  return {
    name,
    unit: 'ms',
    values: times.ours,
    baseline: { name: 'jsdiff diffWords', values: times.plain },
    detail: [`changed characters shown: ${changedChars(ours)} (diffWords: ${changedChars(plain)})`],
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Storage of 1,000 saves of a ~30 KB pitch

interface Save {
  pitch: string
  fields: Record<string, string>
  source: HistorySource
  time: number
}

/** The saves, made once, so every storage scheme stores exactly the same ones. */
function makeSaves(count: number): Save[] {
  const saves: Save[] = []
  let pitch = pitchText(30_000)
  let fields = { project_name: 'Payments SDK', amount: '40000' }
  let time = Date.parse('2026-03-02T08:00:00.000Z')
  while (saves.length < count) {
    // A session of typing: autosaves a few seconds apart, now and then Ctrl+S.
    for (let n = int(15, 60); n > 0 && saves.length < count; n--) {
      time += int(3, 25) * 1000
      pitch = random() < 0.1 ? pitch.replace(/\n\n(?=## )/, `\n\n${sentence()}\n\n`) : editWords(pitch)
      if (random() < 0.03) fields = { ...fields, amount: String(int(20, 60) * 1000) }
      saves.push({ pitch, fields, source: random() < 0.1 ? 'explicit' : 'save', time })
    }
    time += int(2, 20) * 3_600_000
  }
  return saves
}

async function storageRow(runs: number): Promise<RowSpec> {
  const SAVES = 1_000
  const saves = makeSaves(SAVES)
  const byHash = new Map(saves.map((save) => [contentHash(save), save]))
  const problems: string[] = []
  const store = async (keyframeEvery: number) => {
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-history-bench-'))
    try {
      const history = new SnapshotFolder({
        dir: join(root, 'h'),
        folder: '/drafts',
        draftId: 'pitch',
        limits: { ...DEFAULT_LIMITS, keyframeEvery },
        log: silentLogger,
      })
      // The saves in `runs` equal parts, each timed: ms per save.
      const perSave: number[] = []
      const part = Math.ceil(SAVES / runs)
      for (let from = 0; from < SAVES; from += part) {
        const start = performance.now()
        for (const save of saves.slice(from, from + part)) {
          await history.append({
            content: { pitch: save.pitch, fields: save.fields },
            source: save.source,
            time: new Date(save.time),
            savedBy: 'Ada',
            labels: {},
          })
        }
        perSave.push((performance.now() - start) / Math.min(part, SAVES - from))
      }
      const walk = await history.walk()
      const bad =
        walk.damaged.length + walk.versions.filter((v) => v.problem !== null || !v.content || byHash.get(v.meta.hash)?.pitch !== v.content.pitch).length
      if (bad > 0) problems.push(`keyframe every ${keyframeEvery}: ${bad} versions do not rebuild to what was saved`)
      if (walk.versions.at(-1)?.content?.pitch !== saves.at(-1)!.pitch)
        problems.push(`keyframe every ${keyframeEvery}: the newest version is not the last save`)
      if (walk.versions.length > DEFAULT_LIMITS.maxVersions) problems.push(`keyframe every ${keyframeEvery}: ${walk.versions.length} versions kept`)
      const dir = join(root, 'h')
      const files = readdirSync(dir).map((name) => statSync(join(dir, name)))
      return {
        keyframeEvery,
        perSave,
        versions: walk.versions.length,
        full: walk.versions.filter((v) => v.meta.base === null).length,
        bytes: files.reduce((sum, info) => sum + info.size, 0),
        // What the disk gives it: whole blocks per file.
        allocated: files.reduce((sum, info) => sum + info.blocks * 512, 0),
      }
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
  const results = []
  for (const every of [1, 10, 20, 50]) results.push(await store(every))
  const app = results.find((r) => r.keyframeEvery === DEFAULT_LIMITS.keyframeEvery)!
  const copies = results.find((r) => r.keyframeEvery === 1)!
  const explicit = saves.filter((s) => s.source === 'explicit').length
  const days = (saves.at(-1)!.time - saves[0]!.time) / 86_400_000
  const name = `History: keeping a version of a ${(saves[0]!.pitch.length / 1000).toFixed(0)} KB pitch, ${SAVES.toLocaleString('en-US')} saves over ${days.toFixed(0)} days (${explicit} explicit)`
  if (problems.length > 0) return { name, unit: 'ms', values: [], error: problems.join('; ') }
  return {
    name,
    unit: 'ms per save',
    values: app.perSave,
    detail: [
      `on disk: ${kb(app.bytes)} in ${app.versions} versions (${kb(app.allocated)} allocated), ${(copies.bytes / app.bytes).toFixed(1)}× less than full copies (${kb(copies.bytes)}); every save as a full copy would be ${kb(saves.reduce((sum, s) => sum + s.pitch.length, 0))}`,
      `full copy every: ${results.map((r) => `${r.keyframeEvery === 1 ? '1 (no deltas)' : r.keyframeEvery === DEFAULT_LIMITS.keyframeEvery ? `${r.keyframeEvery} (the app)` : r.keyframeEvery} → ${kb(r.bytes)}, ${r.full} full copies`).join('; ')}`,
    ],
  }
}

export default defineBench({
  title: 'Draft history: reading old versions, the word diff, storage',
  async run({ runs, log }) {
    return [...(await readingRows(runs(7), log)), await diffRow(runs(9)), await storageRow(runs(5))]
  },
})
