/**
 * The app's window and the rules every page inside Electron lives under. The renderer is
 * treated as untrusted content: it runs sandboxed and isolated, cannot navigate anywhere but
 * the app's own page, cannot open windows (an https link goes to the system browser instead),
 * cannot embed webviews and gets no permission (camera, notifications, …) it asks for.
 */
import { fileURLToPath, pathToFileURL } from 'node:url'
import { BrowserWindow, type BrowserWindowConstructorOptions, type Session, type WebContents, dialog, shell } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../shared/ipc'
import { consoleLogger, type Logger } from './core/errors'

export { CONTENT_SECURITY_POLICY }

export interface RendererLocation {
  /** What the main window loads. */
  readonly load: { kind: 'file'; path: string } | { kind: 'url'; url: string }
  /** Whether `url` is the app's own page: the only page allowed to load and to call IPC. */
  isAppUrl: (url: string) => boolean
}

export interface RendererLocationOptions {
  isPackaged: boolean
  /** `ELECTRON_RENDERER_URL`, set by `electron-vite dev`; ignored in a packaged app. */
  devServerUrl?: string | undefined
  /** The built renderer page. Default: out/renderer/index.html next to the main bundle. */
  rendererFile?: string
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

export function rendererLocation(options: RendererLocationOptions): RendererLocation {
  const devServer = !options.isPackaged && options.devServerUrl ? parse(options.devServerUrl) : null
  if (devServer && (devServer.protocol === 'http:' || devServer.protocol === 'https:')) {
    const origin = devServer.origin
    return {
      load: { kind: 'url', url: devServer.href },
      isAppUrl: (url) => parse(url)?.origin === origin,
    }
  }
  const path = options.rendererFile ?? fileURLToPath(new URL('../renderer/index.html', import.meta.url))
  const page = pathToFileURL(path)
  return {
    load: { kind: 'file', path },
    // Query and hash are the page's own business (routing); any other file is not ours.
    isAppUrl: (url) => {
      const candidate = parse(url)
      return candidate !== null && candidate.protocol === 'file:' && candidate.host === page.host && candidate.pathname === page.pathname
    },
  }
}

export function mainWindowOptions(preload: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Grant Desk',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: true,
    },
  }
}

export function createMainWindow(location: RendererLocation, log: Logger = consoleLogger): BrowserWindow {
  // A sandboxed preload must be CommonJS; electron-vite emits it as index.cjs (see its config).
  const preload = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
  const window = new BrowserWindow(mainWindowOptions(preload))
  window.once('ready-to-show', () => window.show())
  guardUnsavedDrafts(window)
  const loading = location.load.kind === 'url' ? window.loadURL(location.load.url) : window.loadFile(location.load.path)
  loading.catch((error: unknown) => log.error('the Grant Desk page could not be loaded', error))
  return window
}

/** The choices of the unsaved-draft question, in button order. */
export const UNSAVED_BUTTONS = ['Stay and let it save', 'Close without saving'] as const

/**
 * The draft editor's `beforeunload` objects while a draft has edits not yet on disk. Electron
 * would then silently refuse to close; instead the applicant is asked, and staying is the
 * default (a save finishes within a second; a failed one is shown on screen).
 */
export function guardUnsavedDrafts(window: BrowserWindow): void {
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'warning',
      buttons: [...UNSAVED_BUTTONS],
      defaultId: 0,
      cancelId: 0,
      message: 'Some changes to your drafts are not on disk yet.',
      detail: 'Stay to let Grant Desk save them, or to see what stopped a save (a file changed elsewhere, a full disk). Close now and those changes are lost.',
    })
    // preventDefault here overrides the page's objection: the window closes.
    if (choice === 1) event.preventDefault()
  })
}

/** Only https links leave the app, and only to the system browser. */
export function isExternalLink(url: string): boolean {
  const parsed = parse(url)
  return parsed !== null && parsed.protocol === 'https:' && parsed.hostname !== ''
}

export interface ExternalLinkOptions {
  /** The grant service's address in use (null when unknown): links to its host open without asking. */
  serviceUrl: () => Promise<string | null>
  /** The window the question is modal to; none (or null): a dialog of its own. */
  parent?: () => BrowserWindow | null
}

/** The choices of the question about a link to another host, in button order (Cancel first, the default). */
export const LINK_BUTTONS = ['Cancel', 'Open in browser'] as const

/** A link's address as the question shows it: whole, unless it is too long to read. */
const MAX_SHOWN_URL = 300

/** Link options (one per page) with a question open: a page gets one question at a time. */
const asking = new WeakSet<ExternalLinkOptions>()

/**
 * Opens an https link in the system browser. A link to another host than the grant service's
 * is opened only after the applicant saw that host and said Open: text from a grant's
 * description can make any link look like the sponsor's. The host is shown as the browser
 * will reach it (an internationalised name in its `xn--` form, so a look-alike cannot pass for
 * the real one). While that question is open, other links of the same page are not opened
 * (a page cannot pile up questions).
 */
export async function openExternalLink(url: string, options: ExternalLinkOptions, log: Logger = consoleLogger): Promise<boolean> {
  if (!isExternalLink(url)) {
    log.warn(`blocked the link ${url}`)
    return false
  }
  const host = new URL(url).hostname
  let serviceHost: string | null = null
  try {
    const service = await options.serviceUrl()
    serviceHost = service === null ? null : (parse(service)?.hostname ?? null)
  } catch (error) {
    log.warn('the service address could not be read; asking before opening the link', error)
  }
  if (host !== serviceHost) {
    if (asking.has(options)) {
      log.warn(`did not open ${url}: a question about another link is still open`)
      return false
    }
    asking.add(options)
    let response: number
    try {
      const shown = url.length > MAX_SHOWN_URL ? `${url.slice(0, MAX_SHOWN_URL)}…` : url
      const question = {
        type: 'question' as const,
        buttons: [...LINK_BUTTONS],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
        message: `Open ${host} in your browser?`,
        detail: `This link leads to ${host}${serviceHost ? `, not to the grant service (${serviceHost})` : ''}. Open it only if you trust that site.\n\n${shown}`,
      }
      const parent = options.parent?.() ?? null
      ;({ response } = parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, question) : await dialog.showMessageBox(question))
    } finally {
      asking.delete(options)
    }
    if (response !== 1) return false
  }
  await shell.openExternal(url)
  return true
}

/**
 * Applied to every webContents Electron creates (`web-contents-created`), so a window or
 * frame the shell did not make itself is held to the same rules.
 */
export function hardenWebContents(
  contents: WebContents,
  isAppUrl: (url: string) => boolean,
  log: Logger = consoleLogger,
  links: ExternalLinkOptions = { serviceUrl: () => Promise.resolve(null) },
): void {
  // This page's own options: its questions are modal to its window, one at a time.
  const pageLinks: ExternalLinkOptions = { ...links, parent: links.parent ?? (() => BrowserWindow.fromWebContents(contents)) }
  const stayInApp = (kind: string) => (event: { url: string; preventDefault: () => void }) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    log.warn(`blocked ${kind} to ${event.url}`)
  }
  contents.on('will-navigate', stayInApp('navigation'))
  contents.on('will-frame-navigate', stayInApp('frame navigation'))
  contents.on('will-redirect', stayInApp('redirect'))

  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) {
      openExternalLink(url, pageLinks, log).catch((error: unknown) => log.warn(`the link ${url} could not be opened`, error))
    } else {
      log.warn(`blocked a new window for ${url}`)
    }
    return { action: 'deny' }
  })

  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    log.warn('blocked a <webview>')
  })
}

/**
 * The session-wide rules: no permission is ever granted, and the app's pages get the CSP as a
 * response header.
 */
export function hardenSession(session: Session, isAppUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({})
      return
    }
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } })
  })
}
