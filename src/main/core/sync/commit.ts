/**
 * The commit of a sync: the drafts folder's changed files (see paths.ts), nothing else, with
 * the user's own git identity (never set or overridden here) and a message that says what
 * changed (activity.ts), read from the files being committed.
 *
 * - Only these paths go in: `git add` and `git commit` are given exactly them (a pathspec file,
 *   so thousands of files fit), and `git commit <paths>` commits those paths alone, so whatever
 *   the user staged elsewhere in the repository stays staged and uncommitted.
 * - Hooks run as in a terminal. When git refuses (a pre-commit hook, no identity), the index is
 *   put back exactly as it was (a copy taken before `git add`), so a refused sync leaves the
 *   repository as it found it; the files themselves were never touched.
 * - Titles and names come from files and Settings: in a message they carry no control character
 *   (an escape sequence would act in every teammate's `git log`), no bidi mark, override or
 *   isolate and no zero-width character (messageText).
 * - A draft that holds git conflict markers (a teammate's unfinished `git merge` in a synced
 *   folder) is not committed: sending it would spread the markers. It is named in a note.
 */
import { copyFile, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { conflictMarkerLine } from '../../../shared/text'
import { parseDraftFile } from '../../../shared/draft-file'
import { parseRecordFile, type ReviewRecord } from '../../../shared/review'
import { commitBody, commitSubject, countRecord, emptyActivity, type DraftActivity, type FileChange } from './activity'
import { GitCommandError } from './git'
import { literalPathspec, ATTRIBUTES_FILE } from './paths'
import { commitFailure } from './problems'
import { fileAt, workTreeFile, type Change, type Repository } from './repository'

export interface Committed {
  sha: string
  message: string
  files: number
}

/** Every C0 control (line breaks and tabs too: a title or a name is one line), DEL and every C1 control. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]+/g
/** Bidi marks, embeddings, overrides and isolates, zero-width characters and the line and paragraph separators. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u2028\u2029\uFEFF]/g

/** A title or a name as a commit message may carry it: controls become a space, invisible and reordering characters go. */
export function messageText(text: string): string {
  return text.replace(CONTROLS, ' ').replace(INVISIBLE, '')
}

/** `??`, `A `, ` M`, `D `… as added, modified or deleted. */
export function fileChangeOf(status: string): FileChange {
  if (status === '??' || status.startsWith('A')) return 'A'
  if (status.includes('D')) return 'D'
  return 'M'
}

function draftInfo(text: string | null): { title: string; status: string } | null {
  if (text === null) return null
  try {
    const { frontMatter } = parseDraftFile(text)
    return { title: frontMatter.grant.title, status: frontMatter.status }
  } catch {
    return null
  }
}

function readRecord(fileName: string, text: string | null): ReviewRecord | null {
  if (text === null) return null
  try {
    return parseRecordFile(fileName, text)
  } catch {
    return null
  }
}

/**
 * What the changes mean, per draft (activity.ts), read from the work tree and HEAD. `notes`
 * names drafts left out; `paths` is what is committed.
 */
export async function describeChanges(
  repo: Repository,
  changes: readonly Change[],
): Promise<{ activities: DraftActivity[]; teamFiles: string[]; paths: string[]; notes: string[] }> {
  const activities = new Map<string, DraftActivity>()
  const teamFiles: string[] = []
  const paths: string[] = []
  const notes: string[] = []
  const activityOf = async (id: string) => {
    let activity = activities.get(id)
    if (!activity) {
      const draftPath = `${repo.prefix}${id}.md`
      const title =
        draftInfo(await workTreeFile(repo, draftPath))?.title ?? (repo.head ? draftInfo(await fileAt(repo, `HEAD:${draftPath}`))?.title : undefined) ?? id
      activity = emptyActivity(id, messageText(title))
      activities.set(id, activity)
    }
    return activity
  }
  for (const change of changes) {
    const how = fileChangeOf(change.status)
    if (change.kind.kind === 'draft') {
      const now = how === 'D' ? null : await workTreeFile(repo, change.path)
      if (now !== null && conflictMarkerLine(now) !== null) {
        notes.push(
          `${change.path.slice(repo.prefix.length)} was not sent: it holds git conflict markers (line ${conflictMarkerLine(now)}). Open it in a text editor, keep the text you want, and sync again.`,
        )
        continue
      }
      const activity = await activityOf(change.kind.id)
      if (how === 'A') activity.started = true
      else if (how === 'D') activity.deleted = true
      else {
        activity.edited = true
        const before = repo.head ? draftInfo(await fileAt(repo, `HEAD:${change.path}`)) : null
        if (draftInfo(now)?.status === 'submitted' && before?.status !== 'submitted') activity.submitted = true
      }
    } else if (change.kind.kind === 'record') {
      const record = how === 'A' ? readRecord(`${change.kind.recordId}.yaml`, await workTreeFile(repo, change.path)) : null
      countRecord(await activityOf(change.kind.id), how, record)
    } else {
      teamFiles.push(change.kind.kind === 'policy' ? 'the team policy' : ATTRIBUTES_FILE)
    }
    paths.push(change.path)
  }
  return { activities: [...activities.values()], teamFiles, paths, notes }
}

/** Runs `work` with a copy of the index taken first, and puts the copy back if `work` throws. */
export async function withIndexRestoredOnFailure<T>(repo: Repository, work: () => Promise<T>): Promise<T> {
  // The repository's own folder holds its index (a worktree's too; GIT_INDEX_FILE is never passed to git, see git.ts).
  const index = join(repo.gitDir, 'index')
  const backup = join(repo.gitDir, 'grant-desk-index.backup')
  let hadIndex = true
  try {
    await copyFile(index, backup)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    hadIndex = false // a repository with no commit and nothing staged has no index yet
  }
  try {
    return await work()
  } catch (error) {
    if (hadIndex) await copyFile(backup, index)
    else await unlink(index).catch(() => {})
    throw error
  } finally {
    await unlink(backup).catch(() => {})
  }
}

/**
 * Commits `changes` (the folder's files) as `who`'s sync; null when there is nothing to commit.
 * Throws a SyncFailure (problems.ts) with the repository as it was.
 */
export async function commitChanges(repo: Repository, changes: readonly Change[], who: string): Promise<{ committed: Committed | null; notes: string[] }> {
  const { activities, teamFiles, paths, notes } = await describeChanges(repo, changes)
  if (paths.length === 0) return { committed: null, notes }
  const subject = commitSubject(messageText(who), activities, teamFiles)
  const body = commitBody(activities)
  const message = body === '' ? subject : `${subject}\n\n${body}`
  const scratch = await mkdtemp(join(tmpdir(), 'grant-desk-sync-'))
  const pathspecFile = join(scratch, 'paths')
  try {
    await writeFile(pathspecFile, paths.map((path) => `${literalPathspec(path)}\0`).join(''))
    const from = [`--pathspec-from-file=${pathspecFile}`, '--pathspec-file-nul']
    await withIndexRestoredOnFailure(repo, async () => {
      // --verbose and no --quiet: a command that prints nothing costs 50 ms more (see repository.ts).
      await repo.git.run(['add', '-A', '--verbose', ...from])
      try {
        await repo.git.run(['commit', '-m', subject, ...(body === '' ? [] : ['-m', body]), ...from])
      } catch (error) {
        if (error instanceof GitCommandError) throw commitFailure(error, paths.length === 1 ? 'your change' : `your ${paths.length} changes`)
        throw error
      }
    })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  const sha = await repo.git.text(['rev-parse', 'HEAD'])
  return { committed: { sha, message, files: paths.length }, notes }
}
