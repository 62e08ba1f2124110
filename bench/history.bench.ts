/**
 * `npm run bench`, part four: draft history.
 *
 * 1. The word diff the history view shows. Two versions of a ~100 KB pitch (a paragraph added,
 *    one removed, words changed in 30 places) diffed with the app's `diffVersions` (lines first,
 *    words only inside changed lines) against jsdiff's plain `diffWords` on the same texts. Both
 *    answers are checked: the parts must spell both versions, and the app's must mark no more
 *    text as changed than plain `diffWords` does, give or take a little (a fast wrong answer is
 *    a failure).
 * 2. What history costs on disk: 1,000 saves of a ~30 KB pitch through the real history store
 *    (a few words changed per save, sometimes a sentence; autosaves a few seconds apart in
 *    sessions of typing, one in ten an explicit Ctrl+S, hours between sessions), with a full copy
 *    every 1 (no deltas), 10, 20 (the app's choice) and 50 versions. Every kept version must
 *    rebuild to exactly what was saved.
 *
 * Exit 1 when an answer is wrong.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { diffWords } from 'diff'
import { silentLogger } from '../src/main/core/errors'
import { contentHash } from '../src/main/core/history/format'
import { DEFAULT_LIMITS, SnapshotFolder } from '../src/main/core/history/store'
import { type DiffPart, diffVersions } from '../src/shared/history/diff'
import type { HistorySource } from '../src/shared/ipc'
import { medianTimes } from './measure'
import { OBJECTS, SUBJECTS, TAILS, VERBS, chooser } from './synthetic'

const RUNS = Number(process.env['BENCH_RUNS'] ?? 15)
const SAVES = 1_000

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

let failed = false
const fail = (message: string) => {
  failed = true
  console.log(`  WRONG: ${message}`)
}

// ---------------------------------------------------------------------------------------------
// 1. The word diff of two ~100 KB versions

const before = pitchText(100_000)
let after = before
for (let i = 0; i < 30; i++) after = editWords(after)
const paragraphs = after.split('\n\n')
paragraphs.splice(Math.floor(paragraphs.length / 3), 0, `A paragraph added after the review. ${paragraph()}`)
paragraphs.splice(Math.floor((2 * paragraphs.length) / 3), 1)
after = paragraphs.join('\n\n')

const spell = (parts: readonly DiffPart[], keep: DiffPart['kind']) => parts.filter((p) => p.kind === 'same' || p.kind === keep).map((p) => p.text).join('')
const changedChars = (parts: readonly DiffPart[]) => parts.filter((p) => p.kind !== 'same').reduce((sum, p) => sum + p.text.length, 0)

const ours = diffVersions(before, after)
const plainChanges = diffWords(before, after)
const plain: DiffPart[] = plainChanges.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }))
if (spell(ours, 'removed') !== before || spell(ours, 'added') !== after) fail('diffVersions parts do not spell both versions')
if (spell(plain, 'removed') !== before || spell(plain, 'added') !== after) fail('diffWords parts do not spell both versions')
// Lines first may cut a change a little differently; it must not mark much more text as changed.
if (changedChars(ours) > changedChars(plain) * 1.25 + 200) fail(`diffVersions marks ${changedChars(ours)} characters changed, diffWords ${changedChars(plain)}`)
if (!ours.some((p) => p.kind === 'added' && p.text.includes('A paragraph added after the review.'))) fail('the added paragraph is not shown as added')

const times = medianTimes({ 'diffWords (jsdiff, whole text)': () => diffWords(before, after), 'diffVersions (lines, then words)': () => diffVersions(before, after) }, RUNS)
console.log(`\nHistory diff: two versions of a ${(before.length / 1000).toFixed(0)} KB pitch (30 word edits, 1 paragraph added, 1 removed); median of ${RUNS} interleaved runs`)
const pad = Math.max(...Object.keys(times).map((k) => k.length))
for (const [name, value] of Object.entries(times)) console.log(`  ${name.padEnd(pad)}  ${value.toFixed(2).padStart(8)} ms`)
const ratio = times['diffWords (jsdiff, whole text)']! / times['diffVersions (lines, then words)']!
console.log(`  diffVersions is ${ratio.toFixed(1)}× faster; changed characters shown: ${changedChars(ours)} (diffWords: ${changedChars(plain)}) — ${failed ? 'WRONG' : 'right'}`)

// ---------------------------------------------------------------------------------------------
// 2. Storage of 1,000 saves of a ~30 KB pitch

interface Save {
  pitch: string
  fields: Record<string, string>
  source: HistorySource
  time: number
}

/** The saves, made once, so every storage scheme stores exactly the same ones. */
function makeSaves(): Save[] {
  const saves: Save[] = []
  let pitch = pitchText(30_000)
  let fields = { project_name: 'Payments SDK', amount: '40000' }
  let time = Date.parse('2026-03-02T08:00:00.000Z')
  while (saves.length < SAVES) {
    // A session of typing: autosaves a few seconds apart, now and then Ctrl+S.
    for (let n = int(15, 60); n > 0 && saves.length < SAVES; n--) {
      time += int(3, 25) * 1000
      pitch = random() < 0.1 ? pitch.replace(/\n\n(?=## )/, `\n\n${sentence()}\n\n`) : editWords(pitch)
      if (random() < 0.03) fields = { ...fields, amount: String(int(20, 60) * 1000) }
      saves.push({ pitch, fields, source: random() < 0.1 ? 'explicit' : 'save', time })
    }
    time += int(2, 20) * 3_600_000
  }
  return saves
}

const saves = makeSaves()
const byHash = new Map(saves.map((save) => [contentHash(save), save]))

async function store(keyframeEvery: number) {
  const root = mkdtempSync(join(tmpdir(), 'grant-desk-history-bench-'))
  try {
    const history = new SnapshotFolder({ dir: join(root, 'h'), folder: '/drafts', draftId: 'pitch', limits: { ...DEFAULT_LIMITS, keyframeEvery }, log: silentLogger })
    const start = performance.now()
    for (const save of saves) {
      await history.append({ content: { pitch: save.pitch, fields: save.fields }, source: save.source, time: new Date(save.time), savedBy: 'Ada', labels: {} })
    }
    const ms = performance.now() - start
    const walk = await history.walk()
    const problems = walk.damaged.length + walk.versions.filter((v) => v.problem !== null || !v.content || byHash.get(v.meta.hash)?.pitch !== v.content.pitch).length
    const newest = walk.versions.at(-1)?.content
    if (problems > 0) fail(`keyframe every ${keyframeEvery}: ${problems} versions do not rebuild to what was saved`)
    if (newest?.pitch !== saves.at(-1)!.pitch) fail(`keyframe every ${keyframeEvery}: the newest version is not the last save`)
    if (walk.versions.length > DEFAULT_LIMITS.maxVersions) fail(`keyframe every ${keyframeEvery}: ${walk.versions.length} versions kept`)
    const dir = join(root, 'h')
    const files = readdirSync(dir).map((name) => statSync(join(dir, name)))
    return {
      keyframeEvery,
      versions: walk.versions.length,
      full: walk.versions.filter((v) => v.meta.base === null).length,
      bytes: files.reduce((sum, info) => sum + info.size, 0),
      // What the disk gives it: whole blocks per file.
      allocated: files.reduce((sum, info) => sum + info.blocks * 512, 0),
      msPerSave: ms / saves.length,
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
const explicit = saves.filter((s) => s.source === 'explicit').length
const days = (saves.at(-1)!.time - saves[0]!.time) / 86_400_000
console.log(`\nHistory storage: ${SAVES} saves of a ${(saves[0]!.pitch.length / 1000).toFixed(0)} KB pitch over ${days.toFixed(0)} days (${explicit} explicit, the rest autosaves a few seconds apart)`)
console.log(`  Every save as a full copy would be ${kb(saves.reduce((sum, s) => sum + s.pitch.length, 0))}.`)
const results = []
for (const every of [1, 10, 20, 50]) results.push(await store(every))
console.log('  full copy every   versions kept   full copies   bytes on disk   allocated   ms per save')
for (const r of results) {
  const label = r.keyframeEvery === 1 ? '1 (no deltas)' : r.keyframeEvery === DEFAULT_LIMITS.keyframeEvery ? `${r.keyframeEvery} (the app)` : String(r.keyframeEvery)
  console.log(`  ${label.padEnd(16)}  ${String(r.versions).padStart(13)}   ${String(r.full).padStart(11)}   ${kb(r.bytes).padStart(13)}   ${kb(r.allocated).padStart(9)}   ${r.msPerSave.toFixed(2).padStart(11)}`)
}
const app = results.find((r) => r.keyframeEvery === DEFAULT_LIMITS.keyframeEvery)!
const copies = results.find((r) => r.keyframeEvery === 1)!
console.log(`Storage of ${SAVES} saves (the app's scheme): ${kb(app.bytes)} in ${app.versions} versions (${kb(app.allocated)} allocated), ${(copies.bytes / app.bytes).toFixed(1)}× less than full copies — ${failed ? 'WRONG' : 'right'}`)
if (failed) process.exitCode = 1
