/**
 * The team sync in the status line: branch and what waits to be sent ("main · 2 changes not
 * sent", the core's summary), when this computer last synced ("synced 5 minutes ago", moving
 * on by itself), the Sync button and its shortcut, and after a sync what it sent and received
 * or why it failed, with the way out the failure names. A folder not kept in git gets one quiet
 * "Not synced" link to Settings, nothing more.
 */
import { useCallback, useEffect, useState } from 'react'
import { ago } from '../../../../shared/text'
import { useNow } from '../../lib/useNow'
import { openSyncConflict } from '../../state/conflicts'
import { useNavigation } from '../../state/app'
import { useSync } from '../../state/sync/sync'
import { resultText, wayOut } from './describe'
import './sync.css'

/** Ctrl+Shift+S (⌘⇧S on a Mac): S for sync, beside Ctrl+S for save. */
export const SYNC_SHORTCUT = 'Control+Shift+S Meta+Shift+S'

export function isSyncShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 's'
}

/** Runs a sync (`syncNow`) on the shortcut, anywhere in the app, while the folder is in git. */
function useSyncShortcut(enabled: boolean, syncNow: () => void): void {
  useEffect(() => {
    if (!enabled) return
    const onKey = (event: KeyboardEvent) => {
      if (!isSyncShortcut(event)) return
      event.preventDefault()
      syncNow()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [enabled, syncNow])
}

/**
 * The Sync button and its shortcut: a sync, unless a conflict waits (nothing is sent until it is
 * finished): then `true`, and the line says so and offers the conflict, where it said nothing.
 */
function useSyncNow(): { syncNow: () => void; conflictAsked: boolean } {
  const [conflictAsked, setConflictAsked] = useState(false)
  const waiting = useSync((s) => s.conflicts.length > 0)
  // Once every conflict is finished the note goes, and comes back only on the next press.
  useEffect(
    () =>
      useSync.subscribe((state) => {
        if (state.conflicts.length === 0) setConflictAsked(false)
      }),
    [],
  )
  const syncNow = useCallback(() => {
    if (useSync.getState().conflicts.length > 0) {
      setConflictAsked(true)
      return
    }
    setConflictAsked(false)
    void useSync.getState().run()
  }, [])
  return { syncNow, conflictAsked: conflictAsked && waiting }
}

export function SyncStatus({ now: fixedNow }: { now?: number }) {
  const state = useSync((s) => s.state)
  const starting = useSync((s) => s.starting)
  const lastResult = useSync((s) => s.lastResult)
  const lastError = useSync((s) => s.lastError)
  const run = useSync((s) => s.run)
  const conflicts = useSync((s) => s.conflicts)
  const dismiss = useSync((s) => s.dismissResult)
  const go = useNavigation((s) => s.go)
  // Every 30 s: "synced just now" turns into "1 minute ago" on time, never a minute late.
  const now = useNow(fixedNow, 30_000)
  const tracked = state?.repository != null
  const { syncNow, conflictAsked } = useSyncNow()
  useSyncShortcut(tracked, syncNow)
  if (!state) return null

  if (!state.repository) {
    return (
      <span className="sync-status" data-testid="sync-status">
        <span className="status-sep" aria-hidden="true">
          ·
        </span>
        <button type="button" className="link sync-untracked" onClick={() => go({ name: 'settings' })} title={state.summary}>
          Not synced
        </button>
      </span>
    )
  }

  const running = starting || state.running
  const problem =
    lastError ?? (state.lastProblem ? { code: 'sync_failed' as const, message: state.lastProblem.message, syncProblem: state.lastProblem.problem } : null)
  const way = problem ? wayOut(problem.syncProblem) : null
  return (
    <span className="sync-status" data-testid="sync-status">
      <span className="status-sep" aria-hidden="true">
        ·
      </span>
      <span className="sync-summary" data-testid="sync-summary">
        {state.summary}
      </span>
      {state.lastSyncAt && (
        <span className="status-sep" aria-hidden="true">
          ·
        </span>
      )}
      {state.lastSyncAt && (
        // Beside a failure, "synced just now" would read as this sync's outcome: it says when the last one that worked was.
        <span className="sync-when" data-testid="sync-when">
          {problem && !running ? 'last synced' : 'synced'} <time dateTime={state.lastSyncAt}>{ago(state.lastSyncAt, now)}</time>
        </span>
      )}
      <button
        type="button"
        className="sync-button"
        onClick={syncNow}
        disabled={running}
        aria-keyshortcuts={SYNC_SHORTCUT}
        title="Sync with your team (Ctrl+Shift+S)"
      >
        {running ? 'Syncing…' : 'Sync'}
      </button>
      <span role="status" aria-live="polite" className="sync-outcome" data-testid="sync-outcome">
        {running ? 'Syncing with your team…' : lastResult && !problem ? resultText(lastResult) : ''}
      </span>
      {conflictAsked && conflicts[0] && (
        <span className="sync-problem sync-waits" role="alert" data-testid="sync-conflict-waits">
          <span>
            Not synced: {conflicts.length === 1 ? `“${conflicts[0].title}” was` : `${conflicts.length} drafts were`} changed on both sides. Finish it first;
            nothing is sent until then.
          </span>
          <button type="button" className="link" onClick={() => openSyncConflict(conflicts[0]!, (result) => useSync.getState().resolved(result))}>
            Resolve “{conflicts[0].title}”
          </button>
        </span>
      )}
      {problem && !running && (
        <span className="sync-problem" role="alert" data-testid="sync-problem">
          <span>{problem.message}</span>
          {way === 'settings' && (
            <button type="button" className="link" onClick={() => go({ name: 'settings' })}>
              Open Settings
            </button>
          )}
          {way === 'retry' && (
            <button type="button" className="link" onClick={() => void run()}>
              Try again
            </button>
          )}
          {lastError && !state.lastProblem && (
            <button type="button" className="link" onClick={dismiss}>
              Dismiss
            </button>
          )}
        </span>
      )}
    </span>
  )
}
