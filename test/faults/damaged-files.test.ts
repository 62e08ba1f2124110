/**
 * The app starts on a data folder where every file it keeps is damaged at once: the
 * settings file (a folder in its place), response cache entries (garbage, and a folder), the
 * credentials file (binary garbage) and drafts (invalid YAML, binary garbage, an empty file, a
 * 50 MB file, a link leaving the folder). It must start, set each bad file of its own aside
 * (never deleting it), list each bad draft with its reason (never moving or writing a file of
 * the shared drafts folder), say so where the applicant looks, and keep working. The real core
 * on real files, against the real sandbox.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PlainFileSecretStore } from '../../src/main/core/secret-store'
import { startTestCore, type TestCore } from '../support/core'
import { IDS, USERS, startTestService, tempDir, testFixture, type TestService } from '../support/service'

let service: TestService | null = null
let app: TestCore | null = null
afterEach(async () => {
  await app?.dispose()
  await service?.dispose()
  app = null
  service = null
})

const aside = (dir: string, name: string) => readdirSync(dir).filter((entry) => entry.startsWith(`${name}.damaged-`))

describe('starting on damaged files', () => {
  it('sets each one aside, says so, and keeps working', async () => {
    const dataDir = tempDir('grant-desk-damaged-data-')
    mkdirSync(join(dataDir, 'settings.json'))
    writeFileSync(join(dataDir, 'settings.json', 'inside.txt'), 'a folder where the settings file belongs')
    mkdirSync(join(dataDir, 'cache'))
    writeFileSync(join(dataDir, 'cache', 'list-all-any.json'), Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00]))
    mkdirSync(join(dataDir, 'cache', 'list-open-any.json'))
    writeFileSync(join(dataDir, 'credentials.json'), Buffer.from([0x00, 0xff, 0x13, 0x37]))
    mkdirSync(join(dataDir, 'drafts'))
    const badDraft = '---\nformat: grant-desk-draft/2\ngrant: [unclosed\n---\nMy pitch\n'
    writeFileSync(join(dataDir, 'drafts', 'my-pitch.md'), badDraft)
    writeFileSync(join(dataDir, 'drafts', 'garbage.md'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))
    writeFileSync(join(dataDir, 'drafts', 'empty.md'), '')
    writeFileSync(join(dataDir, 'drafts', 'huge.md'), '---\nformat: grant-desk-draft/2\n')
    truncateSync(join(dataDir, 'drafts', 'huge.md'), 50 * 1024 * 1024)
    writeFileSync(join(dataDir, 'outside.md'), '---\nformat: grant-desk-draft/2\n---\nNot in the drafts folder\n')
    symlinkSync(join(dataDir, 'outside.md'), join(dataDir, 'drafts', 'escape.md'))
    const draftsBefore = readdirSync(join(dataDir, 'drafts')).sort()

    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url, dataDir, secrets: new PlainFileSecretStore(join(dataDir, 'credentials.json')) })

    // Settings: defaults, a notice naming where the old one went (a folder, moved whole).
    const settings = await app.call('settings.get')
    expect(settings.notice).toMatch(/could not be read.*kept as .*settings\.json\.damaged-/)
    const settingsAside = aside(dataDir, 'settings.json')
    expect(settingsAside).toHaveLength(1)
    expect(readFileSync(join(dataDir, settingsAside[0]!, 'inside.txt'), 'utf8')).toBe('a folder where the settings file belongs')
    await app.call('settings.update', { reviewerName: 'Ana' })
    expect(statSync(join(dataDir, 'settings.json')).isFile()).toBe(true)

    // Credentials: logged out, told why, the bytes kept.
    const session = await app.call('session.status')
    expect(session.loggedIn).toBe(false)
    expect(session.notice).toMatch(/could not be read/)
    expect(readFileSync(join(dataDir, aside(dataDir, 'credentials.json')[0]!))).toEqual(Buffer.from([0x00, 0xff, 0x13, 0x37]))
    expect((await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })).loggedIn).toBe(true)

    // The drafts: each listed as damaged with its reason; nothing in the shared folder moved or written.
    const drafts = await app.call('drafts.list')
    const reasons = Object.fromEntries(drafts.items.map((item) => [item.id, JSON.stringify(item)]))
    expect(Object.keys(reasons).sort()).toEqual(['empty', 'escape', 'garbage', 'huge', 'my-pitch'])
    for (const item of drafts.items) expect(item.state, item.id).toBe('damaged')
    expect(reasons['my-pitch']).toMatch(/not valid YAML/)
    expect(reasons['garbage']).toMatch(/not text|not UTF-8/)
    expect(reasons['empty']).toMatch(/is empty/)
    expect(reasons['huge']).toMatch(/too large/)
    expect(reasons['escape']).toMatch(/is a link/)
    expect(readFileSync(join(dataDir, 'drafts', 'my-pitch.md'), 'utf8')).toBe(badDraft)
    expect(readdirSync(join(dataDir, 'drafts')).sort()).toEqual(draftsBefore)
    expect(statSync(join(dataDir, 'drafts', 'huge.md')).size).toBe(50 * 1024 * 1024)
    // And a new draft can still be made beside them.
    expect((await app.call('drafts.create', { grantId: IDS.freeForm })).status).toBe('draft')

    // The cache: fresh answers are served and cached over the folder in the way.
    const open = await app.call('grants.list', { status: 'open' })
    expect(open.fromCache).toBe(false)
    expect(aside(join(dataDir, 'cache'), 'list-open-any.json')).toHaveLength(1)
    expect(statSync(join(dataDir, 'cache', 'list-open-any.json')).isFile()).toBe(true)
    // Offline, the garbage entry is not served as data: it is set aside and the list says offline.
    await service.dispose()
    service = null
    const offline = await app.fail('grants.list', { status: 'all' })
    expect(offline.code).toBe('offline')
    expect(aside(join(dataDir, 'cache'), 'list-all-any.json')).toHaveLength(1)
    // …while the entry cached a moment ago still is.
    expect((await app.call('grants.list', { status: 'open' })).fromCache).toBe(true)
    console.log(
      `[faults] damaged files: started on 9 damaged files at once (settings as a folder, 2 cache entries, credentials, 5 drafts: invalid YAML, binary, empty, 50 MB, a link out); ${settingsAside.length + aside(dataDir, 'credentials.json').length + aside(join(dataDir, 'cache'), 'list-open-any.json').length + aside(join(dataDir, 'cache'), 'list-all-any.json').length} of the app's own files set aside, 5 drafts listed as damaged with their reason, 0 files deleted; it kept working`,
    )
  })

  it('a settings file with values of the wrong type keeps the good ones, names the reset ones, and keeps a copy', async () => {
    const dataDir = tempDir('grant-desk-damaged-data-')
    const stored = JSON.stringify({ serviceUrl: 42, reviewerName: 'Ana', draftsFolder: 'relative/drafts', feedbackNamespace: 'grant-desk' })
    writeFileSync(join(dataDir, 'settings.json'), stored)
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url, dataDir })
    const view = await app.call('settings.get')
    expect(view.reviewerName).toBe('Ana')
    expect(view.draftsFolder).toBeNull()
    expect(view.notice).toMatch(/had values Grant Desk could not use \(service address, drafts folder\), so those settings are back to the default/)
    const copies = aside(dataDir, 'settings.json')
    expect(copies).toHaveLength(1)
    expect(readFileSync(join(dataDir, copies[0]!), 'utf8')).toBe(stored)
    expect(view.notice).toContain(copies[0])
  })
})
