/**
 * One draft's history folder on real files (store.ts), driven with an explicit clock: the
 * bounds (200 versions, 90 days; the newest and the sent version always kept), keyframes every
 * 20 versions with deltas between, every version rebuilding exactly after trimming dropped the
 * base of a delta, an autosave burst that was undone, and what a reader of the folder finds.
 * Reading one version on its own (`read`, what `history.get` uses) gives what the full walk gives
 * for it, rebuilt from the nearest full copy before it rather than from the first version.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../../../src/main/core/errors'
import { SnapshotFile } from '../../../../../src/main/core/history/format'
import { DEFAULT_LIMITS, type HistoryLimits, type NewVersion, SnapshotFolder } from '../../../../../src/main/core/history/store'
import type { VersionContent } from '../../../../../src/shared/history'
import { tempDir } from '../../../../support/service'

const DAY = 86_400_000
const START = Date.parse('2026-01-05T09:00:00.000Z')

let root: string
beforeEach(() => {
  root = tempDir('grant-desk-snapshots-')
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

function folder(limits: Partial<HistoryLimits> = {}): SnapshotFolder {
  return new SnapshotFolder({ dir: join(root, 'h'), folder: '/drafts', draftId: 'pitch', limits: { ...DEFAULT_LIMITS, ...limits }, log: silentLogger })
}

/** A pitch of some length whose version `n` differs from `n - 1` in a word or two. */
function pitch(n: number): VersionContent {
  const lines = Array.from({ length: 60 }, (_, i) => `Line ${i} of the plan, ${i === n % 60 ? `edited in version ${n}` : 'as first written'}.`)
  return { pitch: `# Plan\n\n## Budget\n\n${lines.join('\n')}\n`, fields: { amount: String(1000 + (n % 7)) } }
}

function version(n: number, time: number, more: Partial<NewVersion> = {}): NewVersion {
  return { content: pitch(n), source: 'explicit', time: new Date(time), savedBy: 'Ada', labels: {}, ...more }
}

function files(): SnapshotFile[] {
  const dir = join(root, 'h')
  return readdirSync(dir)
    .filter((name) => /^\d+-[0-9a-f]{8}\.json$/.test(name))
    .sort()
    .map((name) => SnapshotFile.parse(JSON.parse(readFileSync(join(dir, name), 'utf8'))))
}

/** Which pitch number each listed version holds, checking each rebuilt exactly. */
async function contents(history: SnapshotFolder): Promise<number[]> {
  const walk = await history.walk()
  expect(walk.damaged).toEqual([])
  return walk.versions.map(({ content, problem }) => {
    expect(problem).toBeNull()
    const n = Number(/edited in version (\d+)/.exec(content!.pitch)![1])
    expect(content).toEqual(pitch(n))
    return n
  })
}

describe('keyframes and deltas', () => {
  it('keeps a full copy every 20 versions and a delta from the version before otherwise', async () => {
    const history = folder()
    for (let n = 1; n <= 45; n++) await history.append(version(n, START + n * 1000))
    const stored = files()
    expect(stored.map((file, i) => (file.base === null ? i + 1 : 0)).filter(Boolean)).toEqual([1, 21, 41])
    stored.forEach((file, i) => {
      if (file.base !== null) expect(file.base).toBe(stored[i - 1]!.id)
    })
    // A word changed on one line: the patch is a small part of the pitch it stands for.
    const delta = stored[1] as Extract<SnapshotFile, { patch: string }>
    expect(delta.patch.length).toBeLessThan(pitch(2).pitch.length / 10)
    expect(delta.fields).toEqual(pitch(2).fields)
    expect(await contents(history)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1))
  })

  it('rebuilds every version after trimming dropped the base of a delta (re-keyframed first)', async () => {
    const history = folder({ maxVersions: 7, keyframeEvery: 5 })
    for (let n = 1; n <= 40; n++) {
      await history.append(version(n, START + n * 1000))
      const kept = await contents(history)
      const count = Math.min(n, 7)
      expect(kept).toEqual(Array.from({ length: count }, (_, i) => n - count + 1 + i))
    }
    const stored = files()
    expect(stored).toHaveLength(7)
    expect(stored[0]!.base).toBeNull()
    expect(stored.some((file) => file.base !== null)).toBe(true)
  })
})

describe('reading one version', () => {
  /** What `walk` lists for each version: its meta, content, and the version listed before it. */
  async function walked(history: SnapshotFolder) {
    const walk = await history.walk()
    const shown = walk.versions.filter((entry) => entry.content !== null)
    return walk.versions.map((entry) => {
      const before = shown.filter((other) => Number(other.meta.id.slice(0, 6)) < Number(entry.meta.id.slice(0, 6))).at(-1) ?? null
      return { id: entry.meta.id, entry, previous: before && { meta: before.meta, content: before.content } }
    })
  }

  it('gives every version exactly as the walk does, its previous one included', async () => {
    const writer = folder()
    for (let n = 1; n <= 45; n++) await writer.append(version(n, START + n * 1000))
    const expected = await walked(folder())
    // A reader of its own, as after a restart: nothing remembered from the writes.
    const reader = folder()
    for (const { id, entry, previous } of [...expected].reverse()) {
      expect(await reader.read(id), id).toEqual({ meta: entry.meta, content: entry.content, previous })
    }
    expect(await reader.read('000099-00000000')).toBeNull()
  })

  it('rebuilds from the nearest full copy, not from the first version', async () => {
    const history = folder()
    for (let n = 1; n <= 45; n++) await history.append(version(n, START + n * 1000))
    const stored = files()
    // The first full copy does not read: everything built on it is lost…
    writeFileSync(join(root, 'h', `${stored[0]!.id}.json`), '{"format": "grant-desk-history/1", "id": "garbage"')
    const reader = folder()
    await expect(reader.read(stored[1]!.id)).rejects.toThrow('it builds on an earlier version that is missing or could not be read')
    await expect(reader.read(stored[19]!.id)).rejects.toThrow('it builds on an earlier version that is missing or could not be read')
    // …but a version after the next full copy (version 21) reads: it never touches the first one.
    const late = await reader.read(stored[43]!.id)
    expect(late?.content).toEqual(pitch(44))
    expect(late?.previous?.content).toEqual(pitch(43))
  })

  it('a version whose hash is damaged is not given, the versions after it are, as the walk lists them', async () => {
    const history = folder()
    for (let n = 1; n <= 45; n++) await history.append(version(n, START + n * 1000))
    const stored = files()
    writeFileSync(join(root, 'h', `${stored[29]!.id}.json`), JSON.stringify({ ...stored[29], hash: 'f'.repeat(64) }))
    const walk = await folder().walk()
    expect(walk.versions.filter((entry) => entry.problem !== null).map((entry) => [entry.meta.id, entry.problem])).toEqual([
      [stored[29]!.id, 'it does not rebuild to the text that was saved'],
    ])
    const expected = await walked(folder())
    const reader = folder()
    await expect(reader.read(stored[29]!.id)).rejects.toThrow('it does not rebuild to the text that was saved')
    for (const { id, entry, previous } of expected.filter(({ entry }) => entry.content !== null)) {
      expect(await reader.read(id), id).toEqual({ meta: entry.meta, content: entry.content, previous })
    }
    // The one after it says the one before the damaged one is its previous (the list skips the damaged one).
    expect((await reader.read(stored[30]!.id))?.previous?.meta.id).toBe(stored[28]!.id)
  })

  it('the previous version of one that follows a damaged version is the one before the damage', async () => {
    const history = folder({ keyframeEvery: 1 }) // full copies only: one damaged version breaks nothing else
    for (let n = 1; n <= 6; n++) await history.append(version(n, START + n * 1000))
    const stored = files()
    writeFileSync(join(root, 'h', `${stored[3]!.id}.json`), JSON.stringify({ ...stored[3], hash: '0'.repeat(64) }))
    const expected = await walked(folder())
    const reader = folder()
    const fifth = await reader.read(stored[4]!.id)
    expect(fifth?.previous?.meta.id).toBe(stored[2]!.id)
    expect(fifth).toEqual({ meta: expected[4]!.entry.meta, content: expected[4]!.entry.content, previous: expected[4]!.previous })
  })
})

describe('bounds', () => {
  it('keeps at most 200 versions, dropping the oldest', async () => {
    const history = folder()
    for (let n = 1; n <= 230; n++) await history.append(version(n, START + n * 60_000))
    const kept = await contents(history)
    expect(kept).toHaveLength(200)
    expect(kept[0]).toBe(31)
    expect(kept.at(-1)).toBe(230)
    expect(files()).toHaveLength(200)
  })

  it('drops versions older than 90 days, but never the newest or the one that was sent', async () => {
    const history = folder()
    await history.append(version(1, START))
    await history.append(version(2, START + 1 * DAY, { source: 'submitted', sent: true }))
    await history.append(version(3, START + 2 * DAY))
    await history.append(version(4, START + 50 * DAY))
    expect(await contents(history)).toEqual([1, 2, 3, 4])
    // Day 93: versions 1 (day 0) and 3 (day 2) are past 90 days; 2 was sent.
    await history.append(version(5, START + 93 * DAY))
    expect(await contents(history)).toEqual([2, 4, 5])
    // A year on, one save: of the old ones only the sent version stays.
    await history.append(version(6, START + 400 * DAY))
    const walk = await history.walk()
    expect(walk.versions.map((v) => [Number(/version (\d+)/.exec(v.content!.pitch)![1]), v.meta.sent])).toEqual([
      [2, true],
      [6, false],
    ])
  })

  it('keeps the sent version when 200 newer ones push past the bound', async () => {
    const history = folder()
    await history.append(version(1, START, { source: 'submitted', sent: true }))
    for (let n = 2; n <= 205; n++) await history.append(version(n, START + n * 1000))
    const kept = await contents(history)
    expect(kept).toHaveLength(200)
    expect(kept[0]).toBe(1)
    expect(kept[1]).toBe(7)
  })

  it('marks the newest version sent when the submitted content is the same, without a new version', async () => {
    const history = folder()
    await history.append(version(1, START, { source: 'save' }))
    expect(await history.append(version(1, START + 5000, { source: 'submitted', sent: true }))).toBe('updated')
    const walk = await history.walk()
    expect(walk.versions.map((v) => [v.meta.source, v.meta.sent])).toEqual([['save', true]])
    // A sent version is never folded into by an autosave.
    expect(await history.append(version(2, START + 6000, { source: 'save' }))).toBe('added')
  })
})

describe('autosaves', () => {
  it('drops the minute of typing that was undone back to the version before it', async () => {
    const history = folder()
    await history.append(version(1, START))
    expect(await history.append(version(2, START + 1000, { source: 'save' }))).toBe('added')
    expect(await history.append(version(3, START + 20_000, { source: 'save' }))).toBe('replaced')
    expect(await contents(history)).toEqual([1, 3])
    expect(await history.append(version(1, START + 30_000, { source: 'save' }))).toBe('replaced')
    expect(await contents(history)).toEqual([1])
  })

  it('does not fold an autosave into one whose clock ran ahead of it', async () => {
    const history = folder()
    await history.append(version(1, START, { source: 'save' }))
    expect(await history.append(version(2, START - 10_000, { source: 'save' }))).toBe('added')
  })
})
