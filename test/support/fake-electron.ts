/**
 * A FAKE of the `electron` module, for unit tests only. It exists because the Electron binary
 * cannot be downloaded (and so cannot run) on this machine: vitest aliases `electron` to this
 * file, so the real shell code (src/main, src/preload, and electron-store inside it) runs
 * against it unchanged. It does not try to be Electron; it records what the shell asks of
 * Electron (window options, handlers, IPC registrations, opened links, permission and header
 * handlers) and lets a test play Electron's part (navigate, open a window, invoke a channel
 * from some frame, send an event) to see what the shell answers.
 *
 * Behaviour copied from Electron where the shell relies on it:
 * - constructing a BrowserWindow emits `web-contents-created` on `app`;
 * - `loadFile`/`loadURL` set the main frame's URL (what the IPC sender check reads);
 * - `ipcMain.handle` refuses a second handler for the same channel;
 * - `safeStorage.encryptString` throws when encryption is unavailable, `decryptString` throws
 *   on bytes it did not produce; the "encryption" is a reversible XOR, never real crypto;
 * - `app.quit()` emits `before-quit` and `will-quit`, either of which can cancel it;
 * - `webContents.printToPDF` resolves to a Buffer (`fake.printToPdf` makes it: fake bytes, not
 *   a real PDF, since nothing here can lay a page out); `dialog.showSaveDialog` takes an
 *   optional parent window and resolves to `{canceled, filePath}` (`fake.saveDialogAnswer`);
 * - `Notification.isSupported()` answers `fake.notificationsSupported`; a `Notification` is
 *   recorded in `fake.notifications` when built (`shown` says whether it was shown), and `click()` plays the user clicking it (emits
 *   `click`, as Electron does). Nothing appears on any screen.
 *
 * All state lives in `fake`; call `fake.reset()` between tests.
 */
import { EventEmitter } from 'node:events'
import { pathToFileURL } from 'node:url'

/** Electron's `Event`: preventable, with the event's details spread onto it. */
export interface FakeEvent {
  preventDefault(): void
  readonly defaultPrevented: boolean
  [key: string]: unknown
}

export function fakeEvent(details: Record<string, unknown> = {}): FakeEvent {
  let prevented = false
  return {
    ...details,
    preventDefault: () => {
      prevented = true
    },
    get defaultPrevented() {
      return prevented
    },
  }
}

let nextProcessId = 100
let nextRoutingId = 1
let nextWebContentsId = 1

export class FakeFrame {
  readonly processId: number
  readonly routingId: number
  constructor(
    public url: string,
    readonly parent: FakeFrame | null = null,
    processId?: number,
  ) {
    this.processId = processId ?? nextProcessId++
    this.routingId = nextRoutingId++
  }
}

export type WindowOpenHandler = (details: { url: string; frameName: string; features: string; disposition: string }) => {
  action: 'allow' | 'deny'
}

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++
  readonly mainFrame = new FakeFrame('about:blank')
  windowOpenHandler: WindowOpenHandler | null = null
  /** Every `send(channel, ...args)`. */
  readonly sent: { channel: string; args: unknown[] }[] = []
  destroyed = false

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler
  }

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed')
    // Electron serialises with structured clone: a function or class instance would not survive.
    this.sent.push({ channel, args: structuredClone(args) })
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  /** Records the options and answers with `fake.printToPdf` (what the page would print to). */
  async printToPDF(options: Record<string, unknown>): Promise<Buffer> {
    if (this.destroyed) throw new Error('Object has been destroyed')
    fake.printed.push({ url: this.mainFrame.url, options })
    return fake.printToPdf(this.mainFrame.url)
  }

  /** A child frame of the main frame, in the same renderer process. */
  subframe(url: string): FakeFrame {
    return new FakeFrame(url, this.mainFrame, this.mainFrame.processId)
  }

  /** Emits one of the navigation events as Electron does and returns whether it was prevented. */
  navigate(url: string, kind: 'will-navigate' | 'will-frame-navigate' | 'will-redirect' = 'will-navigate'): boolean {
    const event = fakeEvent({ url, isMainFrame: true, isSameDocument: false, frame: this.mainFrame })
    // The deprecated positional arguments are still passed by Electron 39; pass them too.
    this.emit(kind, event, url, false, true, this.mainFrame.processId, this.mainFrame.routingId)
    return event.defaultPrevented
  }

  /** What `window.open(url)` from the page would get. */
  openWindow(url: string): { action: 'allow' | 'deny' } {
    if (!this.windowOpenHandler) return { action: 'allow' } // Electron's default allows
    return this.windowOpenHandler({ url, frameName: '', features: '', disposition: 'new-window' })
  }

  /** `<webview>` attaching; returns whether it was prevented. */
  attachWebview(src: string): boolean {
    const event = fakeEvent()
    const webPreferences: Record<string, unknown> = {}
    this.emit('will-attach-webview', event, webPreferences, { src })
    return event.defaultPrevented
  }
}

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return fake.windows.filter((w) => !w.destroyed)
  }

  /** The window whose page `contents` is, as Electron answers; null for any other webContents. */
  static fromWebContents(contents: unknown): BrowserWindow | null {
    return fake.windows.find((w) => w.webContents === contents) ?? null
  }

  readonly webContents = new FakeWebContents()
  readonly options: Record<string, any>
  destroyed = false
  shown = false
  loaded: { kind: 'file' | 'url'; target: string } | null = null

  constructor(options: Record<string, any> = {}) {
    super()
    this.options = options
    fake.windows.push(this)
    app.emit('web-contents-created', fakeEvent(), this.webContents)
  }

  async loadFile(path: string): Promise<void> {
    this.loaded = { kind: 'file', target: path }
    this.webContents.mainFrame.url = pathToFileURL(path).href
  }

  async loadURL(url: string): Promise<void> {
    this.loaded = { kind: 'url', target: url }
    this.webContents.mainFrame.url = url
  }

  minimized = false
  focused = false

  isMinimized(): boolean {
    return this.minimized
  }

  restore(): void {
    this.minimized = false
  }

  focus(): void {
    this.focused = true
  }

  show(): void {
    this.shown = true
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  close(): void {
    if (this.destroyed) return
    this.destroyed = true
    this.webContents.destroyed = true
    this.emit('closed')
    if (BrowserWindow.getAllWindows().length === 0) app.emit('window-all-closed')
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false
  readonly quitCalls: number[] = []
  sandboxEnabled = false

  whenReady(): Promise<void> {
    return fake.ready
  }

  getPath(name: string): string {
    const path = fake.paths[name]
    if (path === undefined) throw new Error(`fake electron: no path "${name}" (set fake.paths.${name})`)
    return path
  }

  getVersion(): string {
    return '0.1.0'
  }

  getName(): string {
    return 'grant-desk'
  }

  enableSandbox(): void {
    this.sandboxEnabled = true
  }

  quit(): void {
    this.quitCalls.push(Date.now())
    const before = fakeEvent()
    this.emit('before-quit', before)
    if (before.defaultPrevented) return
    const will = fakeEvent()
    this.emit('will-quit', will)
    if (will.defaultPrevented) return
    fake.quitted = true
    this.emit('quit', fakeEvent(), 0)
  }

  exit(code = 0): void {
    fake.exitCode = code
  }
}

export const app = new FakeApp()

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

class FakeIpcMain extends EventEmitter {
  readonly handlers = new Map<string, InvokeHandler>()

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, handler)
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }

  /** What `ipcRenderer.invoke(channel, ...args)` from `frame` of `sender` would get. */
  async invokeFrom(sender: FakeWebContents, frame: FakeFrame | null, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    const event = { sender, senderFrame: frame, processId: frame?.processId ?? -1, frameId: frame?.routingId ?? -1 }
    return structuredClone(await handler(event, ...structuredClone(args)))
  }
}

export const ipcMain = new FakeIpcMain()

/** The renderer side, for the preload. */
class FakeIpcRenderer extends EventEmitter {
  readonly invocations: { channel: string; args: unknown[] }[] = []
  /** What `invoke` resolves to; tests replace it. */
  answer: (channel: string, ...args: unknown[]) => unknown = () => ({ ok: true, value: null })

  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args })
    return this.answer(channel, ...args)
  }

  /** Main sending `channel` to this renderer: listeners get Electron's event object first. */
  deliver(channel: string, ...args: unknown[]): void {
    const event = { sender: this, senderId: 0, ports: [], secret: 'the-ipc-renderer-event' }
    this.emit(channel, event, ...structuredClone(args))
  }
}

export const ipcRenderer = new FakeIpcRenderer()

export const contextBridge = {
  exposeInMainWorld(key: string, api: unknown): void {
    if (Object.hasOwn(fake.mainWorld, key)) throw new Error(`Cannot bind an API on top of an existing property on the window object`)
    fake.mainWorld[key] = api
  },
}

export const shell = {
  async openExternal(url: string): Promise<void> {
    fake.openedExternally.push(url)
  },
  async openPath(path: string): Promise<string> {
    fake.openedPaths.push(path)
    return ''
  },
}

/**
 * Electron's main-process `Notification`: records what was built and shown
 * (`fake.notifications`); a test clicks one with `emit('click')`. Nothing reaches a desktop.
 */
export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return fake.notificationsSupported
  }

  shown = false

  constructor(readonly options: { title?: string; body?: string; silent?: boolean } = {}) {
    super()
    fake.notifications.push(this)
  }

  show(): void {
    this.shown = true
  }

  close(): void {
    this.emit('close', fakeEvent())
  }

  /** Plays the user clicking the notification. */
  click(): void {
    this.emit('click', fakeEvent())
  }
}

export const dialog = {
  showErrorBox(title: string, content: string): void {
    fake.errorBoxes.push({ title, content })
  },
  /** Records the options (and whether a parent window holds it); answers `fake.saveDialogAnswer`. */
  async showSaveDialog(windowOrOptions: unknown, maybeOptions?: Record<string, unknown>): Promise<{ canceled: boolean; filePath: string }> {
    const withParent = maybeOptions !== undefined
    fake.saveDialogs.push({ parent: withParent ? windowOrOptions : null, options: (withParent ? maybeOptions : windowOrOptions) as Record<string, unknown> })
    return { ...fake.saveDialogAnswer }
  },
  /**
   * Records the question (and its parent window in `fake.messageBoxParents`, null without one)
   * and answers with `fake.messageBoxAnswer` (a button index), as Electron's promise does, once
   * `fake.messageBoxWait` has settled (a test holds it to play an applicant who has not answered yet).
   */
  async showMessageBox(
    windowOrOptions: unknown,
    maybeOptions?: { buttons?: string[]; message: string; detail?: string; defaultId?: number; cancelId?: number },
  ): Promise<{ response: number; checkboxChecked: boolean }> {
    const options = (maybeOptions ?? windowOrOptions) as { buttons?: string[]; message: string; detail?: string; defaultId?: number; cancelId?: number }
    fake.messageBoxes.push(options)
    fake.messageBoxParents.push(maybeOptions === undefined ? null : windowOrOptions)
    await fake.messageBoxWait
    return { response: fake.messageBoxAnswer, checkboxChecked: false }
  },
  /** Records the question and answers with `fake.messageBoxAnswer` (a button index). */
  showMessageBoxSync(_window: unknown, options: { buttons?: string[]; message: string; defaultId?: number; cancelId?: number }): number {
    fake.messageBoxes.push(options)
    return fake.messageBoxAnswer
  },
}

/** The values of Electron's `safeStorage.getSelectedStorageBackend()`. */
export type StorageBackend = 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown'

const CIPHER_PREFIX = Buffer.from('FAKE-SAFESTORAGE:')

export const safeStorage = {
  isEncryptionAvailable(): boolean {
    return fake.encryptionAvailable
  },
  getSelectedStorageBackend(): StorageBackend {
    return fake.storageBackend
  },
  encryptString(plainText: string): Buffer {
    if (!fake.encryptionAvailable) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.')
    const body = Buffer.from(plainText, 'utf8').map((byte) => byte ^ 0x5a)
    return Buffer.concat([CIPHER_PREFIX, body])
  },
  decryptString(encrypted: Buffer): string {
    if (!Buffer.isBuffer(encrypted) || !encrypted.subarray(0, CIPHER_PREFIX.length).equals(CIPHER_PREFIX)) {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
    }
    return Buffer.from(encrypted.subarray(CIPHER_PREFIX.length).map((byte) => byte ^ 0x5a)).toString('utf8')
  },
  setUsePlainTextEncryption(): void {},
}

type HeadersListener = (details: Record<string, any>, callback: (response: Record<string, any>) => void) => void

class FakeSession {
  permissionRequestHandler: ((...args: any[]) => void) | null = null
  permissionCheckHandler: ((...args: any[]) => boolean) | null = null
  headersReceived: { filter: unknown; listener: HeadersListener }[] = []

  readonly webRequest = {
    onHeadersReceived: (filterOrListener: unknown, maybeListener?: HeadersListener | null) => {
      const listener = (typeof filterOrListener === 'function' ? filterOrListener : maybeListener) as HeadersListener | null
      const filter = typeof filterOrListener === 'function' ? null : filterOrListener
      // Like Electron, a later registration replaces the earlier one.
      this.headersReceived = listener ? [{ filter, listener }] : []
    },
  }

  setPermissionRequestHandler(handler: ((...args: any[]) => void) | null): void {
    this.permissionRequestHandler = handler
  }

  setPermissionCheckHandler(handler: ((...args: any[]) => boolean) | null): void {
    this.permissionCheckHandler = handler
  }

  /** What a page asking for `permission` is told. Electron grants when no handler is set. */
  requestPermission(contents: FakeWebContents, permission: string): Promise<boolean> {
    const handler = this.permissionRequestHandler
    if (!handler) return Promise.resolve(true)
    return new Promise((resolve) => handler(contents, permission, resolve, { requestingUrl: contents.mainFrame.url }))
  }

  checkPermission(contents: FakeWebContents | null, permission: string, origin: string): boolean {
    return this.permissionCheckHandler ? this.permissionCheckHandler(contents, permission, origin, {}) : true
  }

  /** The headers a response for `url` ends up with after the shell's `onHeadersReceived`. */
  receiveHeaders(url: string, responseHeaders: Record<string, string[]>, resourceType = 'mainFrame'): Promise<Record<string, any>> {
    const entry = this.headersReceived[0]
    if (!entry) return Promise.resolve({ responseHeaders })
    return new Promise((resolve) => {
      entry.listener({ id: 1, url, method: 'GET', resourceType, responseHeaders, statusCode: 200, statusLine: 'HTTP/1.1 200 OK' }, (response) => {
        resolve(response.cancel ? { cancel: true } : { responseHeaders: response.responseHeaders ?? responseHeaders })
      })
    })
  }
}

export const session = {
  defaultSession: new FakeSession(),
}

/** The fake's state and controls. */
export const fake = {
  windows: [] as BrowserWindow[],
  paths: {} as Record<string, string>,
  ready: Promise.resolve() as Promise<void>,
  encryptionAvailable: true,
  storageBackend: 'gnome_libsecret' as StorageBackend,
  mainWorld: {} as Record<string, unknown>,
  openedExternally: [] as string[],
  openedPaths: [] as string[],
  errorBoxes: [] as { title: string; content: string }[],
  messageBoxes: [] as { buttons?: string[]; message: string; detail?: string; defaultId?: number; cancelId?: number }[],
  messageBoxAnswer: 0,
  messageBoxParents: [] as unknown[],
  messageBoxWait: Promise.resolve() as Promise<unknown>,
  saveDialogs: [] as { parent: unknown; options: Record<string, unknown> }[],
  saveDialogAnswer: { canceled: true, filePath: '' } as { canceled: boolean; filePath: string },
  printed: [] as { url: string; options: Record<string, unknown> }[],
  /** The bytes `printToPDF` resolves to, given the page's URL; may throw to play a failed print. */
  printToPdf: (url: string): Buffer => Buffer.from(`%PDF-1.7\n% fake PDF of ${url.slice(0, 60)}\n`),
  quitted: false,
  exitCode: null as number | null,
  notifications: [] as Notification[],
  notificationsSupported: true,

  reset(): void {
    fake.windows = []
    fake.paths = {}
    fake.ready = Promise.resolve()
    fake.encryptionAvailable = true
    fake.storageBackend = 'gnome_libsecret'
    fake.mainWorld = {}
    fake.openedExternally = []
    fake.openedPaths = []
    fake.errorBoxes = []
    fake.messageBoxes = []
    fake.messageBoxAnswer = 0
    fake.messageBoxParents = []
    fake.messageBoxWait = Promise.resolve()
    fake.saveDialogs = []
    fake.saveDialogAnswer = { canceled: true, filePath: '' }
    fake.printed = []
    fake.printToPdf = (url) => Buffer.from(`%PDF-1.7\n% fake PDF of ${url.slice(0, 60)}\n`)
    fake.quitted = false
    fake.exitCode = null
    fake.notifications = []
    fake.notificationsSupported = true
    app.removeAllListeners()
    app.isPackaged = false
    app.quitCalls.length = 0
    app.sandboxEnabled = false
    ipcMain.removeAllListeners()
    ipcMain.handlers.clear()
    ipcRenderer.removeAllListeners()
    ipcRenderer.invocations.length = 0
    ipcRenderer.answer = () => ({ ok: true, value: null })
    session.defaultSession = new FakeSession()
  },
}

export type { FakeSession }

export default {
  app,
  BrowserWindow,
  contextBridge,
  dialog,
  ipcMain,
  ipcRenderer,
  Notification,
  safeStorage,
  session,
  shell,
}
