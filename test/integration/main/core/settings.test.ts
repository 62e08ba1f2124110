/**
 * Settings through the core: defaults, validation, persistence across runs, the
 * GRANT_SERVICE_URL override, and a damaged settings file (not JSON, a folder in its place,
 * values of the wrong type, a drafts folder this computer cannot use) backed up, never
 * deleted, with a notice that names what was reset.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { JsonFileSettingsBackend } from '../../../../src/main/core/settings'
import { startTestCore, type TestCore } from '../../../support/core'
import { tempDir } from '../../../support/service'

const aside = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('settings.json.damaged-'))
    .sort()

describe('settings', () => {
  const cores: TestCore[] = []
  const start = async (options: Parameters<typeof startTestCore>[0]) => {
    const core = await startTestCore(options)
    cores.push(core)
    return core
  }
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.dispose()
  })

  it('starts with defaults and says the environment overrides the service address', async () => {
    const app = await start({ serviceUrl: 'http://127.0.0.1:9/' })
    const view = await app.call('settings.get')
    expect(view).toMatchObject({
      serviceUrl: 'http://127.0.0.1:8787',
      effectiveServiceUrl: 'http://127.0.0.1:9',
      serviceUrlOverriddenBy: 'GRANT_SERVICE_URL',
      feedbackNamespace: 'grant-desk',
      reviewerName: '',
      draftsFolder: null,
      effectiveDraftsFolder: join(app.dataDir, 'drafts'),
      notice: null,
    })
  })

  it('keeps updates across runs and moves drafts to the chosen folder', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const drafts = tempDir('grant-desk-shared-drafts-')
    const first = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    await first.call('settings.update', { reviewerName: '  Ada  ', draftsFolder: drafts, feedbackNamespace: 'team-kit' })
    await first.dispose()

    const second = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    const view = await second.call('settings.get')
    expect(view).toMatchObject({ reviewerName: 'Ada', draftsFolder: drafts, effectiveDraftsFolder: drafts, feedbackNamespace: 'team-kit' })
    expect((await second.call('drafts.list')).folder).toBe(drafts)
  })

  it('uses the stored address when the environment does not override it', async () => {
    const app = await start({ serviceUrl: '', env: { GRANT_SERVICE_URL: undefined } })
    await app.call('settings.update', { serviceUrl: 'https://grants.example.org/' })
    expect(await app.call('settings.get')).toMatchObject({ effectiveServiceUrl: 'https://grants.example.org', serviceUrlOverriddenBy: null })
  })

  it('backs up a damaged settings file, starts from defaults and tells the applicant', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    await writeFile(join(dataDir, 'settings.json'), '{"serviceUrl": "http://x", ')
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    const view = await app.call('settings.get')
    expect(view.notice).toMatch(/could not be read.*default settings.*settings\.json\.damaged-/)
    const backup = (await readdir(dataDir)).find((name) => name.startsWith('settings.json.damaged-'))
    expect(backup).toBeDefined()
    expect(await readFile(join(dataDir, backup!), 'utf8')).toBe('{"serviceUrl": "http://x", ')
    // Saving settings clears the notice: it has been seen.
    expect((await app.call('settings.update', { reviewerName: 'Ada' })).notice).toBeNull()
  })

  it('falls back to the default for one bad stored value, keeps the others, names it and keeps a copy', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const original = JSON.stringify({ reviewerName: 'Sam', feedbackNamespace: 42 })
    await writeFile(join(dataDir, 'settings.json'), original)
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    // Asked by several screens at once at start: one read, one copy.
    const views = await Promise.all([1, 2, 3, 4].map(() => app.call('settings.get')))
    const view = views[0]!
    expect(view).toMatchObject({ reviewerName: 'Sam', feedbackNamespace: 'grant-desk' })
    expect(views.every((other) => other.notice === view.notice)).toBe(true)
    const copies = aside(dataDir)
    expect(copies).toHaveLength(1)
    expect(view.notice).toBe(
      `Your settings file had a value Grant Desk could not use (feedback namespace), so that setting is back to the default. Check it below and save. A copy of the old file was kept as ${join(dataDir, copies[0]!)}.`,
    )
    expect(readFileSync(join(dataDir, copies[0]!), 'utf8')).toBe(original)
    // The file now holds the values in use, so the next start neither warns nor copies again.
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({ reviewerName: 'Sam', feedbackNamespace: 'grant-desk' })
    await app.dispose()
    const again = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect(await again.call('settings.get')).toMatchObject({ reviewerName: 'Sam', notice: null })
    expect(aside(dataDir)).toEqual(copies)
  })

  it('names every value it reset, the service address and the drafts folder among them', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const original = JSON.stringify({ serviceUrl: 'ftp://grants.example.org', draftsFolder: 17, reviewerName: ['Ana'], feedbackNamespace: 'team-kit' })
    await writeFile(join(dataDir, 'settings.json'), original)
    const app = await start({ serviceUrl: '', env: { GRANT_SERVICE_URL: undefined }, dataDir })
    const view = await app.call('settings.get')
    expect(view).toMatchObject({ serviceUrl: 'http://127.0.0.1:8787', draftsFolder: null, reviewerName: '', feedbackNamespace: 'team-kit' })
    expect(view.notice).toMatch(
      /^Your settings file had values Grant Desk could not use \(service address, reviewer name, drafts folder\), so those settings are back to the default\. Check them below and save\. Your drafts are still in the folder you had chosen: choose it again/,
    )
    expect(readFileSync(join(dataDir, aside(dataDir)[0]!), 'utf8')).toBe(original)
  })

  it('moves a folder in the place of settings.json aside whole, says so, and saves a file in its place', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    mkdirSync(join(dataDir, 'settings.json'))
    await writeFile(join(dataDir, 'settings.json', 'inside.txt'), 'kept')
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    const view = await app.call('settings.get')
    const [backup] = aside(dataDir)
    expect(view.notice).toBe(
      `Your settings file could not be read (a folder was in its place), so Grant Desk started with default settings. The old file was kept as ${join(dataDir, backup!)}. Check your settings below and save; if you had chosen a drafts folder, choose it again: your drafts are still in it.`,
    )
    expect(readFileSync(join(dataDir, backup!, 'inside.txt'), 'utf8')).toBe('kept')
    expect((await app.call('settings.update', { reviewerName: 'Ana' })).notice).toBeNull()
    expect(statSync(join(dataDir, 'settings.json')).isFile()).toBe(true)
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).reviewerName).toBe('Ana')
  })

  it('says an empty settings file was empty, and keeps it', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    await writeFile(join(dataDir, 'settings.json'), '')
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect((await app.call('settings.get')).notice).toMatch(/could not be read \(it was empty\)/)
    expect(readFileSync(join(dataDir, aside(dataDir)[0]!), 'utf8')).toBe('')
  })

  it('never lets one damaged copy replace another set aside in the same millisecond', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const file = join(dataDir, 'settings.json')
    const now = () => new Date('2026-05-04T03:02:01.000Z')
    await writeFile(file, 'first damage')
    expect((await JsonFileSettingsBackend.open(file, { now })).recoveredFrom).toBe(`${file}.damaged-2026-05-04T03-02-01-000Z`)
    await writeFile(file, 'second damage')
    expect((await JsonFileSettingsBackend.open(file, { now })).recoveredFrom).toBe(`${file}.damaged-2026-05-04T03-02-01-000Z-2`)
    expect(aside(dataDir).map((name) => readFileSync(join(dataDir, name), 'utf8'))).toEqual(['first damage', 'second damage'])
  })

  it('sets a file damaged while the app runs aside at the next save instead of overwriting it', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    await app.call('settings.update', { reviewerName: 'Ana' })
    await writeFile(join(dataDir, 'settings.json'), '{"reviewerName": "Ana", <<<<<<< edited by hand')
    const view = await app.call('settings.update', { reviewerName: 'Ana B.' })
    const [backup] = aside(dataDir)
    expect(readFileSync(join(dataDir, backup!), 'utf8')).toBe('{"reviewerName": "Ana", <<<<<<< edited by hand')
    expect(view.notice).toMatch(
      new RegExp(`^Your settings are saved\\. The settings file had been damaged since Grant Desk started .*kept as ${join(dataDir, backup!)}`),
    )
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).reviewerName).toBe('Ana B.')
  })

  it('resets a drafts folder in the file that this computer cannot use, creating nothing, and says the drafts are still there', async () => {
    const root = tempDir('grant-desk-settings-links-')
    symlinkSync('/proc/self', join(root, 'proc-link'))
    const cwdBefore = readdirSync(process.cwd()).sort()
    for (const folder of ['/proc/self/grant-drafts', 'C:\\Users\\ana\\grant-drafts', '/home/../dev/grant-drafts', join(root, 'proc-link', 'grant-drafts')]) {
      const dataDir = tempDir('grant-desk-settings-')
      const original = JSON.stringify({ reviewerName: 'Ana', draftsFolder: folder })
      await writeFile(join(dataDir, 'settings.json'), original)
      const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
      const view = await app.call('settings.get')
      expect(view, folder).toMatchObject({ reviewerName: 'Ana', draftsFolder: null, effectiveDraftsFolder: join(dataDir, 'drafts') })
      expect(view.notice, folder).toMatch(/a value Grant Desk could not use \(drafts folder\).*Your drafts are still in the folder you had chosen/)
      expect(readFileSync(join(dataDir, aside(dataDir)[0]!), 'utf8'), folder).toBe(original)
      // The app goes on with the default folder.
      expect((await app.call('drafts.list')).folder, folder).toBe(join(dataDir, 'drafts'))
      expect(
        app.logged.some((entry) => entry.message.includes('the drafts folder in the settings file cannot be used')),
        folder,
      ).toBe(true)
    }
    expect(existsSync('/proc/self/grant-drafts')).toBe(false)
    expect(existsSync('/dev/grant-drafts')).toBe(false)
    expect(readdirSync(root)).toEqual(['proc-link'])
    expect(readdirSync(process.cwd()).sort()).toEqual(cwdBefore)
  })

  it('uses a drafts folder written with .. in the file as the folder it names, without a notice', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const shared = tempDir('grant-desk-shared-drafts-')
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ draftsFolder: `${shared}/stray/../` }))
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect(await app.call('settings.get')).toMatchObject({ draftsFolder: shared, notice: null })
    expect((await app.call('drafts.list')).folder).toBe(shared)
    expect(existsSync(join(shared, 'stray'))).toBe(false)
    expect(aside(dataDir)).toEqual([])
  })

  it('refuses a drafts folder it cannot create or write to, and keeps the old one', async () => {
    const app = await start({ serviceUrl: 'http://127.0.0.1:9' })
    const file = join(app.dataDir, 'a-file')
    await writeFile(file, 'not a folder')
    for (const folder of [file, join(file, 'below-a-file')]) {
      const error = await app.fail('settings.update', { draftsFolder: folder })
      expect(error.code).toBe('invalid_input')
      expect(error.fields?.['draftsFolder']).toMatch(/cannot use .* for drafts/)
    }
    expect((await app.call('settings.get')).effectiveDraftsFolder).toBe(join(app.dataDir, 'drafts'))
  })

  it('keeps the theme chosen across runs, starts at System, refuses a theme it does not have and resets a bad stored one', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    const first = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect((await first.call('settings.get')).theme).toBe('system')
    const error = await first.fail('settings.update', { theme: 'sepia' } as never)
    expect(error.code).toBe('invalid_input')
    expect(error.fields?.['theme']).toBe('must be System, Light or Dark')
    expect((await first.call('settings.get')).theme).toBe('system')
    expect((await first.call('settings.update', { theme: 'dark' })).theme).toBe('dark')
    await first.dispose()

    const second = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect(await second.call('settings.get')).toMatchObject({ theme: 'dark', notice: null })
    await second.dispose()

    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ theme: 'DARK', reviewerName: 'Ana' }))
    const third = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    const view = await third.call('settings.get')
    expect(view).toMatchObject({ theme: 'system', reviewerName: 'Ana' })
    expect(view.notice).toMatch(/could not use \(theme\), so that setting is back to the default/)
  })
})
