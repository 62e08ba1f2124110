/**
 * Export review copy as the applicant sees it: the file is downloaded through a Blob link with
 * the core's file name, the note is shown, the applicant is told when unsaved edits are not in
 * the copy, and the PDF button or the print hint depends on the host. The editor store runs on
 * a fake bridge; the export answers come from a fake `call` passed to the button.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useEditor } from '../../../../src/renderer/src/features/editor/editorSlice'
import { ExportButton, type ExportCall, STALE_EXPORT, exportMissesEdits } from '../../../../src/renderer/src/features/export/ExportButton'
import type { ExportReviewCopyOutput } from '../../../../src/shared/ipc'
import { DRAFT_ID, draft, installBridge } from '../history/fakeBridge'

const onDisk = draft('# Pitch\n\nSaved words.\n', 'b')

function answer(partial: Partial<ExportReviewCopyOutput> = {}): ExportReviewCopyOutput {
  return {
    html: '<!doctype html><title>Copy</title><p>Saved words.</p>',
    fileName: `${DRAFT_ID}-2026-01-01.html`,
    savedAt: '2026-01-01T09:00:00.000Z',
    savedVersion: onDisk.version,
    note: 'The copy holds the pitch, the fields and open comments.',
    pdfAvailable: false,
    ...partial,
  }
}

describe('Export review copy', () => {
  let clicked: { href: string; download: string }[]
  let blobs: Blob[]

  beforeEach(async () => {
    installBridge({ 'drafts.get': () => onDisk })
    await act(() => useEditor.getState().open(onDisk.id))
    clicked = []
    blobs = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:copy'
    })
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    useEditor.getState().leave()
  })

  it('knows when the copy misses edits', () => {
    expect(exportMissesEdits('saved', 'v1', 'v1')).toBe(false)
    expect(exportMissesEdits('unsaved', 'v1', 'v1')).toBe(true)
    expect(exportMissesEdits('saved', 'v2', 'v1')).toBe(true)
  })

  it('downloads the saved copy under its name, shows the note and the print hint', async () => {
    const call = vi.fn(async () => ({ ok: true, value: answer() })) as unknown as ExportCall
    render(<ExportButton call={call} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    const status = screen.getByTestId('export-status')
    await waitFor(() => expect(status.textContent).toContain('The copy holds the pitch'))
    expect(call).toHaveBeenCalledWith('export.reviewCopy', { draftId: DRAFT_ID })
    expect(clicked).toEqual([{ href: 'blob:copy', download: `${DRAFT_ID}-2026-01-01.html` }])
    expect(await blobs[0]!.text()).toContain('<p>Saved words.</p>')
    expect(status.textContent).toContain('Open the file and use Print to make a PDF.')
    expect(status.textContent).not.toContain(STALE_EXPORT)
    expect(screen.queryByRole('button', { name: 'Save as PDF' })).toBeNull()
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:copy'))
  })

  it('says the unsaved changes are not in the copy', async () => {
    act(() => useEditor.getState().setPitch('Typed but not saved'))
    const call = vi.fn(async () => ({ ok: true, value: answer() })) as unknown as ExportCall
    render(<ExportButton call={call} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toContain(STALE_EXPORT))
  })

  it('offers Save as PDF where the host can, shows the path, and nothing when canceled', async () => {
    let pdf: unknown = { path: '/home/ada/copy.pdf' }
    const call = vi.fn(async (channel: string) => (channel === 'export.pdf' ? { ok: true, value: pdf } : { ok: true, value: answer({ pdfAvailable: true }) })) as unknown as ExportCall
    render(<ExportButton call={call} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    const button = await screen.findByRole('button', { name: 'Save as PDF' })
    expect(screen.getByTestId('export-status').textContent).not.toContain('use Print')
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toContain('Saved the PDF to /home/ada/copy.pdf.'))
    expect(call).toHaveBeenLastCalledWith('export.pdf', { draftId: DRAFT_ID })
    pdf = { canceled: true }
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3))
    fireEvent.click(await screen.findByRole('button', { name: 'Save as PDF' }))
    await waitFor(() => expect(call).toHaveBeenCalledTimes(4))
    expect(screen.getByTestId('export-status').textContent).not.toContain('Saved the PDF')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows a failed export and downloads nothing', async () => {
    const call = vi.fn(async () => ({ ok: false, error: { code: 'not_found', message: 'The draft file is gone.' } })) as unknown as ExportCall
    render(<ExportButton call={call} />)
    fireEvent.click(screen.getByRole('button', { name: 'Export review copy' }))
    expect(await screen.findByText(/The draft file is gone\./)).toBeTruthy()
    expect(clicked).toEqual([])
  })
})
