/**
 * Automatic team sync (Settings → teamSync): off by default; when set, once at start and on its
 * interval, with the timer fired by hand (the core's `syncTimer` port) and real git underneath.
 */
import { describe, expect, it } from 'vitest'
import { ManualRefreshTimer } from '../../../../support/refresh-timer'
import { until, type GitTeam } from '../../../../support/git-team'
import { useGitTeam } from '../../../../support/git-team-hooks'
import { IDS } from '../../../../support/service'

let team: GitTeam
useGitTeam((started) => {
  team = started
})

describe('automatic team sync', () => {
  it('is off by default: no timer, no sync at start', async () => {
    const timer = new ManualRefreshTimer()
    const ada = await team.clone('Ada', { core: { syncTimer: timer } })
    expect((await ada.app.call('settings.get')).teamSync).toEqual({ everyMinutes: null, onStart: false })
    await ada.app.call('drafts.create', { grantId: IDS.open })
    expect(timer.pendingMs).toBeNull()
    expect((await ada.app.call('sync.state')).lastSyncAt).toBeNull()
  })

  it('syncs on its interval and at start once set, and stops when turned off', async () => {
    const timer = new ManualRefreshTimer()
    const ada = await team.clone('Ada', { core: { syncTimer: timer } })
    await ada.app.call('drafts.create', { grantId: IDS.open })
    await ada.app.call('settings.update', { teamSync: { everyMinutes: 15, onStart: true } })
    expect(timer.pendingMs).toBe(15 * 60_000)

    ada.app.events.length = 0
    timer.fire()
    await timer.scheduled()
    const state = await until('the interval’s sync', async () => {
      const now = await ada.app.call('sync.state')
      return now.lastSyncAt !== null && now
    })
    expect(state.repository).toMatchObject({ unsent: 0, upstream: 'origin/main' })
    expect(team.git(team.remote, 'log', '-1', '--format=%s', 'main')).toMatch(/^Ada: start 'Open grant with a form'/)
    // The status line heard of it: running, then done.
    const sent = ada.app.events.filter((e) => e.event === 'sync.changed').map((e) => (e.payload as { running: boolean }).running)
    expect(sent).toContain(true)
    expect(sent.at(-1)).toBe(false)

    // At the next start the sync runs at once (a teammate's change is pulled without a click).
    const ben = await team.clone('Ben')
    const created = await ben.app.call('drafts.create', { grantId: IDS.freeForm })
    await ben.app.call('sync.run')
    await team.restart(ada)
    await until('the start’s sync', async () => (await ada.app.call('drafts.list')).items.some((item) => item.id === created.id))

    await ada.app.call('settings.update', { teamSync: { everyMinutes: null, onStart: true } })
    expect(timer.pendingMs).toBeNull()
  })

  it('an automatic sync that fails leaves its problem in the state, and the interval goes on', async () => {
    const timer = new ManualRefreshTimer()
    const ada = await team.clone('Ada', { core: { syncTimer: timer } })
    await ada.app.call('drafts.create', { grantId: IDS.open })
    ada.git('remote', 'set-url', 'origin', `${team.root}/gone.git`)
    await ada.app.call('settings.update', { teamSync: { everyMinutes: 30, onStart: false } })
    timer.fire()
    await timer.scheduled()
    const state = await until('the failed sync', async () => {
      const now = await ada.app.call('sync.state')
      return now.lastProblem !== null && now
    })
    expect(state.lastProblem).toMatchObject({ problem: 'remote_not_found' })
    expect(state.summary).toBe('main · 1 change not sent')
    expect(timer.pendingMs).toBe(30 * 60_000)
  })
})
