/**
 * Choosing a drafts folder: refused before anything is created when it is not a full path of
 * this computer's kind, is on a special filesystem, or cannot be written; normalised first,
 * so `..` never creates a stray folder. Through the real core's `settings.update`, on real
 * folders.
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usableDraftsFolder } from '../../../../src/main/core/folders'
import { startTestCore, type TestCore } from '../../../support/core'
import { startTestService, tempDir, testFixture, type TestService } from '../../../support/service'

let service: TestService
let app: TestCore

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
  app = await startTestCore({ serviceUrl: service.url })
})
afterAll(async () => {
  await app.dispose()
  await service.dispose()
})

describe('settings.update with a drafts folder', () => {
  it('refuses /proc/self/x at once (it used to spin a core for ever), and /sys and /dev too', async () => {
    for (const folder of ['/proc/self/x', '/proc', '/sys/kernel/grant-drafts', '/dev/shm/../grant-drafts']) {
      const started = performance.now()
      const error = await app.fail('settings.update', { draftsFolder: folder })
      expect(error.code, folder).toBe('invalid_input')
      expect(error.fields?.['draftsFolder'], folder).toMatch(/system's own files|special/)
      expect(performance.now() - started, folder).toBeLessThan(2_000)
    }
    expect(existsSync('/proc/self/x')).toBe(false)
    expect((await app.call('settings.get')).draftsFolder).toBeNull()
  })

  it('refuses Windows paths on this computer and creates nothing relative to the working folder', async () => {
    const before = readdirSync(process.cwd()).sort()
    for (const folder of ['C:\\grant-drafts', 'c:/grant-drafts', '\\\\server\\share\\drafts']) {
      const error = await app.fail('settings.update', { draftsFolder: folder })
      expect(error.code, folder).toBe('invalid_input')
      expect(error.fields?.['draftsFolder'], folder).toMatch(/Windows path/)
    }
    expect(readdirSync(process.cwd()).sort()).toEqual(before)
  })

  it('resolves .. before creating anything, and stores the normalised folder', async () => {
    const root = tempDir('grant-desk-folders-')
    const typed = `${root}/a/../../${root.split('/').pop()}-x/drafts`
    const view = await app.call('settings.update', { draftsFolder: typed })
    const expected = `${root}-x/drafts`
    expect(view.draftsFolder).toBe(expected)
    expect(view.effectiveDraftsFolder).toBe(expected)
    expect(existsSync(expected)).toBe(true)
    expect(existsSync(join(root, 'a'))).toBe(false)
    await app.call('settings.update', { draftsFolder: null })
  })

  it('refuses a folder under a file, saying what to do', async () => {
    const root = tempDir('grant-desk-folders-')
    const error = await app.fail('settings.update', { draftsFolder: '/etc/hostname/drafts' })
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/Choose another folder/)
    expect(readdirSync(root)).toEqual([])
  })
})

describe('usableDraftsFolder on Windows (the rules, without touching this disk)', () => {
  it('wants a drive or a network share', async () => {
    for (const folder of ['grant-drafts', '/home/you/drafts', '\\drafts', 'C:drafts']) {
      await expect(usableDraftsFolder(folder, { platform: 'win32' }), folder).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/drive/) })
    }
  })
})
