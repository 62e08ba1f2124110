/**
 * Settings in the Electron shell (src/main/adapters/electron-settings.ts): the real
 * electron-store and conf, inlined so they import the fake `electron` module (the binary
 * cannot run here), over a temporary userData folder.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ElectronStoreSettingsBackend, SETTINGS_FILE_NAME } from '../../../src/main/adapters/electron-settings'
import { silentLogger } from '../../../src/main/core/errors'
import { SettingsService, defaultSettings } from '../../../src/main/core/settings'
import { fake, ipcMain } from '../../support/fake-electron'
import { tempDir } from '../../support/service'

let dir: string
let file: string
const open = () => ElectronStoreSettingsBackend.open(dir, { log: silentLogger, now: () => new Date('2026-03-01T10:20:30.456Z') })

beforeEach(() => {
  fake.reset()
  dir = tempDir('grant-desk-settings-')
  fake.paths['userData'] = dir
  file = join(dir, SETTINGS_FILE_NAME)
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('ElectronStoreSettingsBackend', () => {
  it('writes settings.json in the data folder and reads it back after a restart', async () => {
    const values = { ...defaultSettings(), reviewerName: 'Ada', draftsFolder: '/home/ada/drafts' }
    const backend = await open()
    expect(backend.file).toBe(file)
    expect(await backend.read()).toEqual({})
    await backend.write(values)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(values)
    const reopened = await open()
    expect(await reopened.read()).toEqual(values)
    expect(reopened.recoveredFrom).toBeNull()
    // electron-store really ran against the (fake) electron module: it registers this
    // synchronous channel for renderer-side stores, which Grant Desk does not use.
    expect(ipcMain.eventNames()).toEqual(['electron-store-get-data'])
  })

  it('moves a corrupt file aside with its old bytes, starts from defaults and says so', async () => {
    const damaged = '{"reviewerName": "Ada", "serviceUrl": '
    writeFileSync(file, damaged)
    const backend = await open()
    expect(backend.recoveredFrom).toBe(`${file}.damaged-2026-03-01T10-20-30-456Z`)
    expect(readFileSync(backend.recoveredFrom!, 'utf8')).toBe(damaged)
    expect(await backend.read()).toEqual({})

    const service = new SettingsService({ backend, dataDir: dir })
    const view = await service.view()
    expect(view).toMatchObject({ ...defaultSettings(), notice: expect.stringContaining(backend.recoveredFrom!) })
    await service.update({ reviewerName: 'Ada' })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ reviewerName: 'Ada' })
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toHaveLength(1)
  })

  it('also moves aside valid JSON of the wrong shape', async () => {
    writeFileSync(file, '[1, 2, 3]')
    const backend = await open()
    expect(backend.recoveredFrom).not.toBeNull()
    expect(readFileSync(backend.recoveredFrom!, 'utf8')).toBe('[1, 2, 3]')
  })

  it('leaves a valid file with unknown keys alone', async () => {
    writeFileSync(file, JSON.stringify({ reviewerName: 'Ada', fromANewerVersion: true }))
    const backend = await open()
    expect(backend.recoveredFrom).toBeNull()
    expect(await backend.read()).toEqual({ reviewerName: 'Ada', fromANewerVersion: true })
  })

  it('answers {} rather than throwing when the file is damaged while the app runs', async () => {
    const backend = await open()
    writeFileSync(file, 'not json')
    expect(await backend.read()).toEqual({})
    expect(existsSync(file)).toBe(true) // never wiped silently
  })

  it('moves a folder in the place of settings.json aside whole, where electron-store would throw, and says so', async () => {
    mkdirSync(file)
    writeFileSync(join(file, 'inside.txt'), 'kept')
    const backend = await open()
    expect(backend.recoveredFrom).toBe(`${file}.damaged-2026-03-01T10-20-30-456Z`)
    expect(backend.recoveredWhy).toBe('a folder was in its place')
    expect(readFileSync(join(backend.recoveredFrom!, 'inside.txt'), 'utf8')).toBe('kept')

    const service = new SettingsService({ backend, dataDir: dir, log: silentLogger })
    expect((await service.view()).notice).toBe(
      `Your settings file could not be read (a folder was in its place), so Grant Desk started with default settings. The old file was kept as ${backend.recoveredFrom}. Check your settings below and save; if you had chosen a drafts folder, choose it again: your drafts are still in it.`,
    )
    await service.update({ reviewerName: 'Ana' })
    expect(statSync(file).isFile()).toBe(true)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ reviewerName: 'Ana' })
  })

  it('keeps a copy of a file with values of the wrong type, names what was reset, and stores the values in use', async () => {
    const original = JSON.stringify({ serviceUrl: 'not an address', reviewerName: 'Ana', draftsFolder: 'C:\\grant-drafts' })
    writeFileSync(file, original)
    const backend = await open()
    expect(backend.recoveredFrom).toBeNull() // a JSON object: not moved aside, its good values are used
    const service = new SettingsService({ backend, dataDir: dir, log: silentLogger })
    const view = await service.view()
    expect(view).toMatchObject({ serviceUrl: 'http://127.0.0.1:8787', reviewerName: 'Ana', draftsFolder: null })
    const copies = readdirSync(dir).filter((name) => name.startsWith(`${SETTINGS_FILE_NAME}.damaged-`))
    expect(copies).toHaveLength(1)
    expect(readFileSync(join(dir, copies[0]!), 'utf8')).toBe(original)
    expect(view.notice).toMatch(
      /^Your settings file had values Grant Desk could not use \(service address, drafts folder\), so those settings are back to the default\./,
    )
    expect(view.notice).toContain(join(dir, copies[0]!))
    // electron-store now holds the values in use; a restart finds nothing to report.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...defaultSettings(), reviewerName: 'Ana' })
    const restarted = new SettingsService({ backend: await open(), dataDir: dir, log: silentLogger })
    expect((await restarted.view()).notice).toBeNull()
    expect(readdirSync(dir).filter((name) => name.includes('.damaged-'))).toEqual(copies)
  })

  it('sets a file damaged while the app runs aside before electron-store writes over it', async () => {
    const backend = await open()
    const service = new SettingsService({ backend, dataDir: dir, log: silentLogger })
    await service.update({ reviewerName: 'Ana' })
    writeFileSync(file, '{"reviewerName": "Ana"')
    const view = await service.update({ reviewerName: 'Sam' })
    const copies = readdirSync(dir).filter((name) => name.startsWith(`${SETTINGS_FILE_NAME}.damaged-`))
    expect(copies).toHaveLength(1)
    expect(readFileSync(join(dir, copies[0]!), 'utf8')).toBe('{"reviewerName": "Ana"')
    expect(view.notice).toMatch(/^Your settings are saved\. The settings file had been damaged since Grant Desk started/)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ reviewerName: 'Sam' })
  })
})
