// @vitest-environment jsdom
/**
 * Export review copy as the applicant sees it, over a real core (../review/harness): the real
 * `export.reviewCopy` answer is downloaded through a Blob link under the core's file name, the
 * note is shown, the applicant is told when unsaved edits are not in the copy, and the print
 * hint is shown because this core (like the browser host) has no PDF printer.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/state/editor'
import { ExportButton, type ExportCall, STALE_EXPORT, exportMissesEdits } from '../../../../src/renderer/src/features/export/ExportButton'
import { call as bridgeCall } from '../../../../src/renderer/src/lib/bridge'
import { type Harness, startHarness } from '../history/historyHarness'

const PITCH = '# Pitch\n\nSaved words for the review copy.\n'

let harness: Harness
let clicked: { href: string; download: string }[]
let blobs: Blob[]

beforeEach(async () => {
  harness = await startHarness({ pitch: PITCH })
  clicked = []
  blobs = []
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob)
    return 'blob:copy'
  })
  URL.revokeObjectURL = vi.fn()
  // jsdom cannot download: the link's click is where the browser would save the file.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download })
  })
})
afterEach(async () => {
  vi.restoreAllMocks()
  await harness.dispose()
})

function slug(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

describe('Export review copy', () => {
  it('knows when the copy misses edits', () => {
    expect(exportMissesEdits('saved', 'v1', 'v1')).toBe(false)
    expect(exportMissesEdits('unsaved', 'v1', 'v1')).toBe(true)
    expect(exportMissesEdits('saved', 'v2', 'v1')).toBe(true)
  })

  it('downloads the saved copy under its name, shows the note and the print hint', async () => {
    render(<ExportButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    const status = await screen.findByTestId('export-status')
    await waitFor(() => expect(clicked).toHaveLength(1))
    // (Reads of the review after the author's record landed in the folder may come in between.)
    expect(harness.calls.filter((call) => !call.channel.startsWith('reviews.') && call.channel !== 'drafts.get')).toEqual([
      { channel: 'export.reviewCopy', input: { draftId: harness.draft.id } },
    ])
    expect(clicked[0]!.href).toBe('blob:copy')
    expect(clicked[0]!.download).toMatch(new RegExp(`^${slug(harness.draft.id)}-\\d{4}-\\d{2}-\\d{2}\\.html$`))
    const html = await blobs[0]!.text()
    expect(html).toMatch(/^<!doctype html>/i)
    expect(html).toContain('Saved words for the review copy.')
    const real = await harness.app.call('export.reviewCopy', { draftId: harness.draft.id })
    expect(real.pdfAvailable).toBe(false)
    expect(clicked[0]!.download).toBe(real.fileName)
    expect(status.textContent).toContain(real.note)
    expect(status.textContent).toContain('Open the file and use Print to make a PDF.')
    expect(status.textContent).not.toContain(STALE_EXPORT)
    expect(screen.queryByRole('button', { name: 'Save as PDF' })).toBeNull()
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:copy'))
  })

  it('says the unsaved changes are not in the copy', async () => {
    act(() => useEditor.getState().setPitch('# Pitch\n\nTyped but not saved.\n'))
    render(<ExportButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toContain(STALE_EXPORT))
    const html = await blobs[0]!.text()
    expect(html).toContain('Saved words for the review copy.')
    expect(html).not.toContain('Typed but not saved.')
  })

  it('shows a failed export and downloads nothing', async () => {
    // The draft file goes away (deleted elsewhere) while the editor still shows it.
    await harness.app.call('drafts.delete', { id: harness.draft.id })
    render(<ExportButton />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(clicked).toEqual([])
  })

  it('offers Save as PDF where the host can, shows the path, and nothing when canceled', async () => {
    // Electron-only: `pdfAvailable: true` and `export.pdf` need the Electron shell's PDF printer
    // (a BrowserWindow's printToPDF and a save dialog), which cannot run here. So the review copy
    // comes from the real core and only those two answers are stubbed.
    let pdf: { path: string } | { canceled: true } = { path: '/home/ada/copy.pdf' }
    const call = vi.fn(async (channel: string, input: { draftId: string }) => {
      if (channel === 'export.pdf') return { ok: true, value: pdf }
      const real = await bridgeCall('export.reviewCopy', input)
      return real.ok ? { ok: true, value: { ...real.value, pdfAvailable: true } } : real
    }) as unknown as ExportCall
    render(<ExportButton call={call} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    const button = await screen.findByRole('button', { name: 'Save as PDF' })
    expect(screen.getByTestId('export-status').textContent).not.toContain('use Print')
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toContain('Saved the PDF to /home/ada/copy.pdf.'))
    expect(call).toHaveBeenLastCalledWith('export.pdf', { draftId: harness.draft.id })
    pdf = { canceled: true }
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3))
    // The real copy takes a moment: the buttons are disabled until it is downloaded.
    await waitFor(() => expect(clicked).toHaveLength(2))
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save as PDF' }) as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(screen.getByRole('button', { name: 'Save as PDF' }))
    await waitFor(() => expect(call).toHaveBeenCalledTimes(4))
    expect(screen.getByTestId('export-status').textContent).not.toContain('Saved the PDF')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
