// @vitest-environment jsdom
/**
 * A git sync's pitch conflict, made with real git (a bare repository and two clones, each with
 * its own real core, as in test/integration/main/core/sync/conflicts.test.ts), opened in the app's
 * conflict view through its entry point (`openSyncConflict`), chosen place by place, and
 * finished with `sync.resolve`: the merge is committed and pushed, and the file holds the
 * chosen text without conflict markers.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  type ChannelInput,
  type ChannelOutput,
  type IpcChannel,
  type IpcEvent,
  type IpcResult,
  type SyncResult,
  buildGrantDeskApi,
} from '../../../../src/shared/ipc'
import { ConflictHost } from '../../../../src/renderer/src/features/conflicts'
import { openSyncConflict, useConflicts } from '../../../../src/renderer/src/state/conflicts'

/** What is used of test/support (Node code outside the renderer's TypeScript project; see review/harness.ts). */
interface Core {
  core: {
    dispatch(channel: IpcChannel, input: unknown): Promise<IpcResult<unknown>>
    subscribe(listener: (event: IpcEvent, payload: unknown) => void): () => void
  }
  call<C extends IpcChannel>(channel: C, ...input: undefined extends ChannelInput<C> ? [ChannelInput<C>?] : [ChannelInput<C>]): Promise<ChannelOutput<C>>
}
interface Teammate {
  app: Core
  git(...args: string[]): string
}
interface Team {
  clone(name: string): Promise<Teammate>
  dispose(): Promise<void>
}
const SUPPORT_GIT_TEAM = '../../../support/git-team'
const SUPPORT_SERVICE = '../../../support/service'

const PITCH = '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n'

let service: { url: string; dispose(): Promise<void> } | null = null
let team: Team | null = null

beforeEach(async () => {
  const { startTestService, testFixture } = (await import(/* @vite-ignore */ SUPPORT_SERVICE)) as {
    startTestService(options: { fixture: unknown }): Promise<{ url: string; dispose(): Promise<void> }>
    testFixture(): unknown
  }
  const { startGitTeam } = (await import(/* @vite-ignore */ SUPPORT_GIT_TEAM)) as { startGitTeam(options: { serviceUrl: string }): Promise<Team> }
  service = await startTestService({ fixture: testFixture() })
  team = await startGitTeam({ serviceUrl: service.url })
})
afterEach(async () => {
  act(() => useConflicts.getState().close())
  await team?.dispose()
  await service?.dispose()
  Reflect.deleteProperty(window, 'grantDesk')
})

describe('a git sync conflict in the conflict view', () => {
  it('opens through openSyncConflict and ends with sync.resolve: one committed, pushed file without markers', async () => {
    const ada = await team!.clone('Ada')
    const ben = await team!.clone('Ben')
    const { IDS } = (await import(/* @vite-ignore */ SUPPORT_SERVICE)) as { IDS: { open: string } }
    const created = await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('drafts.save', { id: created.id, pitch: PITCH, customFields: { project_name: 'Tracekit' }, baseVersion: created.version })
    await ada.app.call('sync.run')
    await ben.app.call('sync.run')
    const edit = async (who: Teammate, budget: string) => {
      const now = await who.app.call('drafts.get', { id: created.id })
      await who.app.call('drafts.save', {
        id: created.id,
        pitch: now.pitch.replace('We ask for 40,000 USD over six months.', budget),
        customFields: now.customFields,
        baseVersion: now.version,
      })
    }
    await edit(ada, 'We ask for 45,000 USD over six months.')
    await edit(ben, 'We ask for 40,000 USD over four months.')
    await ada.app.call('sync.run')
    const result = await ben.app.call('sync.run')
    expect(result.outcome).toBe('conflict')

    // The page talks to Ben's core, as the app's bridge does.
    const calls: { channel: IpcChannel; input: unknown }[] = []
    const api = buildGrantDeskApi(
      (channel, input) => {
        calls.push({ channel, input })
        return ben.app.core.dispatch(channel, input)
      },
      (listener) => ben.app.core.subscribe(listener),
    )
    Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
    render(<ConflictHost />)
    const resolved: SyncResult[] = []
    act(() => openSyncConflict(result.conflicts[0]!, (out) => resolved.push(out)))

    const view = await screen.findByRole('alertdialog', { name: /Finish merging/ })
    expect(within(view).getByText(/found by the last sync/)).toBeTruthy()
    const place = within(view).getByRole('group', { name: 'Pitch, place 1 of 1' })
    const user = userEvent.setup()
    await user.click(within(place).getByRole('radio', { name: 'Take theirs' }))
    await user.click(within(view).getByRole('button', { name: 'Finish the merge' }))

    // Committing and pushing the merge takes git a moment.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 30_000 })
    expect(calls.map((call) => call.channel)).toEqual(['sync.resolve'])
    expect(resolved.map((out) => out.outcome)).toEqual(['synced'])
    const pitch = (await ben.app.call('drafts.get', { id: created.id })).pitch
    expect(pitch).toContain('We ask for 45,000 USD over six months.')
    expect(pitch).not.toMatch(/^(<{7}|={7}|>{7})/m)
    expect(ben.git('status', '--porcelain')).toBe('')
    expect(ben.git('rev-parse', 'HEAD')).toBe(ben.git('rev-parse', 'origin/main'))
  }, 60_000)
})
