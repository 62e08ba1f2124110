/**
 * Electron entry. Kept thin: the main-process logic lives in src/main/core (no `electron`
 * import there) so it can run and be tested without the Electron binary.
 */
import { fileURLToPath } from 'node:url'
import { BrowserWindow, app } from 'electron'

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'Grant Desk',
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  })
  window.once('ready-to-show', () => window.show())
  const devServer = process.env['ELECTRON_RENDERER_URL']
  if (!app.isPackaged && devServer) void window.loadURL(devServer)
  else void window.loadFile(fileURLToPath(new URL('../renderer/index.html', import.meta.url)))
}

void app.whenReady().then(() => {
  createWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow()
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
