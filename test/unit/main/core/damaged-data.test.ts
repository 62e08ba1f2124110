/**
 * The app starts on a data folder where every file it keeps is damaged at once: the
 * settings file (a folder in its place), a response cache entry (garbage, and a folder), the
 * credentials file (binary garbage) and a draft (invalid YAML). It must start, set each bad
 * file aside (never deleting it), say so where the applicant looks, and keep working. The real
 * core on real files, against the real sandbox.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { PlainFileSecretStore } from '../../../../src/main/core/secret-store'
import { startTestCore, type TestCore } from '../../../support/core'
import { USERS, startTestService, tempDir, testFixture, type TestService } from '../../../support/service'

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

    // The draft: listed as damaged with the reason, untouched.
    const drafts = await app.call('drafts.list')
    expect(drafts.items).toHaveLength(1)
    expect(drafts.items[0]).toMatchObject({ id: 'my-pitch', state: 'damaged' })
    expect(JSON.stringify(drafts.items[0])).toMatch(/not valid YAML/)
    expect(readFileSync(join(dataDir, 'drafts', 'my-pitch.md'), 'utf8')).toBe(badDraft)

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
