/**
 * The IPC door of the Electron shell (src/main/ipc.ts) in front of the real core, with the
 * fake `electron` module playing the renderer's frames (the binary cannot run here).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Core, createCore } from '../../../src/main/core/core'
import { type Logger, silentLogger } from '../../../src/main/core/errors'
import { MemorySecretStore } from '../../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../../src/main/core/settings'
import { UNAUTHORIZED_SENDER_MESSAGE, forwardEvents, registerIpcHandlers } from '../../../src/main/ipc'
import { createMainWindow, rendererLocation } from '../../../src/main/window'
import { EVENT_CHANNEL, IPC_CHANNELS } from '../../../src/shared/ipc'
import { BrowserWindow as FakeBrowserWindow, FakeFrame, fake, ipcMain } from '../../support/fake-electron'
import { tempDir } from '../../support/service'

const REFUSED = { ok: false, error: { code: 'unauthorized', message: UNAUTHORIZED_SENDER_MESSAGE } }

let dir: string
let core: Core
let window: FakeBrowserWindow
let dispatched: string[]
let unregister: () => void
let warnings: string[]
const log: Logger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }

beforeEach(async () => {
  fake.reset()
  dir = tempDir('grant-desk-ipc-')
  core = await createCore({
    dataDir: dir,
    secrets: new MemorySecretStore(),
    settings: await JsonFileSettingsBackend.open(join(dir, 'settings.json')),
    env: {},
    log: silentLogger,
  })
  const location = rendererLocation({ isPackaged: true, rendererFile: join(dir, 'renderer/index.html') })
  window = createMainWindow(location, silentLogger) as unknown as FakeBrowserWindow
  dispatched = []
  warnings = []
  unregister = registerIpcHandlers({
    dispatch: (channel, input) => {
      dispatched.push(channel)
      return core.dispatch(channel, input)
    },
    getWindow: () => window as unknown as BrowserWindow,
    isAppUrl: location.isAppUrl,
    log,
  })
})

afterEach(async () => {
  await core.close()
  rmSync(dir, { recursive: true, force: true })
})

const fromApp = (channel: string, input?: unknown) => ipcMain.invokeFrom(window.webContents, window.webContents.mainFrame, channel, input)

describe('IPC registration', () => {
  it('handles every channel of the contract and nothing else', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...IPC_CHANNELS].sort())
    expect(ipcMain.eventNames()).toEqual([]) // no ipcMain.on listeners: every call is a handle
  })

  it('returns a function that removes every handler', () => {
    unregister()
    expect(ipcMain.handlers.size).toBe(0)
  })
})

describe('calls from the app window', () => {
  it('reach the core and answer with its result', async () => {
    await expect(fromApp('drafts.list')).resolves.toEqual({ ok: true, value: { items: [], folder: join(dir, 'drafts') } })
    const settings = await fromApp('settings.update', { reviewerName: 'Ada' })
    expect(settings).toMatchObject({ ok: true, value: { reviewerName: 'Ada', effectiveDraftsFolder: join(dir, 'drafts') } })
    await expect(fromApp('settings.get')).resolves.toMatchObject({ ok: true, value: { reviewerName: 'Ada' } })
    const session = await fromApp('session.status')
    expect(session).toMatchObject({ ok: true, value: { loggedIn: false, storage: 'memory' } })
    expect(dispatched).toEqual(['drafts.list', 'settings.update', 'settings.get', 'session.status'])
  })

  it('with a malformed payload are answered invalid_input by the core', async () => {
    const get = (await fromApp('drafts.get', { id: '../../etc/passwd' })) as { ok: boolean; error: { code: string; fields: object } }
    expect(get).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { id: expect.any(String) } } })
    await expect(fromApp('drafts.list', { extra: true })).resolves.toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    await expect(fromApp('settings.update', { serviceUrl: 'javascript:alert(1)' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: { serviceUrl: expect.any(String) } },
    })
  })

  it('answer with an IpcResult even if dispatch itself throws', async () => {
    unregister()
    registerIpcHandlers({
      dispatch: () => Promise.reject(new Error('a bug')),
      getWindow: () => window as unknown as BrowserWindow,
      isAppUrl: () => true,
      log,
    })
    await expect(fromApp('drafts.list')).resolves.toMatchObject({ ok: false, error: { code: 'storage_error', message: expect.any(String) } })
    expect(warnings).toEqual(['unexpected failure'])
  })

  it('still pass when the page routes with a hash', async () => {
    window.webContents.mainFrame.url += '#/drafts'
    await expect(fromApp('drafts.list')).resolves.toMatchObject({ ok: true })
  })
})

describe('calls from anywhere else', () => {
  it('are refused from a subframe of the app window, even showing the app page', async () => {
    const frame = window.webContents.subframe(window.webContents.mainFrame.url)
    await expect(ipcMain.invokeFrom(window.webContents, frame, 'drafts.list')).resolves.toEqual(REFUSED)
    expect(dispatched).toEqual([])
  })

  it('are refused from a frame that claims to be top-level but is not our main frame', async () => {
    const main = window.webContents.mainFrame
    const impostor = new FakeFrame(main.url, null, main.processId)
    await expect(ipcMain.invokeFrom(window.webContents, impostor, 'session.status')).resolves.toEqual(REFUSED)
    expect(dispatched).toEqual([])
  })

  it('are refused once the main frame shows another page', async () => {
    for (const url of ['https://evil.example/', 'file:///tmp/other.html', 'about:blank']) {
      window.webContents.mainFrame.url = url
      await expect(fromApp('settings.update', { reviewerName: 'Mallory' }), url).resolves.toEqual(REFUSED)
    }
    expect(dispatched).toEqual([])
  })

  it('are refused when the sending webContents is not our window, whatever frame it names', async () => {
    const other = new FakeBrowserWindow({})
    await expect(ipcMain.invokeFrom(other.webContents, window.webContents.mainFrame, 'drafts.list')).resolves.toEqual(REFUSED)
    expect(dispatched).toEqual([])
  })

  it('are refused from another window, from a vanished frame and when there is no window', async () => {
    const other = new FakeBrowserWindow({})
    await other.loadFile(join(dir, 'renderer/index.html'))
    await expect(ipcMain.invokeFrom(other.webContents, other.webContents.mainFrame, 'drafts.list')).resolves.toEqual(REFUSED)
    await expect(ipcMain.invokeFrom(window.webContents, null, 'drafts.list')).resolves.toEqual(REFUSED)
    window.close()
    await expect(fromApp('drafts.list')).resolves.toEqual(REFUSED)
    expect(dispatched).toEqual([])
    expect(warnings).toEqual([
      'refused drafts.list: the sender is not the Grant Desk window',
      'refused drafts.list: the sending frame is gone',
      'refused drafts.list: there is no Grant Desk window',
    ])
  })
})

describe('core events', () => {
  it('reach the window as {event, payload} on the event channel', async () => {
    forwardEvents(core.subscribe, () => window as unknown as BrowserWindow)
    await fromApp('drafts.list') // the drafts folder now exists and is watched
    // Front matter the store cannot use: listed as a damaged draft, which is still a change.
    writeFileSync(join(dir, 'drafts', 'written-elsewhere.md'), '---\nformat: grant-desk-draft/1\n---\n')
    await expect
      .poll(() => window.webContents.sent, { timeout: 10_000 })
      .toContainEqual({
        channel: EVENT_CHANNEL,
        args: [{ event: 'drafts.changed', payload: { ids: expect.arrayContaining(['written-elsewhere']) } }],
      })
    for (const message of window.webContents.sent) {
      expect(message.channel).toBe(EVENT_CHANNEL)
      expect(Object.keys(message.args[0] as object).sort()).toEqual(['event', 'payload'])
    }
  })

  it('go to the current window and are dropped while there is none', () => {
    const listeners: ((event: 'connectivity', payload: unknown) => void)[] = []
    let current: FakeBrowserWindow | null = window
    forwardEvents(
      (listener) => {
        listeners.push(listener)
        return () => {}
      },
      () => current as unknown as BrowserWindow | null,
    )
    const emit = (online: boolean) => listeners.forEach((l) => l('connectivity', { online }))
    emit(false)
    window.close()
    emit(true) // a closed window must not throw "Object has been destroyed"
    current = new FakeBrowserWindow({})
    emit(true)
    current = null
    emit(false)
    expect(window.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, args: [{ event: 'connectivity', payload: { online: false } }] }])
    expect(fake.windows[1]!.webContents.sent).toEqual([{ channel: EVENT_CHANNEL, args: [{ event: 'connectivity', payload: { online: true } }] }])
  })
})
