// @vitest-environment jsdom
/**
 * Pressing Sync (or Ctrl+Shift+S) while a pull's conflict waits said nothing: the line now says
 * that nothing is sent until the conflict is finished, and offers it.
 */
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SyncStatus } from '../../../../src/renderer/src/features/sync/SyncStatus'
import { useConflicts } from '../../../../src/renderer/src/state/conflicts'
import { useSync } from '../../../../src/renderer/src/state/sync'
import type { SyncConflict, SyncState } from '../../../../src/shared/ipc'

const STATE = { repository: { branch: 'main' }, summary: 'main · merging', running: false, lastSyncAt: null, lastProblem: null } as unknown as SyncState
const CONFLICT = {
  draftId: 'd1',
  title: 'Fast tools',
  theirAuthor: 'Ben',
  version: 'v1',
  pitch: { base: 'A.', ours: 'B.', theirs: 'C.', conflicted: true, hunks: [] },
  fields: [],
  mergedFields: {},
} as unknown as SyncConflict

const realShow = useConflicts.getState().show
afterEach(() => {
  useSync.setState({ state: null, conflicts: [] })
  useConflicts.setState({ show: realShow })
})

describe('Sync while a conflict waits', () => {
  it('says so beside the button and offers the conflict, on the button and on the shortcut', async () => {
    const run = vi.fn(async () => null)
    useSync.setState({ state: STATE, conflicts: [CONFLICT], run })
    render(<SyncStatus />)
    fireEvent.click(screen.getByRole('button', { name: 'Sync' }))
    expect(run).not.toHaveBeenCalled()
    const note = screen.getByRole('alert')
    expect(note.textContent).toContain('“Fast tools” was changed on both sides')
    expect(note.textContent).toContain('nothing is sent until then')
    const show = vi.fn()
    useConflicts.setState({ show })
    fireEvent.click(screen.getByRole('button', { name: 'Resolve “Fast tools”' }))
    expect(show).toHaveBeenCalledTimes(1)
    expect(show.mock.calls[0]![0]).toMatchObject({ draftId: 'd1' })

    // Finished: the note goes; the shortcut with a conflict waiting says it again.
    useSync.setState({ conflicts: [] })
    await screen.findByRole('button', { name: 'Sync' })
    expect(screen.queryByTestId('sync-conflict-waits')).toBeNull()
    useSync.setState({ conflicts: [CONFLICT] })
    await userEvent.keyboard('{Control>}{Shift>}S{/Shift}{/Control}')
    expect(await screen.findByTestId('sync-conflict-waits')).toBeTruthy()
    expect(run).not.toHaveBeenCalled()
  })
})
