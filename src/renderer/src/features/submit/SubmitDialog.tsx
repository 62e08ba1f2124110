/**
 * Submitting a saved draft: a dry run first (`applications.preview`) so the applicant sees
 * exactly what will be sent and where, then the submission itself. A login the submission
 * needs is asked for by the bridge, and the submission resumes after it.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { AppError, ApplicationsPreviewOutput, ApplicationsSubmitOutput, ChecklistReport } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { Loading } from '../../components/ErrorNotice'
import { call } from '../../lib/bridge'
import { useNow } from '../../lib/useNow'
import { useEditor, replacePitch } from '../../state/editor'
import { latestRequest } from '../../state/store'
import { removeTemplateHints } from './hiddenComments'
import { SubmitConfirmation } from './SubmitConfirmation'
import { PreviewFailureView, type SubmitOutcome, SubmitOutcomeView } from './SubmitOutcomeView'
import './submit.css'

type Phase =
  | { name: 'previewing' }
  | { name: 'preview-failed'; error: AppError }
  | {
      name: 'confirm'
      preview: ApplicationsPreviewOutput
      checklist: ChecklistReport
      /** Why the last submit was refused (the checklist changed since the preview). */
      refusal: AppError | null
      /** Bumped when the checklist is replaced, so the "Submit anyway" box starts unticked. */
      round: number
      submitting: boolean
    }
  | { name: 'done'; preview: ApplicationsPreviewOutput; outcome: SubmitOutcome; submitAnyway: boolean; submitting: boolean }

export function SubmitDialog({
  draftId,
  onClose,
  onSubmitted,
}: {
  draftId: string
  onClose: () => void
  onSubmitted: (out: ApplicationsSubmitOutput) => void
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'previewing' })
  const now = useNow()
  const body = useRef<HTMLDivElement>(null)
  // Answers to a request that was superseded (retry, StrictMode's second mount) are dropped.
  const [requests] = useState(() => latestRequest())
  const onSubmittedRef = useRef(onSubmitted)
  useLayoutEffect(() => {
    onSubmittedRef.current = onSubmitted
  })

  const runPreview = useCallback(async () => {
    const isLatest = requests.begin()
    setPhase({ name: 'previewing' })
    const result = await call('applications.preview', { draftId })
    if (!isLatest()) return
    setPhase(
      result.ok
        ? { name: 'confirm', preview: result.value, checklist: result.value.checklist, refusal: null, round: 0, submitting: false }
        : { name: 'preview-failed', error: result.error },
    )
  }, [draftId, requests])

  useEffect(() => {
    // The preview is fetched as the dialog opens; runPreview shows "previewing" first, by design.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void runPreview()
    return () => requests.drop()
  }, [runPreview, requests])

  const submit = async (preview: ApplicationsPreviewOutput, submitAnyway: boolean) => {
    const isLatest = requests.begin()
    setPhase((current) => (current.name === 'confirm' || current.name === 'done' ? { ...current, submitting: true } : current))
    const result = await call('applications.submit', { draftId, submitAnyway })
    // The draft is marked submitted whether or not this dialog is still open to say so.
    if (result.ok) onSubmittedRef.current(result.value)
    if (!isLatest()) return
    if (result.ok) {
      setPhase({ name: 'done', preview, outcome: { kind: 'submitted', out: result.value }, submitAnyway, submitting: false })
      return
    }
    const { error } = result
    if (error.code === 'invalid_input' && error.checklist) {
      const checklist = error.checklist
      setPhase((current) => ({
        name: 'confirm',
        preview,
        checklist,
        refusal: error,
        round: current.name === 'confirm' ? current.round + 1 : 1,
        submitting: false,
      }))
      return
    }
    setPhase({ name: 'done', preview, outcome: { kind: 'failed', error }, submitAnyway, submitting: false })
  }

  const submitting = (phase.name === 'confirm' || phase.name === 'done') && phase.submitting

  // The hints go from the editor's text as one edit (Ctrl+Z brings them back), which is saved
  // before the preview is made again from the file: what is shown is still what is sent.
  const [hintsError, setHintsError] = useState<string | null>(null)
  const removeHints = async () => {
    setHintsError(null)
    replacePitch(removeTemplateHints(useEditor.getState().pitch))
    if (await useEditor.getState().saveNow()) {
      void runPreview()
      return
    }
    const why = useEditor.getState().saveError?.message
    setHintsError(
      `The hints were removed in the editor, but the draft could not be saved${why ? ` (${why})` : ''}, so the text above is still what would be sent. Close this, save, and submit again.`,
    )
  }

  // The dialog focuses its first control when it opens, while the draft is still being checked;
  // each later view (confirmation, outcome) names its own with data-autofocus, focused here.
  const view = phase.name === 'confirm' ? `confirm-${phase.round}` : phase.name === 'done' ? `done-${phase.submitting}` : phase.name
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [view])

  return (
    <Dialog title="Submit application" wide testId="submit-dialog" {...(submitting ? {} : { onClose })}>
      <div ref={body}>
        {phase.name === 'previewing' && <Loading label="Checking your draft…" />}
        {phase.name === 'preview-failed' && <PreviewFailureView error={phase.error} onClose={onClose} onRetry={() => void runPreview()} />}
        {phase.name === 'confirm' && (
          <>
            {phase.refusal && (
              <div className="notice notice-error" role="alert" data-testid="submit-outcome">
                <p>{phase.refusal.message}</p>
                <p>Nothing was sent. Your draft is saved.</p>
              </div>
            )}
            {hintsError && (
              <p className="notice notice-error" role="alert">
                {hintsError}
              </p>
            )}
            <SubmitConfirmation
              key={phase.round}
              onRemoveHints={() => void removeHints()}
              preview={phase.preview}
              checklist={phase.checklist}
              now={now}
              busy={phase.submitting}
              onCancel={onClose}
              onSubmit={(anyway) => void submit(phase.preview, anyway)}
            />
          </>
        )}
        {phase.name === 'done' &&
          (phase.submitting ? (
            <Loading label="Submitting…" />
          ) : (
            <SubmitOutcomeView outcome={phase.outcome} onClose={onClose} onRetry={() => void submit(phase.preview, phase.submitAnyway)} />
          ))}
      </div>
    </Dialog>
  )
}
