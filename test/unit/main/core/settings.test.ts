/**
 * Settings through the core: defaults, validation, persistence across runs, the
 * GRANT_SERVICE_URL override, and a damaged settings file backed up and replaced.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../support/core'
import { tempDir } from '../../../support/service'

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

  it('falls back to the default for one bad stored value and keeps the others', async () => {
    const dataDir = tempDir('grant-desk-settings-')
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ reviewerName: 'Sam', feedbackNamespace: 42 }))
    const app = await start({ serviceUrl: 'http://127.0.0.1:9', dataDir })
    expect(await app.call('settings.get')).toMatchObject({ reviewerName: 'Sam', feedbackNamespace: 'grant-desk' })
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
})
