/**
 * The marker of Grant Desk's merge in progress, which is also the sync's journal (merge.ts's
 * header says what it is for): `grant-desk-merge.json` in the repository's own folder, read at
 * every sync and state. Apart from merge.ts's settling of conflicts, so that a sync with nothing
 * to merge loads neither the draft and record parsers nor the draft merge (issue 34).
 */
import { readFile, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import type { Repository } from './repository'

const MARKER_FILE = 'grant-desk-merge.json'
const MARKER_FORMAT = 'grant-desk-merge/1'

const MergeMarker = z.object({
  format: z.literal(MARKER_FORMAT),
  /** The commit being merged in (git's MERGE_HEAD): the marker is only good for that merge. */
  mergeHead: z.string(),
  /** HEAD before the pull: what arrived is `before..mergeHead`. */
  before: z.string(),
  startedAt: z.string(),
  /** The version of each conflicted draft as the merge wrote it (ours): a different one was edited since. */
  written: z.record(z.string(), z.string()).default({}),
  /**
   * False from just before `git merge` until its conflicts are settled: a merge found so was
   * interrupted (the app killed mid-sync) and is gone on with by the next sync. (A marker of an
   * older version, written only once settled, has none: true.)
   */
  settled: z.boolean().default(true),
})
export type MergeMarker = z.infer<typeof MergeMarker>

async function mergeHeadOf(repo: Repository): Promise<string | null> {
  try {
    return (await readFile(join(repo.gitDir, 'MERGE_HEAD'), 'utf8')).split('\n')[0]!.trim() || null
  } catch {
    return null
  }
}

/**
 * The marker of Grant Desk's merge in progress, settled or not, or null (no merge, or one the
 * user started). Reading never removes it: a state read in one process (the status line) can
 * come between another's journal and its `git merge`, and removing the journal then made that
 * merge one "Grant Desk did not start". Only a sync, holding the repository's sync lock, tidies
 * a marker whose merge is over (`tidy`).
 */
export async function ownMerge(repo: Repository, options: { tidy?: boolean } = {}): Promise<MergeMarker | null> {
  if (repo.operation !== 'merge') {
    // The merge was finished or undone (by git itself, or before a kill let the sync say so): the marker has nothing left to mark.
    if (repo.operation === null && options.tidy) await clearAppMerge(repo)
    return null
  }
  let marker: MergeMarker
  try {
    marker = MergeMarker.parse(JSON.parse(await readFile(join(repo.gitDir, MARKER_FILE), 'utf8')))
  } catch {
    return null
  }
  return marker.mergeHead === (await mergeHeadOf(repo)) ? marker : null
}

/** The journal as written, whatever git's state (null when there is none, or it cannot be read). */
export async function readJournal(repo: Repository): Promise<MergeMarker | null> {
  try {
    return MergeMarker.parse(JSON.parse(await readFile(join(repo.gitDir, MARKER_FILE), 'utf8')))
  } catch {
    return null
  }
}

/** The marker of Grant Desk's merge waiting for the applicant (its conflicts settled), or null. */
export async function appMerge(repo: Repository): Promise<MergeMarker | null> {
  const marker = await ownMerge(repo)
  return marker?.settled ? marker : null
}

/**
 * The journal, written before `git merge` starts (see the header): `incoming` is the commit
 * merged, which git names in MERGE_HEAD if the merge stops. write-file-atomic flushes the file
 * to disk before renaming it into place, so a kill or a power cut right after leaves it whole.
 */
export async function journalMerge(repo: Repository, before: string, incoming: string, now: Date): Promise<void> {
  const marker: MergeMarker = { format: MARKER_FORMAT, mergeHead: incoming, before, startedAt: now.toISOString(), written: {}, settled: false }
  await writeFileAtomic(join(repo.gitDir, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`)
}

export async function markAppMerge(repo: Repository, before: string, written: Record<string, string>, now: Date): Promise<void> {
  const mergeHead = await mergeHeadOf(repo)
  if (mergeHead === null) return
  const marker: MergeMarker = { format: MARKER_FORMAT, mergeHead, before, startedAt: now.toISOString(), written, settled: true }
  await writeFileAtomic(join(repo.gitDir, MARKER_FILE), `${JSON.stringify(marker, null, 2)}\n`)
}

export async function clearAppMerge(repo: Repository): Promise<void> {
  await unlink(join(repo.gitDir, MARKER_FILE)).catch(() => {})
}
