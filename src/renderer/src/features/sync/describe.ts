/**
 * The words of the team sync's screens, kept apart from the components so a test reads them
 * without a page: what a sync sent and received, and the way out each failure names.
 */
import type { AppError, SyncProblem, SyncResult } from '../../../../shared/ipc'
import { plural } from '../../../../shared/text'

/** "Synced: sent 2 commits, received 3 commits from Ben." / "Synced: everything was already up to date." */
export function resultText(result: SyncResult): string {
  // The status line's summary and the list above the screen say it already.
  if (result.outcome === 'conflict') return ''
  const parts: string[] = []
  // What was sent is what counts to a teammate; a commit that stayed here is worth saying only alone.
  if (result.sent > 0) parts.push(`sent ${plural(result.sent, 'commit')}`)
  else if (result.committed) parts.push(`committed ${plural(result.committed.files, 'file')}`)
  if (result.received) {
    const people = result.received.people.map((person) => person.name)
    parts.push(`received ${plural(result.received.commits, 'commit')}${people.length > 0 ? ` from ${people.join(', ')}` : ''}`)
  }
  const done = parts.length === 0 ? 'Synced: everything was already up to date.' : `Synced: ${parts.join(', ')}.`
  // The core's notes (what it did beyond the usual: a stale lock removed, an interrupted merge finished, a merge driver overridden), each a sentence.
  return [done, ...result.notes].join(' ')
}

export type WayOut = 'settings' | 'retry' | null

/**
 * What the applicant can do about a failure from inside the app: the address and the tracking
 * live in Settings; a network, a teammate's push that came first or another sync that ran long
 * goes away with another try;
 * the rest (git missing, no identity, a hook, a merge of their own) are done outside, and the
 * core's message says how.
 */
export function wayOut(problem: SyncProblem | undefined): WayOut {
  switch (problem) {
    case 'not_a_repository':
    case 'no_remote':
    case 'remote_not_found':
    case 'no_upstream':
      return 'settings'
    case 'unreachable':
    case 'push_rejected':
    case 'sync_busy':
    case 'git_failed':
    case 'auth_failed':
    case 'hook_refused':
    case 'identity_missing':
    case 'local_changes_in_the_way':
    case 'operation_in_progress':
    case 'detached_head':
    case 'unmerged_files':
    case 'unresolvable_conflict':
    case 'unrelated_histories':
    case 'git_missing':
      return 'retry'
    default:
      return null
  }
}

/** The first message of a field of `error` whose key starts with one of `keys`, else null. */
export function fieldProblem(error: AppError | null, ...keys: string[]): string | null {
  if (!error?.fields) return null
  for (const [key, message] of Object.entries(error.fields)) if (keys.some((k) => key === k || key.startsWith(`${k}.`))) return message
  return null
}
