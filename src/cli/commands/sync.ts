/**
 * `grant-desk sync [folder]`: the app's team sync from a terminal or a scheduled job (cron, a
 * CI runner), on a drafts folder kept in git. The same core as the app (src/main/core/sync):
 * commit the folder's drafts and review records, pull with a merge, push. A pitch changed on
 * both sides in one place is left for the app (the merge stays in progress, the file reads as
 * this side's text, never conflict markers).
 *
 * Exit codes: 0 synced; 1 a conflict to resolve in the app, or a pull or push that failed (the
 * repository left as it was: what was committed stays committed here, and goes with the next
 * sync); 2 usage, a folder that is not in a git repository, or no git.
 *
 * Everything it prints goes through the same escaping as `lint` and `review` (terminal.ts):
 * draft titles, teammates' names, file names and what git or a server's hook answered come
 * from others, and their escape sequences are written out, never acted on.
 */
import { opendir, readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { classifyPath, consoleLogger, isSyncFailure, SyncService } from '../../main/core/public/sync'
import type { SyncResult } from '../../shared/ipc'
import { errorMessage } from '../output'
import { escapeForTerminal } from '../terminal'

interface Io {
  out: (s: string) => void
  err: (s: string) => void
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`

function report(result: SyncResult, io: Io): number {
  const repo = result.state.repository
  const where = repo?.upstream ? `${repo.branch} ↔ ${repo.upstream}` : (repo?.branch ?? '')
  if (result.committed) io.out(`Committed: ${result.committed.message.split('\n')[0]} (${plural(result.committed.files, 'file')}).`)
  if (result.received) io.out(`Received: ${result.received.text} (${plural(result.received.commits, 'commit')}).`)
  for (const note of result.notes) io.out(`Note: ${note}`)
  if (result.outcome === 'conflict') {
    for (const conflict of result.conflicts) {
      const what = conflict.pitch.conflicted ? 'the pitch' : `${conflict.fields.map((field) => field.label).join(', ')}`
      io.err(`${conflict.title} (${conflict.draftId}.md): ${what} changed here and by ${conflict.theirAuthor ?? 'a teammate'} in the same place.`)
    }
    io.err(
      'The merge is waiting, nothing was sent, and the drafts read as your own text. Open Grant Desk to choose what to keep (it offers the conflict when it starts), or settle it with git: edit the file, git add it, git commit, then sync again.',
    )
    return 1
  }
  io.out(
    result.sent > 0
      ? `Synced ${result.state.folder} (${where}): sent ${plural(result.sent, 'commit')}.`
      : `Synced ${result.state.folder} (${where}): ${result.committed || result.received ? 'done' : 'already up to date'}.`,
  )
  return 0
}

const isDraftFile = (name: string) => classifyPath('', name)?.kind === 'draft'

/**
 * When `folder` holds no draft of its own but its subfolders do (the command run at the
 * repository's top, the drafts one level down): the note that names them. A sync takes only the
 * drafts directly in its folder, so without this it says "already up to date" over changed drafts.
 */
async function draftsOneLevelDown(folder: string): Promise<string | null> {
  // Read as a stream that stops at the first draft: a folder of thousands costs a few entries.
  const folders: import('node:fs').Dirent[] = []
  try {
    for await (const entry of await opendir(folder)) {
      if (entry.isFile() && isDraftFile(entry.name)) return null
      if (entry.isDirectory()) folders.push(entry)
    }
  } catch {
    return null
  }
  const found: { path: string; count: number }[] = []
  for (const entry of folders) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.reviews')) continue
    const path = join(folder, entry.name)
    const count = await readdir(path).then(
      (names) => names.filter(isDraftFile).length,
      () => 0,
    )
    if (count > 0) found.push({ path, count })
  }
  if (found.length === 0) return null
  const held = found.map((one) => `${one.path} holds ${plural(one.count, 'draft')}`).join(', ')
  return `No drafts are directly in ${folder}, and a sync takes only those, so these were not synced: ${held}. To sync them, run grant-desk sync ${found[0]!.path}.`
}

/** Each line written out (terminal.ts), the line breaks the command itself writes kept. */
const escaped = (text: string) => text.split('\n').map(escapeForTerminal).join('\n')

export async function runSync(folder: string, raw: Io, env: Record<string, string | undefined>, options: { interactive?: boolean } = {}): Promise<number> {
  const io: Io = { out: (s) => raw.out(escaped(s)), err: (s) => raw.err(escaped(s)) }
  // The app creates a missing drafts folder; a command given a mistyped path must not.
  try {
    if (!(await stat(folder)).isDirectory()) {
      io.err(`${folder} is a file, not a folder: name the drafts folder (or leave it out to sync the folder you are in).`)
      return 2
    }
  } catch {
    io.err(`There is no folder ${folder}: name the drafts folder (or leave it out to sync the folder you are in).`)
    return 2
  }
  const sync = new SyncService({
    folder: () => resolve(folder),
    env,
    interactive: options.interactive ?? false,
    // A terminal has no Settings: the commit message names git's user.name.
    reviewerName: () => Promise.resolve(null),
    memoryFile: null,
    now: () => new Date(),
    // A warning names git's answer (a hook's output): written out like the rest.
    log: {
      warn: (message) => consoleLogger.warn(escaped(message)),
      error: (message, detail) => consoleLogger.error(escaped(message), ...(detail === undefined ? [] : [escaped(errorMessage(detail))])),
    },
  })
  try {
    const code = report(await sync.sync(), io)
    const elsewhere = await draftsOneLevelDown(folder)
    if (elsewhere) io.out(`Note: ${elsewhere}`)
    return code
  } catch (error) {
    if (!isSyncFailure(error)) throw error
    io.err(error.message)
    return error.problem === 'not_a_repository' || error.problem === 'git_missing' ? 2 : 1
  } finally {
    await sync.close()
  }
}
