/**
 * The window and the page rules of the Electron shell (src/main/window.ts), run against the
 * fake `electron` module (test/support/fake-electron.ts) because the binary cannot run here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Session, WebContents } from 'electron'
import { beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../src/main/core/errors'
import {
  CONTENT_SECURITY_POLICY,
  LINK_BUTTONS,
  UNSAVED_BUTTONS,
  createMainWindow,
  hardenSession,
  hardenWebContents,
  isExternalLink,
  rendererLocation,
} from '../../../src/main/window'
import { FakeWebContents, fake, fakeEvent, session } from '../../support/fake-electron'

const RENDERER_FILE = join(process.cwd(), 'out/renderer/index.html')
const fileLocation = () => rendererLocation({ isPackaged: true, rendererFile: RENDERER_FILE })

beforeEach(() => fake.reset())

describe('the main window', () => {
  it('is created with exactly the hardened web preferences and the .cjs preload', () => {
    const window = createMainWindow(fileLocation(), silentLogger)
    expect(fake.windows).toHaveLength(1)
    const options = fake.windows[0]!.options
    expect(options['webPreferences']).toEqual({
      preload: expect.stringMatching(/[\\/]preload[\\/]index\.cjs$/),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: true,
    })
    // Shown only once painted, so the applicant never sees a blank white window.
    expect(options['show']).toBe(false)
    expect(window.isDestroyed()).toBe(false)
  })

  it('loads the built page from disk, or the dev server only when not packaged', () => {
    createMainWindow(fileLocation(), silentLogger)
    expect(fake.windows[0]!.loaded).toEqual({ kind: 'file', target: RENDERER_FILE })

    const dev = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173/', rendererFile: RENDERER_FILE })
    createMainWindow(dev, silentLogger)
    expect(fake.windows[1]!.loaded).toEqual({ kind: 'url', target: 'http://localhost:5173/' })

    const packaged = rendererLocation({ isPackaged: true, devServerUrl: 'http://localhost:5173/', rendererFile: RENDERER_FILE })
    expect(packaged.load).toEqual({ kind: 'file', path: RENDERER_FILE })
  })

  it('asks before closing while a draft is still being saved, and stays by default', () => {
    createMainWindow(fileLocation(), silentLogger)
    const contents = fake.windows[0]!.webContents

    // The page objected to unloading (the editor's beforeunload); the applicant stays.
    const stay = fakeEvent()
    contents.emit('will-prevent-unload', stay)
    expect(fake.messageBoxes).toHaveLength(1)
    expect(fake.messageBoxes[0]).toMatchObject({ buttons: [...UNSAVED_BUTTONS], defaultId: 0, cancelId: 0 })
    expect(fake.messageBoxes[0]!.message).toMatch(/not on disk yet/)
    expect(stay.defaultPrevented).toBe(false)

    // Choosing to close overrides the page's objection.
    fake.messageBoxAnswer = 1
    const close = fakeEvent()
    contents.emit('will-prevent-unload', close)
    expect(close.defaultPrevented).toBe(true)
  })

  it('shows the window once it is ready to show', () => {
    createMainWindow(fileLocation(), silentLogger)
    const window = fake.windows[0]!
    expect(window.shown).toBe(false)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })
})

describe('the app page', () => {
  it('is the built index.html (any hash or query), nothing else on disk', () => {
    const { isAppUrl } = fileLocation()
    const page = pathToFileURL(RENDERER_FILE).href
    expect(isAppUrl(page)).toBe(true)
    expect(isAppUrl(`${page}#/drafts/x`)).toBe(true)
    expect(isAppUrl(pathToFileURL(join(process.cwd(), 'out/renderer/other.html')).href)).toBe(false)
    expect(isAppUrl('file:///etc/passwd')).toBe(false)
    expect(isAppUrl('https://example.org/index.html')).toBe(false)
    expect(isAppUrl('not a url')).toBe(false)
  })

  it('is the dev server origin in development', () => {
    const { isAppUrl } = rendererLocation({ isPackaged: false, devServerUrl: 'http://localhost:5173', rendererFile: RENDERER_FILE })
    expect(isAppUrl('http://localhost:5173/src/main.tsx')).toBe(true)
    expect(isAppUrl('http://localhost:5174/')).toBe(false)
    expect(isAppUrl('https://localhost:5173/')).toBe(false)
    expect(isAppUrl(pathToFileURL(RENDERER_FILE).href)).toBe(false)
  })
})

describe('every webContents', () => {
  function hardened(serviceUrl: string | null = 'https://grants.example'): FakeWebContents {
    const contents = new FakeWebContents()
    hardenWebContents(contents as unknown as WebContents, fileLocation().isAppUrl, silentLogger, { serviceUrl: async () => serviceUrl })
    return contents
  }
  /** The link is opened after an awaited answer (the service address, maybe a dialog). */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 10))

  it('cannot navigate, frame-navigate or be redirected away from the app page', () => {
    const contents = hardened()
    for (const kind of ['will-navigate', 'will-frame-navigate', 'will-redirect'] as const) {
      expect(contents.navigate('https://evil.example/', kind), kind).toBe(true)
      expect(contents.navigate('file:///etc/passwd', kind), kind).toBe(true)
      expect(contents.navigate(pathToFileURL(RENDERER_FILE).href, kind), kind).toBe(false)
    }
    expect(fake.openedExternally).toEqual([])
  })

  it('opens https links to the grant service’s host in the system browser without asking, and never in a new window', async () => {
    const contents = hardened()
    expect(contents.openWindow('https://grants.example/apply?x=1')).toEqual({ action: 'deny' })
    await settled()
    expect(fake.openedExternally).toEqual(['https://grants.example/apply?x=1'])
    expect(fake.messageBoxes).toEqual([])
  })

  it('asks before opening a link to another host, showing the host; Cancel (the default) opens nothing', async () => {
    const contents = hardened()
    fake.messageBoxAnswer = 0
    expect(contents.openWindow('https://grants.example.evil.test/login')).toEqual({ action: 'deny' })
    await settled()
    expect(fake.openedExternally).toEqual([])
    expect(fake.messageBoxes).toHaveLength(1)
    expect(fake.messageBoxes[0]).toMatchObject({ message: 'Open grants.example.evil.test in your browser?', defaultId: 0, cancelId: 0 })
    expect(fake.messageBoxes[0]!.detail).toContain('not to the grant service (grants.example)')

    fake.messageBoxAnswer = 1
    contents.openWindow('https://docs.example.org/guide')
    await settled()
    expect(fake.openedExternally).toEqual(['https://docs.example.org/guide'])
  })

  it('asks about the host a link really leads to, whatever it looks like', async () => {
    const contents = hardened('https://grants.example/api')
    // Userinfo that looks like the service's host, and a look-alike name (Cyrillic "а"): shown as the browser will reach them.
    contents.openWindow('https://grants.example@evil.test/apply')
    await settled()
    contents.openWindow('https://gr\u0430nts.example/apply')
    await settled()
    expect(fake.messageBoxes.map((box) => box.message)).toEqual(['Open evil.test in your browser?', 'Open xn--grnts-5ve.example in your browser?'])
    expect(fake.openedExternally).toEqual([])
    // The service's host on another port, or with another path, is the service's host.
    contents.openWindow('https://grants.example:8443/docs')
    await settled()
    expect(fake.openedExternally).toEqual(['https://grants.example:8443/docs'])
    expect(fake.messageBoxes).toHaveLength(2)
  })

  it('asks with Open and Cancel, Cancel the default, and shows a long address cut short', async () => {
    const contents = hardened()
    const long = `https://docs.example.org/${'a'.repeat(5_000)}`
    contents.openWindow(long)
    await settled()
    const box = fake.messageBoxes[0]!
    expect(box.buttons).toEqual([...LINK_BUTTONS])
    expect(LINK_BUTTONS[box.defaultId!]).toBe('Cancel')
    expect(LINK_BUTTONS[box.cancelId!]).toBe('Cancel')
    expect(box.detail!.length).toBeLessThan(600)
    expect(box.detail).toContain(`${long.slice(0, 300)}…`)
    expect(fake.openedExternally).toEqual([])
  })

  it('holds the question to the page’s window, one at a time: links clicked meanwhile are not opened', async () => {
    const window = createMainWindow(fileLocation(), silentLogger)
    hardenWebContents(window.webContents, fileLocation().isAppUrl, silentLogger, { serviceUrl: async () => 'https://grants.example' })
    let answer!: () => void
    fake.messageBoxWait = new Promise<void>((resolve) => (answer = resolve))
    fake.messageBoxAnswer = 1

    const contents = fake.windows[0]!.webContents
    contents.openWindow('https://first.example/')
    await settled()
    expect(fake.messageBoxParents).toEqual([window])
    // A page that fires links while the question is open gets no pile of dialogs, and nothing opens.
    for (let i = 0; i < 20; i++) contents.openWindow(`https://spam-${i}.example/`)
    await settled()
    expect(fake.messageBoxes).toHaveLength(1)
    expect(fake.openedExternally).toEqual([])
    // Links to the service's own host need no question and still open.
    contents.openWindow('https://grants.example/grant/1')
    await settled()
    expect(fake.openedExternally).toEqual(['https://grants.example/grant/1'])

    answer()
    await settled()
    expect(fake.openedExternally).toEqual(['https://grants.example/grant/1', 'https://first.example/'])
    contents.openWindow('https://second.example/')
    await settled()
    expect(fake.messageBoxes.map((box) => box.message)).toEqual(['Open first.example in your browser?', 'Open second.example in your browser?'])
    expect(fake.openedExternally).toContain('https://second.example/')
  })

  it('asks when the service address cannot be read', async () => {
    const contents = new FakeWebContents()
    hardenWebContents(contents as unknown as WebContents, fileLocation().isAppUrl, silentLogger, {
      serviceUrl: async () => {
        throw new Error('settings unavailable')
      },
    })
    contents.openWindow('https://grants.example/apply')
    await settled()
    expect(fake.messageBoxes).toHaveLength(1)
    expect(fake.messageBoxes[0]!.detail).not.toContain('grant service (')
    expect(fake.openedExternally).toEqual([])
  })

  it('asks for every link while the service address is unknown', async () => {
    const contents = hardened(null)
    contents.openWindow('https://grants.example/apply')
    await settled()
    expect(fake.messageBoxes).toHaveLength(1)
    expect(fake.openedExternally).toEqual([])
  })

  it('neither opens nor forwards http, file, javascript or other links', () => {
    const contents = hardened()
    for (const url of ['http://grants.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', 'smb://host/share', 'https://']) {
      expect(contents.openWindow(url), url).toEqual({ action: 'deny' })
    }
    expect(fake.openedExternally).toEqual([])
    expect(isExternalLink('HTTPS://grants.example/')).toBe(true) // URL parsing lowercases the scheme
  })

  it('cannot attach a <webview>', () => {
    expect(hardened().attachWebview('https://evil.example/')).toBe(true)
  })
})

describe('the session', () => {
  function hardenedSession() {
    const ses = session.defaultSession
    hardenSession(ses as unknown as Session, fileLocation().isAppUrl)
    return ses
  }

  it('denies every permission request and check', async () => {
    const ses = hardenedSession()
    const contents = new FakeWebContents()
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fullscreen']) {
      await expect(ses.requestPermission(contents, permission), permission).resolves.toBe(false)
      expect(ses.checkPermission(contents, permission, 'file://'), permission).toBe(false)
    }
  })

  it('adds the CSP header to the app page only', async () => {
    const ses = hardenedSession()
    const page = await ses.receiveHeaders(pathToFileURL(RENDERER_FILE).href, { 'content-type': ['text/html'] })
    expect(page['responseHeaders']).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] })
    const other = await ses.receiveHeaders('https://images.example/a.png', { 'content-type': ['image/png'] }, 'image')
    expect(other['responseHeaders']).toEqual({ 'content-type': ['image/png'] })
  })

  it('sends the same policy as the meta tag of the renderer page', () => {
    const html = readFileSync(join(process.cwd(), 'src/renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    expect(meta).toBe(CONTENT_SECURITY_POLICY)
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/)
  })
})
