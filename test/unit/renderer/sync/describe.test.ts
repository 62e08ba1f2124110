// @vitest-environment jsdom
/** The team sync's words: what a sync sent and received, and the way out each failure gets. */
import { describe, expect, it } from 'vitest'
import { SYNC_PROBLEMS, type SyncResult, type SyncState } from '../../../../src/shared/ipc'
import { fieldProblem, resultText, wayOut } from '../../../../src/renderer/src/features/sync/describe'

const STATE: SyncState = { folder: '/d', gitVersion: '2.43.0', repository: null, running: false, lastSyncAt: null, lastProblem: null, summary: '' }
const result = (more: Partial<SyncResult>): SyncResult => ({
  outcome: 'synced',
  committed: null,
  sent: 0,
  received: null,
  conflicts: [],
  notes: [],
  state: STATE,
  ...more,
})

describe('resultText', () => {
  it('says what was sent and who it came from, and says so when nothing moved', () => {
    expect(resultText(result({}))).toBe('Synced: everything was already up to date.')
    expect(resultText(result({ committed: { sha: 'a', message: 'm', files: 2 }, sent: 1 }))).toBe('Synced: sent 1 commit.')
    // Committed but nothing to send (the remote already had it all): the commit is worth saying alone.
    expect(resultText(result({ committed: { sha: 'a', message: 'm', files: 2 } }))).toBe('Synced: committed 2 files.')
    const received = {
      at: '2026-11-26T03:00:00.000Z',
      commits: 3,
      people: [
        { name: 'Ben', drafts: [] },
        { name: 'Cleo', drafts: [] },
      ],
      newThreads: [],
      text: '',
    }
    expect(resultText(result({ sent: 2, received }))).toBe('Synced: sent 2 commits, received 3 commits from Ben, Cleo.')
    // What the sync did beyond the usual (recovery.ts, drivers.ts) is said after, in its own sentences.
    expect(resultText(result({ sent: 1, notes: ['Removed a stale .git/index.lock left by a git that had stopped.'] }))).toBe(
      'Synced: sent 1 commit. Removed a stale .git/index.lock left by a git that had stopped.',
    )
    // A conflict is said by the summary and the list, not a third time.
    expect(resultText(result({ outcome: 'conflict' }))).toBe('')
  })
})

describe('wayOut', () => {
  it('sends address problems to Settings and offers another try for every other failure', () => {
    for (const problem of ['not_a_repository', 'no_remote', 'remote_not_found', 'no_upstream'] as const) expect(wayOut(problem)).toBe('settings')
    for (const problem of SYNC_PROBLEMS.filter((p) => !['not_a_repository', 'no_remote', 'remote_not_found', 'no_upstream', 'already_tracked'].includes(p)))
      expect(wayOut(problem)).toBe('retry')
    expect(wayOut(undefined)).toBeNull()
  })
})

describe('fieldProblem', () => {
  it('finds the message of a field or one inside it', () => {
    const error = { code: 'invalid_input' as const, message: 'x', fields: { 'teamSync.everyMinutes': 'must be at least 5 minutes (or off)' } }
    expect(fieldProblem(error, 'teamSync')).toBe('must be at least 5 minutes (or off)')
    expect(fieldProblem(error, 'url')).toBeNull()
    expect(fieldProblem(null, 'url')).toBeNull()
  })
})
