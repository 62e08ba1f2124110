/**
 * Choosing a drafts folder: refused before anything is created when it is not a full path of
 * this computer's kind, is a place of the system (by name, or by its filesystem), cannot be
 * written, or does not answer in time; normalised first, so `..` never creates a stray
 * folder. Through the real core's `settings.update`, on real folders; the Windows rules and
 * the time bound are played with the platform and the file operations handed in (this is
 * Linux, and no folder here can be made to hang).
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FolderFs, MAX_UNANSWERED_CHECKS, usableDraftsFolder } from '../../../../src/main/core/folders'
import { JsonFileSettingsBackend, SettingsService } from '../../../../src/main/core/settings'
import { AppFailure, silentLogger } from '../../../../src/main/core/errors'
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

/** The settings as stored on disk, to prove a refusal changed nothing. */
const storedSettings = () => (existsSync(join(app.dataDir, 'settings.json')) ? readFileSync(join(app.dataDir, 'settings.json'), 'utf8') : null)

/** Refused through the core: `invalid_input`, the reason on the drafts folder field; its text. */
async function refused(folder: string, pattern: RegExp): Promise<string> {
  const error = await app.fail('settings.update', { draftsFolder: folder })
  expect(error.code, folder).toBe('invalid_input')
  expect(error.fields?.['draftsFolder'], folder).toMatch(pattern)
  return error.fields!['draftsFolder']!
}

/** The AppError a direct call of usableDraftsFolder fails with. */
async function failure(checking: Promise<string>) {
  const error = await checking.then(
    (folder) => {
      throw new Error(`accepted ${folder}`)
    },
    (e: AppFailure) => e,
  )
  expect(error).toBeInstanceOf(AppFailure)
  const answer = error.toAppError()
  expect(answer.fields?.['draftsFolder']).toBe(answer.message)
  return answer
}

describe('settings.update with a drafts folder', () => {
  it('refuses /proc/self/x at once (it used to spin a core for ever), and /sys and /dev too', async () => {
    const before = storedSettings()
    for (const folder of ['/proc/self/x', '/proc', '/sys/kernel/grant-drafts', '/dev/shm/../grant-drafts', '/home/../proc/self/grant-drafts']) {
      const started = performance.now()
      const message = await refused(folder, /system's own files/)
      expect(message, folder).toMatch(/Choose a folder in your home folder/)
      expect(performance.now() - started, folder).toBeLessThan(2_000)
    }
    expect(existsSync('/proc/self/x')).toBe(false)
    expect(existsSync('/proc/self/grant-drafts')).toBe(false)
    expect(existsSync('/dev/grant-drafts')).toBe(false)
    expect((await app.call('settings.get')).draftsFolder).toBeNull()
    expect(storedSettings()).toBe(before)
  })

  it('refuses a folder reached through a link into a kernel filesystem (statfs), creating nothing', async () => {
    const root = tempDir('grant-desk-folders-')
    symlinkSync('/proc/self', join(root, 'looks-harmless'))
    symlinkSync('/sys/kernel', join(root, 'also-harmless'))
    await refused(join(root, 'looks-harmless', 'grant-drafts'), /special proc filesystem/)
    await refused(join(root, 'also-harmless', 'grant-drafts', 'deeper'), /special sysfs filesystem/)
    expect(readdirSync(root).sort()).toEqual(['also-harmless', 'looks-harmless'])
    expect(existsSync('/proc/self/grant-drafts')).toBe(false)
    expect(existsSync('/sys/kernel/grant-drafts')).toBe(false)
  })

  it('refuses Windows paths, relative paths and ~ on this computer and creates nothing relative to the working folder', async () => {
    const before = readdirSync(process.cwd()).sort()
    for (const folder of ['C:\\grant-drafts', 'c:/grant-drafts', '\\\\server\\share\\drafts']) {
      expect(await refused(folder, /Windows path/)).toMatch(/starts with \//)
    }
    // The contract already wants a full path; the core says the same on its own.
    for (const folder of ['grant-drafts', './grant-drafts', '~/grant-drafts', '   ']) await refused(folder, /full folder path/)
    expect((await failure(usableDraftsFolder('grant-drafts'))).message).toMatch(/not a full folder path\. Type one that starts with \//)
    expect((await failure(usableDraftsFolder('~/grant-drafts'))).message).toMatch(/does not expand ~\. Type the full path, like \/home\/you\/grant-drafts/)
    expect((await failure(usableDraftsFolder('   '))).message).toMatch(/empty path/)
    expect(readdirSync(process.cwd()).sort()).toEqual(before)
    expect(existsSync(join(process.cwd(), '~'))).toBe(false)
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
    expect(JSON.parse(storedSettings()!).draftsFolder).toBe(expected)
    expect((await app.call('drafts.list')).folder).toBe(expected)
    await app.call('settings.update', { draftsFolder: null })
  })

  it('refuses a folder under a file, or a file, saying what to do, and creates nothing', async () => {
    const root = tempDir('grant-desk-folders-')
    writeFileSync(join(root, 'notes.txt'), 'a file')
    for (const folder of [join(root, 'notes.txt'), join(root, 'notes.txt', 'drafts'), '/etc/hostname/drafts']) {
      expect(await refused(folder, /cannot use .* for drafts/), folder).toMatch(/Choose another folder/)
    }
    expect(readdirSync(root)).toEqual(['notes.txt'])
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toBe('a file')
  })
})

/** File operations that record their calls; `mkdir` waits for `release()` when `hang` is set. */
function recordingFs(options: { hang?: boolean } = {}) {
  const calls: string[] = []
  const waiting: (() => void)[] = []
  const fs: Partial<FolderFs> = {
    mkdir: async (path) => {
      calls.push(`mkdir ${path}`)
      if (options.hang) await new Promise<void>((resolve) => waiting.push(resolve))
    },
    access: async (path) => {
      calls.push(`access ${path}`)
    },
    stat: async (path) => {
      calls.push(`stat ${path}`)
      return { isDirectory: () => true }
    },
    statfs: async (path) => {
      calls.push(`statfs ${path}`)
      return { type: 0xef53 }
    },
  }
  return { fs, calls, release: () => waiting.splice(0).forEach((resolve) => resolve()) }
}

describe('the time bound', () => {
  it('answers invalid_input when the folder does not answer in time, and leaves the settings as they were', async () => {
    const dataDir = tempDir('grant-desk-folders-')
    const backend = await JsonFileSettingsBackend.open(join(dataDir, 'settings.json'))
    const hanging = recordingFs({ hang: true })
    const settings = new SettingsService({ backend, dataDir, log: silentLogger, folders: { timeoutMs: 150, fs: hanging.fs } })
    await settings.update({ reviewerName: 'Ana' })
    const stored = readFileSync(join(dataDir, 'settings.json'), 'utf8')

    const started = performance.now()
    const error = await settings.update({ draftsFolder: '/mnt/team-share/drafts', reviewerName: 'Sam' }).catch((e: AppFailure) => e.toAppError())
    expect(performance.now() - started).toBeLessThan(1_500)
    expect(error).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/did not answer within 1 second \(a network folder that is offline\?\)\. Choose a folder on this computer/),
      fields: { draftsFolder: expect.stringContaining('/mnt/team-share/drafts') },
    })
    expect(hanging.calls).toContain('mkdir /mnt/team-share/drafts')
    // Nothing was stored: not the folder, not the other value of the same update.
    expect(readFileSync(join(dataDir, 'settings.json'), 'utf8')).toBe(stored)
    expect(await settings.view()).toMatchObject({ reviewerName: 'Ana', draftsFolder: null })
    hanging.release()
  })

  it(`starts no new check while ${MAX_UNANSWERED_CHECKS} are still running past their bound, and starts again once they end`, async () => {
    const hanging = recordingFs({ hang: true })
    for (let i = 0; i < MAX_UNANSWERED_CHECKS; i++) {
      expect((await failure(usableDraftsFolder(`/mnt/share-${i}`, { timeoutMs: 50, fs: hanging.fs }))).code).toBe('invalid_input')
    }
    const callsBefore = hanging.calls.length
    const started = performance.now()
    expect(await failure(usableDraftsFolder('/mnt/share-next', { timeoutMs: 5_000, fs: hanging.fs }))).toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/still waiting for folders that did not answer earlier .*restart Grant Desk/),
    })
    expect(performance.now() - started).toBeLessThan(1_000) // refused at once, not after 5 s
    expect(hanging.calls.length).toBe(callsBefore) // and not one file operation more

    hanging.release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    const fine = recordingFs()
    expect(await usableDraftsFolder('/mnt/share-next', { timeoutMs: 5_000, fs: fine.fs })).toBe('/mnt/share-next')
  })
})

describe('usableDraftsFolder on Windows (the rules, with the file operations recorded instead of made)', () => {
  it('wants a drive or a network share', async () => {
    const recorded = recordingFs()
    for (const folder of ['grant-drafts', '/home/you/drafts', '\\drafts', 'C:drafts', '~\\drafts']) {
      expect(await failure(usableDraftsFolder(folder, { platform: 'win32', fs: recorded.fs })), folder).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/starts with a drive or a network share, like C:\\Users\\you\\grant-drafts/),
      })
    }
    expect(recorded.calls).toEqual([])
  })

  it('refuses device paths, names Windows keeps for devices, and characters it does not allow', async () => {
    const recorded = recordingFs()
    const cases: [string, RegExp][] = [
      ['\\\\.\\pipe\\drafts', /Windows uses for devices/],
      ['\\\\?\\C:\\drafts', /Windows uses for devices/],
      ['//./COM1/drafts', /Windows uses for devices/],
      ['C:\\Users\\ana\\NUL\\drafts', /NUL is a name Windows keeps for a device/],
      ['C:\\Users\\ana\\con.txt', /con\.txt is a name Windows keeps for a device/],
      ['D:\\team\\LPT1 \\drafts', /LPT1 is a name Windows keeps/],
      ['C:\\Users\\ana\\drafts?', /character Windows does not allow/],
      ['C:\\Users\\ana\\a:b', /character Windows does not allow/],
    ]
    for (const [folder, pattern] of cases) {
      expect(await failure(usableDraftsFolder(folder, { platform: 'win32', fs: recorded.fs })), folder).toMatchObject({
        code: 'invalid_input',
        fields: { draftsFolder: expect.stringMatching(pattern) },
      })
    }
    expect(recorded.calls).toEqual([])
  })

  it('accepts drive and share paths, normalised before anything is created', async () => {
    const recorded = recordingFs()
    expect(await usableDraftsFolder('C:\\Users\\ana\\tmp\\..\\..\\ana\\grant-drafts', { platform: 'win32', fs: recorded.fs })).toBe(
      'C:\\Users\\ana\\grant-drafts',
    )
    expect(await usableDraftsFolder('d:/team/drafts/', { platform: 'win32', fs: recorded.fs })).toBe('d:\\team\\drafts')
    expect(await usableDraftsFolder('\\\\server\\share\\team\\..\\drafts', { platform: 'win32', fs: recorded.fs })).toBe('\\\\server\\share\\drafts')
    // Only the normalised folders were touched (and no statfs: that is Linux's check).
    expect(recorded.calls.filter((call) => call.startsWith('mkdir'))).toEqual([
      'mkdir C:\\Users\\ana\\grant-drafts',
      'mkdir d:\\team\\drafts',
      'mkdir \\\\server\\share\\drafts',
    ])
    expect(recorded.calls.some((call) => call.startsWith('statfs'))).toBe(false)
  })
})

describe('usableDraftsFolder on Linux with a folder that exists', () => {
  it('accepts a writable folder as it is', async () => {
    const root = tempDir('grant-desk-folders-')
    mkdirSync(join(root, 'drafts'))
    writeFileSync(join(root, 'drafts', 'kept.md'), 'mine')
    expect(await usableDraftsFolder(`${root}//drafts/`)).toBe(join(root, 'drafts'))
    expect(readFileSync(join(root, 'drafts', 'kept.md'), 'utf8')).toBe('mine')
  })
})
