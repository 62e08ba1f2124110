/**
 * The Electron shell's PDF printer (src/main/export-pdf.ts), run against the FAKE `electron`
 * module (test/support/fake-electron.ts) because the Electron binary cannot run here: the fake
 * records the hidden window, what it loaded, the printToPDF options and the save dialog, and
 * its "PDF" is a few marker bytes. Whether Chromium lays the copy out well is for a real run.
 * Last, `export.pdf` through the IPC door and a real core, from the app's window.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../../src/main/core/core'
import { silentLogger } from '../../../src/main/core/errors'
import { MemorySecretStore } from '../../../src/main/core/secret-store'
import { JsonFileSettingsBackend } from '../../../src/main/core/settings'
import { createPdfPrinter, DATA_URL_LIMIT } from '../../../src/main/export-pdf'
import { registerIpcHandlers } from '../../../src/main/ipc'
import { createMainWindow, rendererLocation } from '../../../src/main/window'
import { serializeDraftFile, DRAFT_FORMAT } from '../../../src/shared/draft-file'
import { BrowserWindow as FakeBrowserWindow, fake, ipcMain } from '../../support/fake-electron'
import { tempDir } from '../../support/service'

const HTML = '<!doctype html><html lang="en"><head><title>Copy</title></head><body><h1>Review copy ✓</h1></body></html>'

let dir: string
let mainWindow: FakeBrowserWindow

beforeEach(() => {
  fake.reset()
  dir = tempDir('grant-desk-pdf-')
  fake.paths['documents'] = join(dir, 'Documents')
  mainWindow = new FakeBrowserWindow({ title: 'Grant Desk' })
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const printer = (tempDirectory = join(dir, 'tmp')) => {
  mkdirSync(tempDirectory, { recursive: true })
  return createPdfPrinter({ getWindow: () => mainWindow as unknown as BrowserWindow, log: silentLogger, tempDir: tempDirectory })
}
const printWindow = () => fake.windows.find((window) => window !== mainWindow)!

describe('the PDF printer', () => {
  it('prints the copy in a hidden window that runs nothing, then saves it where the applicant chose', async () => {
    const target = join(dir, 'chosen.pdf')
    fake.saveDialogAnswer = { canceled: false, filePath: target }
    await expect(printer().print({ html: HTML, fileName: 'tracekit-2026-11-24.pdf' })).resolves.toEqual({ path: target })

    const window = printWindow()
    expect(window.options).toMatchObject({ show: false })
    expect(window.options['webPreferences']).toEqual({
      javascript: false,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      spellcheck: false,
    })
    expect(window.options['webPreferences']).not.toHaveProperty('preload')
    // The copy went in as a data: URL (never touching the disk) and came out as the PDF saved.
    expect(window.loaded?.kind).toBe('url')
    const [, base64] = /^data:text\/html;charset=utf-8;base64,(.*)$/.exec(window.loaded!.target)!
    expect(Buffer.from(base64!, 'base64').toString('utf8')).toBe(HTML)
    expect(fake.printed).toEqual([{ url: window.loaded!.target, options: expect.objectContaining({ printBackground: false, pageSize: 'A4' }) }])
    expect(readFileSync(target, 'utf8')).toMatch(/^%PDF-1\.7\n% fake PDF of data:text\/html/)
    expect(window.isDestroyed()).toBe(true)
    expect(mainWindow.isDestroyed()).toBe(false)

    // The dialog belongs to the app's window and suggests the copy's name in Documents.
    expect(fake.saveDialogs).toHaveLength(1)
    expect(fake.saveDialogs[0]!.parent).toBe(mainWindow)
    expect(fake.saveDialogs[0]!.options).toMatchObject({
      defaultPath: join(dir, 'Documents', 'tracekit-2026-11-24.pdf'),
      filters: [{ name: 'PDF document', extensions: ['pdf'] }],
    })
  })

  it('writes nothing when the applicant cancels', async () => {
    await expect(printer().print({ html: HTML, fileName: 'x.pdf' })).resolves.toEqual({ canceled: true })
    expect(readdirSync(dir).filter((name) => name.endsWith('.pdf'))).toEqual([])
    expect(printWindow().isDestroyed()).toBe(true)
  })

  it('goes through a private temporary file when the copy is too large for a URL, and removes it', async () => {
    const big = `<!doctype html><p>${'x'.repeat(DATA_URL_LIMIT)}</p>`
    const temp = join(dir, 'tmp')
    let seen = ''
    fake.printToPdf = (url) => {
      seen = readFileSync(new URL(url), 'utf8')
      return Buffer.from('%PDF-1.7 big')
    }
    fake.saveDialogAnswer = { canceled: false, filePath: join(dir, 'big.pdf') }
    await printer(temp).print({ html: big, fileName: 'big.pdf' })
    expect(printWindow().loaded?.kind).toBe('file')
    expect(seen).toBe(big)
    expect(readdirSync(temp)).toEqual([])
    expect(readFileSync(join(dir, 'big.pdf'), 'utf8')).toBe('%PDF-1.7 big')
  })

  it('fails plainly, before asking where to save, when the copy cannot be printed', async () => {
    fake.printToPdf = () => {
      throw new Error('printing failed')
    }
    await expect(printer().print({ html: HTML, fileName: 'x.pdf' })).rejects.toMatchObject({
      code: 'storage_error',
      message: expect.stringMatching(/could not make the PDF \(printing failed\)\. Export the HTML copy/),
    })
    expect(fake.saveDialogs).toEqual([])
    expect(printWindow().isDestroyed()).toBe(true)
  })

  it('says where it could not write', async () => {
    const target = join(dir, 'missing-folder', 'x.pdf')
    fake.saveDialogAnswer = { canceled: false, filePath: target }
    await expect(printer().print({ html: HTML, fileName: 'x.pdf' })).rejects.toMatchObject({
      code: 'storage_error',
      message: expect.stringContaining(`could not be saved to ${target}`),
    })
    expect(existsSync(target)).toBe(false)
  })
})

describe('export.pdf from the app window', () => {
  let core: Core

  afterEach(async () => {
    await core.close()
  })

  it('reaches the core with the printer the shell gave it and answers with the saved path', async () => {
    // A draft written straight to disk, as a teammate's would arrive: no service needed.
    const drafts = join(dir, 'drafts')
    mkdirSync(drafts)
    const stamp = '2026-11-20T17:30:00.000Z'
    const grant = {
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Open grant',
      reward: '10,000 USDC',
      deadline: '2099-01-01T00:00:00.000Z',
      apply_endpoint: 'POST /x',
      application_schema: null,
    }
    writeFileSync(
      join(drafts, 'tracekit.md'),
      serializeDraftFile(
        { format: DRAFT_FORMAT, grant, custom_fields: {}, status: 'draft', application_id: null, created_at: stamp, updated_at: stamp },
        '# Tracekit\n\nThe pitch.\n',
      ),
    )

    const pdf = createPdfPrinter({ getWindow: () => window as unknown as BrowserWindow, log: silentLogger })
    core = await createCore({
      dataDir: dir,
      secrets: new MemorySecretStore(),
      settings: await JsonFileSettingsBackend.open(join(dir, 'settings.json')),
      // Nothing listens there: the sponsor is left out at once.
      env: { GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
      client: { timeoutMs: 1_000, retryLimit: 0 },
      log: silentLogger,
      pdf,
    })
    const location = rendererLocation({ isPackaged: true, rendererFile: join(dir, 'renderer/index.html') })
    const window = createMainWindow(location, silentLogger) as unknown as FakeBrowserWindow
    registerIpcHandlers({ dispatch: core.dispatch, getWindow: () => window as unknown as BrowserWindow, isAppUrl: location.isAppUrl, log: silentLogger })

    const target = join(dir, 'tracekit.pdf')
    fake.saveDialogAnswer = { canceled: false, filePath: target }
    const answer = await ipcMain.invokeFrom(window.webContents, window.webContents.mainFrame, 'export.pdf', { draftId: 'tracekit' })
    expect(answer).toEqual({ ok: true, value: { path: target } })
    expect(fake.saveDialogs[0]!.options['defaultPath']).toMatch(/tracekit-\d{4}-\d{2}-\d{2}\.pdf$/)
    const loaded = fake.windows.find((w) => w.loaded?.target.startsWith('data:'))!.loaded!.target
    const html = Buffer.from(loaded.split(',')[1]!, 'base64').toString('utf8')
    expect(html).toContain('The pitch.')
    expect(html).not.toMatch(/<script/i)
    expect(readFileSync(target, 'utf8')).toMatch(/^%PDF/)
  })
})
