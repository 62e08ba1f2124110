/**
 * Which files of the repository a sync may commit: the drafts folder's own, and nothing else.
 *
 * - `<id>.md` directly in the drafts folder (an id as the contract defines it; a team's README or
 *   notes are not drafts and are left to the team);
 * - `<id>.reviews/<record>.yaml`, the review records (see shared/review/records.ts);
 * - `.grant-desk.yaml` (the team's review policy) and `.gitattributes` at the folder's root.
 *
 * Paths are git's: relative to the work tree's top, with `/`. `prefix` is the drafts folder's
 * place in the work tree (`git rev-parse --show-prefix`: `""` at the top, else `drafts/`).
 */
// The drafts' part of the contract (not the channel map, ipc.ts, whose every schema the CLI's sync would build at start).
import { DraftId } from '../../../shared/ipc'
import { POLICY_FILE_NAME, RECORD_FILE_PATTERN } from '../../../shared/review'

/** The team's review policy (see shared/review/policy.ts); one above the drafts folder is outside it, so never committed. */
export const POLICY_FILE = POLICY_FILE_NAME
export const ATTRIBUTES_FILE = '.gitattributes'

export type SyncPath = { kind: 'draft'; id: string } | { kind: 'record'; id: string; recordId: string } | { kind: 'policy' } | { kind: 'attributes' }

const isId = (text: string) => DraftId.safeParse(text).success

/** What `path` is to the sync, or null when it is not the app's to commit. */
export function classifyPath(prefix: string, path: string): SyncPath | null {
  if (!path.startsWith(prefix)) return null
  const rel = path.slice(prefix.length)
  if (rel === POLICY_FILE) return { kind: 'policy' }
  if (rel === ATTRIBUTES_FILE) return { kind: 'attributes' }
  const parts = rel.split('/')
  if (parts.length === 1) {
    const name = parts[0]!
    return name.endsWith('.md') && isId(name.slice(0, -3)) ? { kind: 'draft', id: name.slice(0, -3) } : null
  }
  if (parts.length === 2) {
    const [folder, file] = parts as [string, string]
    if (!folder.endsWith('.reviews') || !RECORD_FILE_PATTERN.test(file)) return null
    const id = folder.slice(0, -'.reviews'.length)
    return isId(id) ? { kind: 'record', id, recordId: file.slice(0, -'.yaml'.length) } : null
  }
  return null
}

/** The draft a path belongs to (a draft's file or one of its records), or null. */
export function draftOfPath(prefix: string, path: string): string | null {
  const kind = classifyPath(prefix, path)
  return kind && (kind.kind === 'draft' || kind.kind === 'record') ? kind.id : null
}

/** A pathspec that names exactly this path, whatever characters the drafts folder's name has (`*`, `[`…). */
export function literalPathspec(path: string): string {
  return `:(top,literal)${path}`
}
