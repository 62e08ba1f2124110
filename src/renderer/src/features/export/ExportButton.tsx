/**
 * "Export review copy": one self-contained HTML file of the draft for reviewers without the
 * app, downloaded in the page (Blob + a download link) so it works in the desktop app and the
 * browser host alike. The core exports the saved file, never unsaved edits, so the applicant is
 * told when what they see is newer than what they got. Where the host can print to PDF, a
 * second button saves a PDF; elsewhere a hint says how to make one.
 */
import { useState } from 'react'
import type { AppError, ChannelInput, ChannelOutput, ExportReviewCopyOutput, IpcResult } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { call as bridgeCall } from '../../lib/bridge'
import { useEditor } from '../../state/editor'
import { downloadText } from '../../lib/download'

type ExportChannel = 'export.reviewCopy' | 'export.pdf'
export type ExportCall = <C extends ExportChannel>(channel: C, input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>

export const STALE_EXPORT = 'Exported the saved version; your unsaved changes are not in it.'

/** Whether the exported copy lacks something the applicant sees in the editor. */
export function exportMissesEdits(saveState: string, editorVersion: string | null, savedVersion: string): boolean {
  return saveState !== 'saved' || editorVersion !== savedVersion
}

const defaultCall: ExportCall = (channel, input) => bridgeCall(channel, input)

export function ExportButton({ call = defaultCall }: { call?: ExportCall }) {
  const draftId = useEditor((s) => s.draft?.id ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [result, setResult] = useState<{ out: ExportReviewCopyOutput; stale: boolean } | null>(null)
  const [pdf, setPdf] = useState<string | null>(null)

  const exportCopy = async () => {
    if (!draftId) return
    setBusy(true)
    setError(null)
    setPdf(null)
    const answer = await call('export.reviewCopy', { draftId })
    setBusy(false)
    if (!answer.ok) {
      setResult(null)
      setError(answer.error)
      return
    }
    const { saveState, draft } = useEditor.getState()
    downloadText(answer.value.html, answer.value.fileName, 'text/html;charset=utf-8')
    setResult({ out: answer.value, stale: exportMissesEdits(saveState, draft?.version ?? null, answer.value.savedVersion) })
  }

  const savePdf = async () => {
    if (!draftId) return
    setBusy(true)
    setError(null)
    const answer = await call('export.pdf', { draftId })
    setBusy(false)
    if (!answer.ok) setError(answer.error)
    else if ('path' in answer.value) setPdf(answer.value.path)
  }

  return (
    <div className="export-review">
      <button type="button" onClick={() => void exportCopy()} disabled={busy || !draftId}>
        Export review copy
      </button>
      {result?.out.pdfAvailable && (
        <button type="button" onClick={() => void savePdf()} disabled={busy}>
          Save as PDF
        </button>
      )}
      <div role="status" data-testid="export-status">
        {result && (
          <>
            <p>Downloaded {result.out.fileName}.</p>
            {result.stale && <p>{STALE_EXPORT}</p>}
            <p>{result.out.note}</p>
            {!result.out.pdfAvailable && <p className="hint">Open the file and use Print to make a PDF.</p>}
            {pdf && (
              <p>
                Saved the PDF to <code>{pdf}</code>.
              </p>
            )}
          </>
        )}
      </div>
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
