/**
 * The review record is append-only, and git's history is what shows it was not. A record file
 * (`<draft>.reviews/<id>.yaml`) once committed must stay as it was committed, in HEAD and in the
 * work tree: deleted, renamed or rewritten, it is reported here as a problem of its draft's
 * review, which then reads as unknown (never approved), naming the file and the commits. So
 * deleting a reviewer's later "request changes" cannot bring back their earlier approval in a
 * team's CI.
 *
 * A record's file name is its id, unique to it, so a record is followed by name across folders:
 * moved with its draft (a renamed draft) it is the same record, and a record dropped from the old
 * folder is reported in the new one too, so renaming a draft cannot shed a "request changes".
 *
 * The one rewrite the app makes is allowed: a comment (a thread or a reply) whose text its author
 * edited or deleted keeps its record, with only `body`, `edited_at`, `deleted_at` and
 * `suggestion` changed. Anything else (a verdict, an author record, a resolve, a comment's author
 * or kind) must stay byte for byte as committed.
 *
 * In proportion for thousands of records, per repository (cached for the instance's life):
 * - `git log --raw` over the current branch's history, limited to review folders: when each
 *   record was first committed (its blob), and the commits that deleted or changed one;
 * - `git ls-tree -r HEAD`: each record as HEAD has it;
 * - `git diff --raw HEAD`: records deleted or changed in the work tree (staged or not);
 * - one `git cat-file` per record whose content differs from its first commit (edited comments,
 *   rare), to tell an allowed comment edit from a forged one.
 *
 * Outside a git work tree (or with no git, or before the first commit) there is no history to
 * check, and nothing is reported. A shallow clone cannot show what its missing history removed,
 * so every draft in one is reported, with the fix (fetch the full history).
 */
import { realpath } from 'node:fs/promises'
import { join, posix } from 'node:path'
import { RECORD_FILE_PATTERN, parseRecordFile, reviewFolderName, type ReviewRecord, type UnreadableRecord } from '../../../shared/review'
import { Git, GitCommandError } from '../sync/git'
import { errorCode, mapLimited, readRegularFile } from '../folder'

/** The record files of every review folder, as git pathspec (`*` crosses folders). */
const RECORDS_PATHSPEC = '*.reviews/*'
/** Variables that change how git reads a pathspec: with one, RECORDS_PATHSPEC could match nothing, and the check pass. */
const PATHSPEC_VARIABLES = ['GIT_LITERAL_PATHSPECS', 'GIT_GLOB_PATHSPECS', 'GIT_NOGLOB_PATHSPECS', 'GIT_ICASE_PATHSPECS']
/** Blobs read at once when telling comment edits from forgeries. */
const BLOB_READS = 4
/** What a comment's author may change in its record (review-files.ts's rewriteRecord). */
const EDITABLE_KEYS = new Set(['body', 'edited_at', 'deleted_at', 'suggestion'])

interface Event {
  commit: string
  status: 'A' | 'D' | 'M' | 'T'
  blob: string
  path: string
}

/** What one repository's history says of its records: problems by review folder (path from the top, `/`-separated). */
interface RepositoryCheck {
  top: string
  /** Every draft's review is unknown (a shallow clone); null when the history could be read. */
  everywhere: string | null
  byFolder: Map<string, UnreadableRecord[]>
}

const short = (commit: string) => commit.slice(0, 7)

/**
 * Git's `-z` raw output (commit headers `\x01<sha>`, then `:<modes> <blobs> <status>` and path
 * pairs), by record file name: a record's name is its id, so a record moved with its draft (a
 * renamed draft) is the same record in its new folder. Each list is newest first.
 */
function parseLog(text: string): Map<string, Event[]> {
  const events = new Map<string, Event[]>()
  const tokens = text.split('\0')
  let commit = ''
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i]!
    // Stripped only where it starts with a line break (a header after the previous commit's lines): a regex on every token was most of this loop.
    if (token.charCodeAt(0) === 10) token = token.replace(/^\n+/, '')
    if (token.startsWith('\x01')) commit = token.slice(1)
    else if (token.startsWith(':')) {
      const path = tokens[++i]!
      const [, , oldBlob, newBlob, status] = token.slice(1).split(' ')
      if (status !== 'A' && status !== 'D' && status !== 'M' && status !== 'T') continue
      const name = recordName(path)
      if (name === null) continue
      const event: Event = { commit, status, blob: status === 'D' ? oldBlob! : newBlob!, path }
      const list = events.get(name)
      if (list) list.push(event)
      else events.set(name, [event])
    }
  }
  return events
}

/**
 * The folder and name of a path as git writes it (`/`-separated, relative, never ending in `/`):
 * what posix.dirname and posix.basename answer for such a path, from one search for its last `/`
 * (a gate's history check splits every record's path, on the thread that weighs the reviews).
 */
function splitPath(path: string): { folder: string; name: string } {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? { folder: '.', name: path } : { folder: path.slice(0, slash), name: path.slice(slash + 1) }
}

/** The name of a record file (named like one) directly in a review folder; null for any other path. */
function recordName(path: string): string | null {
  const { folder, name } = splitPath(path)
  return RECORD_FILE_PATTERN.test(name) && folder.endsWith('.reviews') ? name : null
}

/** `git ls-tree -r -z` or `git diff --raw -z` output, by path: mode and blob (tree), or status (diff). */
function parseTree(text: string): Map<string, { mode: string; blob: string }> {
  const out = new Map<string, { mode: string; blob: string }>()
  for (const entry of text.split('\0')) {
    const tab = entry.indexOf('\t')
    if (tab < 0) continue
    const [mode, , blob] = entry.slice(0, tab).split(' ')
    out.set(entry.slice(tab + 1), { mode: mode!, blob: blob! })
  }
  return out
}

function parseDiff(text: string): Map<string, 'D' | 'M' | 'T'> {
  const out = new Map<string, 'D' | 'M' | 'T'>()
  const tokens = text.split('\0')
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!.replace(/^\n+/, '')
    if (!token.startsWith(':')) continue
    const path = tokens[++i]!
    const status = token.split(' ')[4]
    if (status === 'D' || status === 'M' || status === 'T') out.set(path, status)
  }
  return out
}

/** Whether `after` is `before` with only what a comment's author may change changed. */
export function allowedRewrite(before: ReviewRecord, after: ReviewRecord): boolean {
  if (before.kind !== 'thread' && before.kind !== 'reply') return false
  if (after.kind !== before.kind) return false
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const key of keys) {
    if (EDITABLE_KEYS.has(key)) continue
    if (JSON.stringify((before as Record<string, unknown>)[key]) !== JSON.stringify((after as Record<string, unknown>)[key])) return false
  }
  return true
}

/**
 * A read-only git command's output without its last line break, as Git.text answers it, run
 * without simple-git (Git.readQuietly): a gate then never loads it, and each of its few git
 * runs waits for git's output to end, as these reads must.
 */
async function gitText(git: Git, args: readonly string[]): Promise<string> {
  return (await git.readQuietly(args)).replace(/\r?\n$/, '')
}

function parses(name: string, text: string): ReviewRecord | null {
  try {
    return parseRecordFile(name, text)
  } catch {
    return null
  }
}

export interface RecordHistoryOptions {
  /** The environment git runs in (the CLI's, or the app's). */
  env: Record<string, string | undefined>
}

export class RecordHistory {
  readonly #git: Git
  /** Repository checks by work tree top, each made once. */
  readonly #repositories = new Map<string, Promise<RepositoryCheck>>()
  /** The work tree top of each drafts folder (null: not in one). */
  readonly #tops = new Map<string, Promise<{ top: string; shallow: boolean } | null>>()
  /** Each drafts folder as named, resolved (null: it cannot be), once: a gate asks for every draft of a folder. */
  readonly #real = new Map<string, Promise<string | null>>()

  constructor(options: RecordHistoryOptions) {
    // Pathspecs read as git's default (`*` crosses folders) whatever the caller's environment says.
    const env = Object.fromEntries(Object.entries(options.env).filter(([key]) => !PATHSPEC_VARIABLES.includes(key)))
    this.#git = new Git({ cwd: '.', env })
  }

  /**
   * The records of a draft that its git history shows were removed or rewritten, as unreadable
   * records of its review (each names the file, the commits, and how to restore it). Empty
   * outside a git work tree.
   */
  async problems(draftsFolder: string, draftId: string): Promise<UnreadableRecord[]> {
    let real = this.#real.get(draftsFolder)
    if (!real) this.#real.set(draftsFolder, (real = realpath(draftsFolder).catch(() => null)))
    const folder = await real
    if (folder === null) return []
    let located = this.#tops.get(folder)
    if (!located) this.#tops.set(folder, (located = this.#locate(folder)))
    const where = await located
    if (where === null) return []
    let check = this.#repositories.get(where.top)
    if (!check) this.#repositories.set(where.top, (check = this.#check(where.top, where.shallow)))
    const repository = await check
    if (repository.everywhere !== null) return [{ fileName: reviewFolderName(draftId), reason: repository.everywhere }]
    const relativeFolder = posix.join(
      ...join(folder, reviewFolderName(draftId))
        .slice(where.top.length + 1)
        .split(/[\\/]/),
    )
    return repository.byFolder.get(relativeFolder) ?? []
  }

  async #locate(folder: string): Promise<{ top: string; shallow: boolean } | null> {
    let lines: string[]
    try {
      lines = (await gitText(this.#git.at(folder), ['rev-parse', '--show-toplevel', '--is-shallow-repository'])).split('\n')
    } catch (error) {
      // Not a work tree, or no git to ask: no history to check.
      if (error instanceof GitCommandError) return null
      throw error
    }
    const top = await realpath(lines[0]!)
    return { top, shallow: lines[1] === 'true' }
  }

  async #check(top: string, shallow: boolean): Promise<RepositoryCheck> {
    const git = this.#git.at(top)
    const byFolder = new Map<string, UnreadableRecord[]>()
    const result: RepositoryCheck = { top, everywhere: null, byFolder }
    if (shallow) {
      result.everywhere = `The repository ${top} is a shallow clone, so its history cannot show whether a review record was deleted or changed; no draft in it counts as approved. Fetch the full history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0).`
      return result
    }
    let log: string
    try {
      log = await gitText(git, [
        'log',
        // A user's config must not add to the output (log.showSignature, color.ui = always).
        '--no-show-signature',
        '--no-color',
        '--raw',
        '-z',
        '--no-abbrev',
        '--no-renames',
        '--date-order',
        '--diff-merges=separate',
        '--diff-filter=ADMT',
        '--format=%x01%H',
        '--',
        RECORDS_PATHSPEC,
      ])
    } catch (error) {
      // Before the first commit nothing is committed, so nothing can have been removed.
      if (error instanceof GitCommandError && /does not have any commits|bad default revision|unknown revision/.test(error.stderr)) return result
      throw error
    }
    const [tree, diff] = await Promise.all([
      git.readQuietly(['ls-tree', '-r', '-z', '--full-tree', 'HEAD']).then(parseTree),
      git.readQuietly(['diff', '--no-color', '--raw', '-z', '--no-abbrev', '--no-renames', 'HEAD', '--', RECORDS_PATHSPEC]).then(parseDiff),
    ])
    const add = (path: string, reason: string) => {
      const folder = posix.dirname(path)
      const list = byFolder.get(folder)
      const entry = { fileName: posix.basename(path), reason }
      if (list) list.push(entry)
      else byFolder.set(folder, [entry])
    }
    // Where each record is now (HEAD, less what the work tree deleted), by name.
    const present = new Map<string, string[]>()
    for (const path of tree.keys()) {
      const name = recordName(path)
      if (name === null || diff.get(path) === 'D') continue
      const paths = present.get(name)
      if (paths) paths.push(path)
      else present.set(name, [path])
    }
    // A review folder whose records now live in another (the draft was renamed): its removals are the other's too.
    const movedTo = new Map<string, Set<string>>()
    const removed: { folder: string; fileName: string; reason: string }[] = []
    // Records whose content now differs from their first commit: read both, then judge.
    const differing: { path: string; first: Event; now: { blob: string } | { disk: string }; changedIn: string }[] = []
    for (const [name, events] of parseLog(log)) {
      // Newest first (date order: never a parent before its children): the first commit is the last add.
      const first = events.findLast((event) => event.status === 'A')
      if (!first) continue
      const restore = `Restore it with: git checkout ${short(first.commit)} -- ${first.path}`
      const paths = present.get(name) ?? []
      if (paths.length === 0) {
        const inTree = events.find((event) => tree.has(event.path))
        const deleted = events.find((event) => event.status === 'D')
        const [folder, where] = inTree
          ? [posix.dirname(inTree.path), 'is deleted or renamed in the work tree']
          : deleted
            ? [posix.dirname(deleted.path), `deleted or renamed in ${short(deleted.commit)}`]
            : [posix.dirname(first.path), 'is not in HEAD']
        removed.push({
          folder,
          fileName: name,
          reason: `${name} was committed in ${short(first.commit)} and ${where}: a review record is never removed. ${restore}`,
        })
        continue
      }
      for (const path of paths) {
        const to = splitPath(path).folder
        for (const event of events) {
          const from = splitPath(event.path).folder
          if (from !== to) movedTo.set(from, new Set([...(movedTo.get(from) ?? []), to]))
        }
        const atHead = tree.get(path)!
        if (atHead.mode !== '100644' && atHead.mode !== '100755') {
          add(path, `${name} was committed in ${short(first.commit)} and replaced by a link in HEAD: a review record is never replaced. ${restore}`)
          continue
        }
        const changed = events.find((event) => event.path === path && (event.status === 'M' || event.status === 'T' || event.status === 'A'))
        if (diff.has(path)) differing.push({ path, first, now: { disk: join(top, path) }, changedIn: 'the work tree' })
        else if (atHead.blob !== first.blob) differing.push({ path, first, now: { blob: atHead.blob }, changedIn: changed ? short(changed.commit) : 'HEAD' })
      }
    }
    for (const { folder, fileName, reason } of removed) {
      // The folder it was removed from, and every folder its draft's records moved to since.
      const folders = new Set([folder])
      for (const at of folders) for (const next of movedTo.get(at) ?? []) folders.add(next)
      for (const at of folders) add(posix.join(at, fileName), reason)
    }
    await mapLimited(differing, BLOB_READS, async ({ path, first, now, changedIn }) => {
      const name = posix.basename(path)
      const before = parses(name, await gitText(git, ['cat-file', 'blob', first.blob]))
      let text: string | null
      if ('blob' in now) text = await gitText(git, ['cat-file', 'blob', now.blob])
      else {
        try {
          text = (await readRegularFile(now.disk, { maxBytes: 8 * 1024 * 1024, sniffBytes: 0 })).bytes.toString('utf8')
        } catch (error) {
          // Gone since git looked, or not a file any more (a link): either way not the record committed.
          text = errorCode(error) === 'ENOENT' ? null : ''
        }
      }
      const after = text === null ? null : parses(name, text)
      // The record as committed (back in the work tree, or with other line ends), or a comment its author edited.
      if (before !== null && after !== null && (JSON.stringify(before) === JSON.stringify(after) || allowedRewrite(before, after))) return
      add(
        path,
        `${name} was committed in ${short(first.commit)} and changed in ${changedIn}: a review record is never rewritten (only a comment's text, by its author). Restore it with: ${first.path === path ? `git checkout ${short(first.commit)} -- ${path}` : `git show ${short(first.commit)}:${first.path} > ${path}`}`,
      )
    })
    for (const list of byFolder.values()) list.sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
    return result
  }
}
