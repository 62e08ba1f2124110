/**
 * The Electron entry (src/main/index.ts) started for real against the fake `electron` module
 * (the binary cannot run here): real core, real electron-store, temporary userData.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../../src/main/window'
import { IPC_CHANNELS } from '../../../src/shared/ipc'
import type * as FakeElectron from '../../support/fake-electron'

let electron: typeof FakeElectron
let dir: string

async function start(configure: (e: typeof FakeElectron) => void = () => {}) {
  vi.resetModules()
  electron = await import('../../support/fake-electron')
  electron.fake.reset()
  electron.fake.paths['userData'] = dir
  configure(electron)
  await import('../../../src/main/index')
}

let warnings: string[]

beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined)
  vi.stubEnv('GRANT_SERVICE_URL', undefined)
  dir = mkdtempSync(join(tmpdir(), 'grant-desk-entry-'))
  // The entry logs through the console; collect it instead of printing it.
  warnings = []
  const collect = (...args: unknown[]) => void warnings.push(args.map(String).join(' '))
  vi.spyOn(console, 'warn').mockImplementation(collect)
  vi.spyOn(console, 'error').mockImplementation(collect)
})

afterEach(async () => {
  // Quit like the applicant would, so the core's drafts watcher stops before its folder goes.
  for (const window of electron.BrowserWindow.getAllWindows()) window.close()
  if (process.platform === 'darwin') electron.app.quit()
  await vi.waitFor(() => expect(electron.fake.quitted || electron.fake.exitCode !== null).toBe(true))
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  rmSync(dir, { recursive: true, force: true })
})

describe('the Electron entry', () => {
  it('sandboxes every renderer, opens one hardened window and answers IPC from it', async () => {
    await start()
    const { fake, app, ipcMain, session } = electron
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1))
    const window = fake.windows[0]!
    expect(app.sandboxEnabled).toBe(true)
    expect(window.options['webPreferences']).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true })
    expect(window.loaded?.kind).toBe('file')

    // The window's webContents was hardened through web-contents-created.
    expect(window.webContents.navigate('https://evil.example/')).toBe(true)
    // A link to another host than the grant service's is opened only after the applicant says so.
    fake.messageBoxAnswer = 1
    expect(window.webContents.openWindow('https://grants.example/')).toEqual({ action: 'deny' })
    await vi.waitFor(() => expect(fake.openedExternally).toEqual(['https://grants.example/']))
    expect(fake.messageBoxes.map((box) => box.message)).toEqual(['Open grants.example in your browser?'])
    expect(window.webContents.attachWebview('https://evil.example/')).toBe(true)

    // The session denies permissions and sends the CSP for the app page.
    await expect(session.defaultSession.requestPermission(window.webContents, 'media')).resolves.toBe(false)
    const headers = await session.defaultSession.receiveHeaders(window.webContents.mainFrame.url, {})
    expect(headers['responseHeaders']).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] })

    // Every channel handled; the only other listener is electron-store's own (unused) channel.
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort())
    expect(ipcMain.eventNames()).toEqual(['electron-store-get-data'])

    // Keychain present → encrypted credentials; settings live in userData.
    const status = await ipcMain.invokeFrom(window.webContents, window.webContents.mainFrame, 'session.status')
    expect(status).toMatchObject({ ok: true, value: { loggedIn: false, storage: 'encrypted' } })
    const drafts = await ipcMain.invokeFrom(window.webContents, window.webContents.mainFrame, 'drafts.list')
    expect(drafts).toEqual({ ok: true, value: { items: [], folder: join(dir, 'drafts') } })
    const refused = await ipcMain.invokeFrom(window.webContents, window.webContents.subframe(window.webContents.mainFrame.url), 'drafts.list')
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(warnings.join('\n')).toContain('refused drafts.list: the sender is not the main frame')
  })

  it('keeps the login in memory without a keychain and tells the applicant about a damaged settings file', async () => {
    writeFileSync(join(dir, 'settings.json'), '{ damaged')
    await start((e) => {
      e.fake.storageBackend = 'basic_text'
    })
    const { fake, ipcMain } = electron
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1))
    const { webContents } = fake.windows[0]!
    const status = await ipcMain.invokeFrom(webContents, webContents.mainFrame, 'session.status')
    expect(status).toMatchObject({ ok: true, value: { storage: 'memory', storageNote: expect.stringMatching(/only in memory/) } })
    const settings = await ipcMain.invokeFrom(webContents, webContents.mainFrame, 'settings.get')
    expect(settings).toMatchObject({ ok: true, value: { notice: expect.stringMatching(/could not be read.*settings\.json\.damaged-/) } })
  })

  it('quits when the last window closes (except on macOS) after closing the core', async () => {
    await start()
    const { fake, app } = electron
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1))
    const quits: string[] = []
    app.on('will-quit', (event: FakeElectron.FakeEvent) => quits.push(event.defaultPrevented ? 'held for core.close' : 'quit'))
    fake.windows[0]!.close()
    if (process.platform === 'darwin') {
      expect(fake.quitted).toBe(false)
      return
    }
    await vi.waitFor(() => expect(fake.quitted).toBe(true))
    expect(quits).toEqual(['held for core.close', 'quit'])
  })

  it('loads the dev server when electron-vite dev names one', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173')
    await start()
    await vi.waitFor(() => expect(electron.fake.windows).toHaveLength(1))
    expect(electron.fake.windows[0]!.loaded).toEqual({ kind: 'url', target: 'http://localhost:5173/' })
  })

  it('says so and exits when it cannot start', async () => {
    const notAFolder = join(dir, 'not-a-folder')
    writeFileSync(notAFolder, 'a file where the data folder should be')
    await start((e) => {
      e.fake.paths['userData'] = notAFolder
    })
    await vi.waitFor(() => expect(electron.fake.exitCode).toBe(1))
    expect(electron.fake.errorBoxes).toEqual([{ title: 'Grant Desk could not start', content: expect.stringContaining('not-a-folder') }])
    expect(electron.fake.windows).toHaveLength(0)
    expect(warnings.join('\n')).toContain('Grant Desk could not start')
  })
})
