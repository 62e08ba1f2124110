/**
 * Electron entry. Kept thin: it wires Electron's pieces to the core (src/main/core, which
 * never imports `electron`) and to the hardening in window.ts and ipc.ts, which are unit
 * tested against a fake `electron` module because the binary cannot run everywhere.
 */
import { join } from 'node:path'
import { BrowserWindow, app, dialog, safeStorage, session } from 'electron'
import { ElectronStoreSettingsBackend } from './adapters/electron-settings'
import { chooseSecretStore } from './adapters/safe-storage-secrets'
import { type Core, createCore } from './core/core'
import { consoleLogger as log } from './core/errors'
import { createPdfPrinter } from './export-pdf'
import { notifyNewGrants } from './new-grants-notifications'
import { forwardEvents, registerIpcHandlers } from './ipc'
import { createReminderNotifier } from './reminder-notifier'
import { createMainWindow, hardenSession, hardenWebContents, rendererLocation } from './window'

// Every renderer sandboxed, including any the shell does not create itself; must precede `ready`.
app.enableSandbox()

const location = rendererLocation({ isPackaged: app.isPackaged, devServerUrl: process.env['ELECTRON_RENDERER_URL'] })
let mainWindow: BrowserWindow | null = null
let core: Core | null = null

const currentWindow = (): BrowserWindow | null => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null)

function openWindow(): void {
  const window = createMainWindow(location, log)
  mainWindow = window
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, location.isAppUrl)
  const dataDir = app.getPath('userData')
  const secrets = chooseSecretStore(safeStorage, join(dataDir, 'credentials.bin'), { log })
  const settings = await ElectronStoreSettingsBackend.open(dataDir, { log })
  // The one port only Electron can fill: printing the review copy to PDF (export.pdf).
  const pdf = createPdfPrinter({ getWindow: currentWindow, log })
  // Reminders as the system's notifications; where it has none, the page shows them.
  const notifier = createReminderNotifier({ getWindow: currentWindow })
  core = await createCore({ dataDir, secrets, settings, log, pdf, ...(notifier ? { notifier } : {}) })
  registerIpcHandlers({ dispatch: core.dispatch, getWindow: currentWindow, isAppUrl: location.isAppUrl, log })
  forwardEvents(core.subscribe, currentWindow)
  notifyNewGrants({ subscribe: core.subscribe, getWindow: currentWindow, log })
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

/** The service address in use, for links: those to its host open without a question. */
async function serviceUrl(): Promise<string | null> {
  const result = await core?.dispatch('settings.get', undefined)
  return result?.ok ? (result.value as { effectiveServiceUrl: string }).effectiveServiceUrl : null
}

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, location.isAppUrl, log, { serviceUrl }))

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

// The core watches the drafts folder; let it stop before the process goes.
app.on('will-quit', (event) => {
  const closing = core
  if (!closing) return
  core = null
  event.preventDefault()
  closing
    .close()
    .catch((error: unknown) => log.error('the core did not close cleanly', error))
    .finally(() => app.quit())
})

app
  .whenReady()
  .then(start)
  .catch((error: unknown) => {
    log.error('Grant Desk could not start', error)
    dialog.showErrorBox('Grant Desk could not start', error instanceof Error ? error.message : String(error))
    app.exit(1)
  })
