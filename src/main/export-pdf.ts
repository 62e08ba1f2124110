/**
 * The review copy as a PDF: the Electron shell's `PdfPrinter` for the core's `export.pdf`
 * (src/main/core/export/service.ts). Only Electron has the engine to lay HTML out on pages, so
 * this is the one piece of the export outside the core; the browser host has no printer and
 * the core answers there that the exported HTML can be printed instead.
 *
 * The copy is loaded in a hidden window that can do nothing but show it: no JavaScript, no
 * preload, sandboxed and isolated (and hardened like every webContents by window.ts). The copy
 * itself loads nothing (its CSP allows only its own stylesheet). Small copies go in as a
 * `data:` URL and never touch the disk; one past Chromium's URL limit goes through a temporary
 * file in a private folder, removed as soon as it is printed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrowserWindow, type BrowserWindowConstructorOptions, type PrintToPDFOptions, app, dialog } from 'electron'
import writeFileAtomic from 'write-file-atomic'
import { AppFailure, consoleLogger, type Logger } from './core/errors'
import type { PdfPrinter, PdfResult } from './core/export/service'

/** The hidden window's options: shows the copy, runs nothing. */
export const PRINT_WINDOW_OPTIONS: BrowserWindowConstructorOptions = {
  show: false,
  width: 900,
  height: 1200,
  title: 'Grant Desk review copy',
  webPreferences: {
    javascript: false,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    spellcheck: false,
  },
}

/** Paper and margins come from the copy's print stylesheet; backgrounds are left out as in print. */
export const PDF_OPTIONS: PrintToPDFOptions = {
  printBackground: false,
  pageSize: 'A4',
  // Headings become the PDF's outline and its structure is tagged, for screen readers.
  generateTaggedPDF: true,
  generateDocumentOutline: true,
}

/** Chromium refuses URLs past 2 MiB; a base64 data URL of a larger copy goes through a file instead. */
export const DATA_URL_LIMIT = 2 * 1024 * 1024 - 1024

export interface PdfPrinterOptions {
  /** The app's window, to hold the save dialog (null: a free-standing dialog). */
  getWindow(): BrowserWindow | null
  log?: Logger
  /** Where temporary copies go. Default: the system's temporary folder. */
  tempDir?: string
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function createPdfPrinter(options: PdfPrinterOptions): PdfPrinter {
  const log = options.log ?? consoleLogger

  async function render(html: string): Promise<Buffer> {
    const dataUrl = `data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`
    let folder: string | null = null
    const window = new BrowserWindow(PRINT_WINDOW_OPTIONS)
    try {
      if (dataUrl.length <= DATA_URL_LIMIT) {
        await window.loadURL(dataUrl)
      } else {
        folder = await mkdtemp(join(options.tempDir ?? tmpdir(), 'grant-desk-print-'))
        const file = join(folder, 'review-copy.html')
        await writeFile(file, html, { encoding: 'utf8', mode: 0o600 })
        await window.loadFile(file)
      }
      return await window.webContents.printToPDF(PDF_OPTIONS)
    } catch (error) {
      throw new AppFailure(
        'storage_error',
        `Grant Desk could not make the PDF (${reasonOf(error)}). Export the HTML copy and print it from a browser instead.`,
        {},
        { cause: error },
      )
    } finally {
      if (!window.isDestroyed()) window.close()
      if (folder)
        await rm(folder, { recursive: true, force: true }).catch((error: unknown) =>
          log.warn(`the temporary print folder ${folder} could not be removed`, error),
        )
    }
  }

  function defaultPath(fileName: string): string {
    try {
      return join(app.getPath('documents'), fileName)
    } catch {
      return fileName
    }
  }

  return {
    async print({ html, fileName }): Promise<PdfResult> {
      // Made first, so a copy that cannot be printed fails before the applicant picks a place.
      const pdf = await render(html)
      const dialogOptions = {
        title: 'Save the review copy as PDF',
        defaultPath: defaultPath(fileName),
        buttonLabel: 'Save PDF',
        filters: [{ name: 'PDF document', extensions: ['pdf'] }],
        properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
      }
      const parent = options.getWindow()
      const choice = parent && !parent.isDestroyed() ? await dialog.showSaveDialog(parent, dialogOptions) : await dialog.showSaveDialog(dialogOptions)
      if (choice.canceled || !choice.filePath) return { canceled: true }
      try {
        await writeFileAtomic(choice.filePath, pdf)
      } catch (error) {
        throw new AppFailure(
          'storage_error',
          `The PDF could not be saved to ${choice.filePath} (${reasonOf(error)}). Choose another folder, or check that you may write to it.`,
          {},
          { cause: error },
        )
      }
      return { path: choice.filePath }
    },
  }
}
