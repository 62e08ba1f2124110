/**
 * Saved searches and New grants, through the core's `dispatch`, against the real sandbox over
 * HTTP and the real `saved-searches.json` on disk: the baseline at save (nothing New), a grant
 * added to the sandbox found New by the background check (one event per search), New until
 * opened, kept across restarts, offline checks that find nothing, and a damaged file set aside.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SavedSearchFilters, SavedSearchesView } from '../../../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../../../support/core'
import { ManualRefreshTimer } from '../../../../support/refresh-timer'
import { addGrantsToSandbox, extraGrant, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

const NEW_TOOL = 'aaaaaaaa-0000-4000-8000-000000000001'
const NEW_BOUNTY = 'aaaaaaaa-0000-4000-8000-000000000002'
const OPEN_ALL: SavedSearchFilters = { status: 'open', type: 'all', query: '', sort: 'deadline' }
const TOOLING: SavedSearchFilters = { status: 'open', type: 'all', query: 'tooling', sort: 'reward' }

describe('saved searches', () => {
  let service: TestService
  let dataDir: string
  let timer: ManualRefreshTimer
  let app: TestCore

  const start = async () => {
    timer = new ManualRefreshTimer()
    app = await startTestCore({ serviceUrl: service.url, dataDir, refreshTimer: timer })
  }

  /** Fires the background check and waits until it has run (it schedules the next one last). */
  const backgroundCheck = async () => {
    timer.fire()
    await timer.scheduled()
  }

  const found = () => app.events.filter((e) => e.event === 'savedSearches.found').map((e) => e.payload)

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    dataDir = tempDir('grant-desk-saved-')
    await start()
  })
  afterEach(async () => {
    await app.dispose()
    await service.dispose()
  })

  it('marks nothing New before a search is saved, and a new search takes what it matches now as its baseline', async () => {
    await app.call('grants.list')
    expect((await app.call('savedSearches.list')).newGrantIds).toEqual([])

    const view = await app.call('savedSearches.create', { name: 'Everything open', filters: OPEN_ALL })
    expect(view.searches).toHaveLength(1)
    const [search] = view.searches
    expect(search).toMatchObject({ name: 'Everything open', filters: OPEN_ALL, newGrantIds: [] })
    expect(search!.baselineAt).not.toBeNull()
    expect(view.newGrantIds).toEqual([])

    // Stored on disk, in the app's data folder.
    const stored = JSON.parse(readFileSync(join(dataDir, 'saved-searches.json'), 'utf8'))
    expect(stored.format).toBe('grant-desk-saved-searches/1')
    expect(stored.searches[0].name).toBe('Everything open')
    expect(Object.keys(stored.known).length).toBeGreaterThan(0)

    // A check with nothing added finds nothing.
    await backgroundCheck()
    expect((await app.call('savedSearches.list')).newGrantIds).toEqual([])
    expect(found()).toEqual([])
  })

  it('finds a grant added to the sandbox at the background check: New in each matching search, one event per search, until opened', async () => {
    await app.call('savedSearches.create', { name: 'Everything open', filters: OPEN_ALL })
    await app.call('savedSearches.create', { name: 'Tooling', filters: TOOLING })
    await app.call('savedSearches.create', { name: 'Closed', filters: { ...OPEN_ALL, status: 'closed' } })
    expect(timer.pendingMs).toBe(30 * 60_000)

    await addGrantsToSandbox(service, [
      extraGrant(NEW_TOOL, 'Brand new tooling grant'),
      { ...extraGrant(NEW_BOUNTY, 'Brand new audit bounty', { type: 'bounty' }), track: 'Security' },
    ])
    await backgroundCheck()

    const view = await app.call('savedSearches.list')
    expect(new Set(view.newGrantIds)).toEqual(new Set([NEW_TOOL, NEW_BOUNTY]))
    const byName = Object.fromEntries(view.searches.map((s) => [s.name, s]))
    expect(new Set(byName['Everything open']!.newGrantIds)).toEqual(new Set([NEW_TOOL, NEW_BOUNTY]))
    expect(byName['Tooling']!.newGrantIds).toEqual([NEW_TOOL])
    expect(byName['Closed']!.newGrantIds).toEqual([])

    // One notification event per search that found something, never one per grant.
    const events = found() as { name: string; count: number; titles: string[] }[]
    expect(events.map((e) => e.name).sort()).toEqual(['Everything open', 'Tooling'])
    expect(events.find((e) => e.name === 'Everything open')).toMatchObject({ count: 2 })
    expect(events.find((e) => e.name === 'Tooling')).toMatchObject({ count: 1, titles: ['Brand new tooling grant'] })

    // The next check finds them still New, but raises nothing again.
    await backgroundCheck()
    expect(found()).toHaveLength(2)
    expect((await app.call('savedSearches.list')).newGrantIds).toHaveLength(2)

    // Opening the grant marks it seen, everywhere, and says so.
    const changesBefore = app.events.filter((e) => e.event === 'savedSearches.changed').length
    await app.call('grants.get', { id: NEW_TOOL })
    const after = await app.call('savedSearches.list')
    expect(after.newGrantIds).toEqual([NEW_BOUNTY])
    expect(after.searches.find((s) => s.name === 'Tooling')!.newGrantIds).toEqual([])
    const changes = app.events.filter((e) => e.event === 'savedSearches.changed')
    expect(changes.length).toBeGreaterThan(changesBefore)
    expect((changes.at(-1)!.payload as SavedSearchesView).newGrantIds).toEqual([NEW_BOUNTY])

    // Seen stays seen across a restart; the unopened one stays New.
    await app.dispose()
    await start()
    const restarted = await app.call('savedSearches.list')
    expect(restarted.newGrantIds).toEqual([NEW_BOUNTY])
    expect(restarted.searches.map((s) => s.name)).toEqual(['Everything open', 'Tooling', 'Closed'])
  })

  it('checks the saved searches of the same status and type when the browser loads a list live', async () => {
    await app.call('savedSearches.create', { name: 'Tooling', filters: TOOLING })
    await addGrantsToSandbox(service, [extraGrant(NEW_TOOL, 'Brand new tooling grant')])
    // Another status: not this search's list.
    await app.call('grants.list', { status: 'closed' })
    expect((await app.call('savedSearches.list')).newGrantIds).toEqual([])
    await app.call('grants.list', { status: 'open' })
    expect((await app.call('savedSearches.list')).searches[0]!.newGrantIds).toEqual([NEW_TOOL])
    // Found while the applicant browses: no notification (they are looking at the list).
    expect(found()).toEqual([])
  })

  it('finds nothing offline (the cache holds nothing new), says why, and keeps checking on its timer', async () => {
    await app.call('savedSearches.create', { name: 'Everything open', filters: OPEN_ALL })
    await service.close()
    await backgroundCheck()
    const view = await app.call('savedSearches.list')
    expect(view.newGrantIds).toEqual([])
    expect(view.checkProblem).toMatch(/could not be checked/)
    expect(timer.pendingMs).toBe(30 * 60_000)

    // Back online with a new grant: the next check finds it and clears the problem.
    service = await service.restart()
    await app.call('settings.update', { serviceUrl: service.url })
    await app.dispose()
    app = await startTestCore({ serviceUrl: service.url, dataDir, refreshTimer: (timer = new ManualRefreshTimer()) })
    await addGrantsToSandbox(service, [extraGrant(NEW_TOOL, 'Brand new tooling grant')])
    await backgroundCheck()
    const online = await app.call('savedSearches.list')
    expect(online.newGrantIds).toEqual([NEW_TOOL])
    expect(online.checkProblem).toBeNull()
  })

  it('takes the baseline at the first check when the search was saved with the service unreachable and nothing cached', async () => {
    await service.close()
    const view = await app.call('savedSearches.create', { name: 'Offline', filters: OPEN_ALL })
    expect(view.searches[0]!.baselineAt).toBeNull()
    service = await service.restart()
    await app.dispose()
    app = await startTestCore({ serviceUrl: service.url, dataDir, refreshTimer: (timer = new ManualRefreshTimer()) })
    await backgroundCheck()
    const checked = await app.call('savedSearches.list')
    expect(checked.searches[0]!.baselineAt).not.toBeNull()
    // Every grant already there is the baseline: nothing floods in as New.
    expect(checked.newGrantIds).toEqual([])
    expect(found()).toEqual([])
  })

  it('renames and deletes, refuses a name already used, an unknown id, and more than 50 searches', async () => {
    const created = await app.call('savedSearches.create', { name: 'Tooling', filters: TOOLING })
    const id = created.searches[0]!.id
    expect((await app.call('savedSearches.rename', { id, name: '  Dev tools  ' })).searches[0]!.name).toBe('Dev tools')
    await app.call('savedSearches.create', { name: 'Open', filters: OPEN_ALL })
    const taken = await app.fail('savedSearches.rename', { id, name: 'open' })
    expect(taken.code).toBe('invalid_input')
    expect(taken.message).toMatch(/already have a saved search named “open”/)
    expect((await app.fail('savedSearches.create', { name: 'OPEN', filters: OPEN_ALL })).code).toBe('invalid_input')

    const afterDelete = await app.call('savedSearches.delete', { id })
    expect(afterDelete.searches.map((s) => s.name)).toEqual(['Open'])
    expect((await app.fail('savedSearches.delete', { id })).code).toBe('not_found')

    for (let i = 1; i < 50; i++) await app.call('savedSearches.create', { name: `Search ${i}`, filters: OPEN_ALL })
    const tooMany = await app.fail('savedSearches.create', { name: 'One too many', filters: OPEN_ALL })
    expect(tooMany.code).toBe('invalid_input')
    expect(tooMany.message).toMatch(/50 saved searches/)
  })

  it('follows the check interval in Settings: default 30 minutes, changed at once, off', async () => {
    expect(timer.pendingMs).toBe(30 * 60_000)
    await app.call('settings.update', { savedSearchRefreshMinutes: 120 })
    expect(timer.pendingMs).toBe(120 * 60_000)
    await app.call('settings.update', { savedSearchRefreshMinutes: null })
    expect(timer.pendingMs).toBeNull()
    expect((await app.call('settings.get')).savedSearchRefreshMinutes).toBeNull()
    const refused = await app.fail('settings.update', { savedSearchRefreshMinutes: 2 })
    expect(refused.fields?.['savedSearchRefreshMinutes']).toMatch(/at least 5 minutes/)
    // Off survives a restart.
    await app.dispose()
    await start()
    expect(timer.pendingMs).toBeNull()
  })

  it('gives the background check a time budget of its own, not the spent one of the action that set its timer', async () => {
    await app.dispose()
    timer = new ManualRefreshTimer()
    app = await startTestCore({ serviceUrl: service.url, dataDir, refreshTimer: timer, actionBudgetMs: 1_500 })
    await app.call('savedSearches.create', { name: 'Everything open', filters: OPEN_ALL })
    // The timer is set again inside this action, whose 1.5 s budget is over when it fires.
    await app.call('settings.update', { savedSearchRefreshMinutes: 60 })
    await new Promise((resolve) => setTimeout(resolve, 1_700))
    await addGrantsToSandbox(service, [extraGrant(NEW_TOOL, 'Brand new tooling grant')])
    await backgroundCheck()
    const view = await app.call('savedSearches.list')
    expect(view.checkProblem).toBeNull()
    expect(view.newGrantIds).toEqual([NEW_TOOL])
  })

  it('sets a damaged file aside (never deleted), starts without saved searches, and says where the old file is', async () => {
    await app.call('savedSearches.create', { name: 'Tooling', filters: TOOLING })
    await app.dispose()
    writeFileSync(join(dataDir, 'saved-searches.json'), '{"format": "grant-desk-saved-searches/1", "searches": [tru')
    await start()
    const view = await app.call('savedSearches.list')
    expect(view.searches).toEqual([])
    expect(view.notice).toMatch(/could not be read \(it was not valid JSON\).*saved-searches\.json\.damaged-/)
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('saved-searches.json.damaged-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toContain('[tru')

    // Saving again writes a good file in its place.
    await app.call('savedSearches.create', { name: 'Again', filters: OPEN_ALL })
    expect(JSON.parse(readFileSync(join(dataDir, 'saved-searches.json'), 'utf8')).searches[0].name).toBe('Again')
  })

  it('sets aside a folder put in the place of the file while the app runs, instead of failing the save', async () => {
    await app.call('savedSearches.list')
    mkdirSync(join(dataDir, 'saved-searches.json'))
    const view = await app.call('savedSearches.create', { name: 'Tooling', filters: TOOLING })
    expect(view.notice).toMatch(/a folder was in its place/)
    expect(readdirSync(dataDir).some((name) => name.startsWith('saved-searches.json.damaged-'))).toBe(true)
    expect(JSON.parse(readFileSync(join(dataDir, 'saved-searches.json'), 'utf8')).searches).toHaveLength(1)
  })
})
