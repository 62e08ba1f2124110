/**
 * A pull's merge that git could not finish on its own, settled by the app:
 *
 * - review records never conflict: a new record is a new file, and when one record was changed
 *   on both sides (its author edited it on two computers) the later edit is kept; one deleted on
 *   one side and edited on the other stays;
 * - a draft is merged by draft-merge.ts; what merges cleanly is written and staged, what does
 *   not stays unmerged in git's index (so `git status` says so too) while the file holds ours,
 *   without markers, until the applicant resolves it in the app (`sync.resolve`) or undoes the
 *   pull (`sync.abort`);
 * - anything else (a file outside the drafts folder, the team policy, a draft that cannot be
 *   read) is not the app's to decide: the merge is undone whole (`git merge --abort`) and the
 *   applicant is told which files to settle with git.
 *
 * The merge git leaves in progress is marked as Grant Desk's by a file in the repository's own
 * folder (`grant-desk-merge.json`, naming MERGE_HEAD): after a restart the app knows it is its
 * own and offers the same resolution; a merge the user started in a terminal is never touched.
 * The file is also the sync's journal: it is written (and flushed to disk) before `git merge`
 * starts, marked `settled` once the conflicts are settled, and removed only after the merge is
 * committed or undone. A sync killed at any point in between leaves a merge the next sync knows
 * as its own and goes on with (recovery.ts), instead of one "Grant Desk did not start".
 * (The marker is merge-marker.ts's.)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { conflictMarkerLine } from '../../../shared/text'
import { parseDraftFile } from '../../../shared/draft-file'
import type { SyncConflict } from '../../../shared/ipc'
import { parseRecordFile } from '../../../shared/review'
import { draftVersion } from '../folder'
import type { Git } from './git'
import { MARKER_SIZE, mergeDraft, parseMergeFileOutput, type DraftMerge, type TextMerge } from '../merge/draft-merge'
import { classifyPath, literalPathspec } from './paths'
import { clearAppMerge, type MergeMarker } from './merge-marker'
import { fileAt, unmergedPaths, workTreeFile, type Repository } from './repository'

/** Git's own line merge (`git merge-file`), for the pitch: the same result a terminal merge gives. */
export function gitTextMerge(repo: Repository): TextMerge {
  return textMergeWith(repo.git)
}

export function textMergeWith(git: Git): TextMerge {
  return async (base, ours, theirs) => {
    const scratch = await mkdtemp(join(tmpdir(), 'grant-desk-merge-'))
    try {
      const [o, b, t] = [join(scratch, 'ours'), join(scratch, 'base'), join(scratch, 'theirs')]
      await Promise.all([writeFile(o, ours), writeFile(b, base), writeFile(t, theirs)])
      const labels = ['-L', 'ours', '-L', 'base', '-L', 'theirs']
      const out = await git.run(['merge-file', '-p', '--diff3', `--marker-size=${MARKER_SIZE}`, ...labels, o, b, t], {
        // The exit code is the number of conflicts (capped at 127); only a negative one is a failure.
        okExitCodes: Array.from({ length: 127 }, (_, n) => n + 1),
      })
      return out.exitCode === 0 ? { clean: true, text: out.stdout } : { clean: false, hunks: parseMergeFileOutput(out.stdout) }
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
}

/** The three sides of an unmerged path, from git's index stages (1 base, 2 ours, 3 theirs). */
async function sidesOf(repo: Repository, path: string): Promise<{ base: string | null; ours: string | null; theirs: string | null }> {
  const [base, ours, theirs] = await Promise.all([fileAt(repo, `:1:${path}`), fileAt(repo, `:2:${path}`), fileAt(repo, `:3:${path}`)])
  return { base, ours, theirs }
}

/**
 * The three sides, with this side as the file is now when it reads whole: the merge driver left
 * this side's text in it, and after an interrupted sync the applicant may have saved since (the
 * save's lock was the killed sync's, and so free). Git's stage 2 misses those saves, and writing
 * the merge of it over the file lost them unseen. A file with git's conflict markers, or none, is stage 2.
 */
async function thisSideNow(
  repo: Repository,
  path: string,
  reads: (text: string) => boolean,
): Promise<{ base: string | null; ours: string | null; theirs: string | null }> {
  const [sides, now] = await Promise.all([sidesOf(repo, path), workTreeFile(repo, path)])
  return now !== null && sides.ours !== null && reads(now) ? { ...sides, ours: now } : sides
}

function readsAsRecord(fileName: string, text: string): boolean {
  try {
    parseRecordFile(fileName, text)
    return true
  } catch {
    return false
  }
}

/** The later edit of one review record changed on both sides (deleted on one side: the other stays). */
function laterRecord(fileName: string, ours: string | null, theirs: string | null): string | null {
  if (ours === null || theirs === null) return ours ?? theirs
  const stamp = (text: string) => {
    try {
      const record = parseRecordFile(fileName, text) as { created_at: string; edited_at?: string; deleted_at?: string }
      return [record.created_at, record.edited_at ?? '', record.deleted_at ?? ''].sort().at(-1)!
    } catch {
      return ''
    }
  }
  return stamp(theirs) > stamp(ours) ? theirs : ours
}

async function writeResolved(repo: Repository, path: string, text: string | null): Promise<void> {
  if (text === null) {
    await rm(join(repo.root, path), { force: true })
    await repo.git.run(['rm', '--cached', '--ignore-unmatch', '--', literalPathspec(path)])
    return
  }
  await writeFileAtomic(join(repo.root, path), text, { encoding: 'utf8' })
  await repo.git.run(['add', '--verbose', '--', literalPathspec(path)])
}

export type Settled =
  /** `conflicts`: the drafts left for the applicant; `written`: the version of each such file as written (by path). */
  { kind: 'settled'; conflicts: string[]; written: Record<string, string>; notes: string[] } | { kind: 'unresolvable'; paths: string[]; reasons: string[] }

/**
 * After `git merge` stopped on conflicts: every unmerged path is settled (see the header), or
 * none is (`unresolvable`: the caller undoes the merge). Answers the drafts left for the applicant.
 */
export async function settleConflicts(repo: Repository): Promise<Settled> {
  const merge = gitTextMerge(repo)
  const plan: { path: string; text: string | null }[] = []
  const conflicts: { id: string; path: string; fileText: string }[] = []
  const notes: string[] = []
  const unresolvable: string[] = []
  const reasons: string[] = []
  for (const path of await unmergedPaths(repo)) {
    const kind = classifyPath(repo.prefix, path)
    if (kind?.kind === 'record') {
      const sides = await thisSideNow(repo, path, (text) => readsAsRecord(`${kind.recordId}.yaml`, text))
      plan.push({ path, text: laterRecord(`${kind.recordId}.yaml`, sides.ours, sides.theirs) })
    } else if (kind?.kind === 'draft') {
      const result: DraftMerge = await mergeDraft(await thisSideNow(repo, path, readsAsDraft), merge)
      if (result.kind === 'clean') {
        plan.push({ path, text: result.text })
        if (result.note) notes.push(result.note)
      } else if (result.kind === 'conflict') {
        conflicts.push({ id: kind.id, path, fileText: result.fileText })
      } else {
        unresolvable.push(path)
        reasons.push(`${path}: ${result.reason}`)
      }
    } else {
      unresolvable.push(path)
    }
  }
  if (unresolvable.length > 0) return { kind: 'unresolvable', paths: unresolvable, reasons }
  for (const { path, text } of plan) await writeResolved(repo, path, text)
  // Left unmerged in the index, so git (and a teammate at a terminal) sees the merge is not done.
  const written: Record<string, string> = {}
  for (const { path, fileText } of conflicts) {
    await writeFileAtomic(join(repo.root, path), fileText, { encoding: 'utf8' })
    written[path] = draftVersion(fileText)
  }
  return { kind: 'settled', conflicts: conflicts.map((one) => one.id), written, notes }
}

/** The drafts waiting in Grant Desk's merge, with their three sides, from git's index (so also after a restart). `repo` just opened. */
export async function listConflicts(repo: Repository, marker: MergeMarker): Promise<SyncConflict[]> {
  const merge = gitTextMerge(repo)
  const out: SyncConflict[] = []
  for (const path of repo.unmerged) {
    const kind = classifyPath(repo.prefix, path)
    if (kind?.kind !== 'draft') continue
    const sides = await sidesOf(repo, path)
    const now = await workTreeFile(repo, path)
    // "Mine" is the draft as it is now: the merge left this side's text in the file, and the
    // applicant may have saved since. Git's own copy of this side (the index) misses those saves,
    // and the conflict's version is the file's, so choosing from the index overwrote them unseen.
    const result = await mergeDraft({ ...sides, ours: now !== null && readsAsDraft(now) ? now : sides.ours }, merge)
    if (result.kind !== 'conflict') continue
    const author = await repo.git.run(['log', '-1', '--format=%an', marker.mergeHead, '--', literalPathspec(path)], { readOnly: true })
    out.push({
      draftId: kind.id,
      title: result.title,
      theirAuthor: author.stdout.trim() || null,
      version: draftVersion(now ?? ''),
      pitch: result.pitch,
      fields: result.fields,
      mergedFields: result.mergedFields,
    })
  }
  return out
}

/** Whether a file holds a whole draft: one with git's conflict markers in its pitch parses, but is git's half merge, not a save (the store refuses to open it). */
export function readsAsDraft(text: string): boolean {
  if (conflictMarkerLine(text) !== null) return false
  try {
    parseDraftFile(text)
    return true
  } catch {
    return false
  }
}

/** The conflicted drafts' ids and titles, cheaply (for the state). */
export async function conflictBriefs(repo: Repository): Promise<{ draftId: string; title: string }[]> {
  const out: { draftId: string; title: string }[] = []
  for (const path of repo.unmerged) {
    const kind = classifyPath(repo.prefix, path)
    if (kind?.kind !== 'draft') continue
    let title = kind.id
    try {
      title = parseDraftFile((await fileAt(repo, `:2:${path}`)) ?? (await workTreeFile(repo, path)) ?? '').frontMatter.grant.title
    } catch {
      // The id names it well enough.
    }
    out.push({ draftId: kind.id, title })
  }
  return out
}

/**
 * Undoes Grant Desk's merge (`git merge --abort`: back to before the pull). Drafts and records
 * the applicant changed since the merge began are kept: their text is put back after the undo,
 * as changes not sent yet.
 */
export async function abortAppMerge(repo: Repository, marker: MergeMarker): Promise<void> {
  const kept: { path: string; text: string }[] = []
  const unmerged = new Set(repo.unmerged)
  // Files changed in the work tree since the merge staged them, and the conflicted drafts.
  const changed = (await repo.git.run(['diff', '--name-only', '-z'], { readOnly: true })).stdout.split('\0').filter((path) => path !== '')
  for (const path of new Set([...changed, ...unmerged])) {
    const kind = classifyPath(repo.prefix, path)
    if (!kind || kind.kind === 'policy' || kind.kind === 'attributes') continue
    const text = await workTreeFile(repo, path)
    if (text === null) continue
    // A conflicted draft still as the merge wrote it holds nothing new: the undo brings ours back.
    if (unmerged.has(path) && marker.written[path] === draftVersion(text)) continue
    if (unmerged.has(path) && !(await editedSince(repo, path, text))) continue
    kept.push({ path, text })
  }
  await repo.git.run(['merge', '--abort'])
  await clearAppMerge(repo)
  for (const { path, text } of kept) await writeFileAtomic(join(repo.root, path), text, { encoding: 'utf8' })
}

/** Whether a draft's pitch or fields differ from HEAD's (the merge's own front-matter changes do not count). */
async function editedSince(repo: Repository, path: string, text: string): Promise<boolean> {
  const before = await fileAt(repo, `HEAD:${path}`)
  if (before === null) return true
  try {
    const now = parseDraftFile(text)
    const then = parseDraftFile(before)
    return now.pitch !== then.pitch || JSON.stringify(now.frontMatter.custom_fields) !== JSON.stringify(then.frontMatter.custom_fields)
  } catch {
    return text !== before
  }
}
