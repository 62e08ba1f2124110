/**
 * "Fit to the template": the grant's template sections beside the pitch's own, matched by the
 * checklist's section reader (src/shared/checklist/fit), and one Apply that reorders and renames
 * the pitch's sections to the template's. The pitch as it was is saved first as a version of its
 * own (an explicit save: History keeps it), then the fitted text replaces it as ONE edit of the
 * textarea (replacePitch), so Ctrl+Z in the pitch brings the old text back.
 *
 * The template comes from `grants.get` (the core's cached copy when offline): the draft's front
 * matter keeps the grant's form, not its template.
 */
import { useEffect, useState } from 'react'
import { type FitPlan, type FitResult, fitToTemplate } from '../../../../shared/checklist'
import type { AppError, ChannelInput, ChannelOutput, IpcResult } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import { call as bridgeCall } from '../../lib/bridge'
import { useEditor } from '../../state/editor/editor'
import { takeFitRequest } from '../../state/editor/fitRequest'
import { replacePitch } from '../../state/editor/replacePitch'

export type FitCall = (channel: 'grants.get', input: ChannelInput<'grants.get'>) => Promise<IpcResult<ChannelOutput<'grants.get'>>>

const defaultCall: FitCall = (channel, input) => bridgeCall(channel, input)

const NOT_SAVED: AppError = {
  code: 'conflict',
  message: 'The pitch as it is now could not be saved, so nothing was changed (History would not have kept it). Save it first, then fit it again.',
}

const NO_SECTIONS = 'The grant’s template has no headings, so there is nothing to fit the pitch to.'

export function FitTemplateButton({ call = defaultCall }: { call?: FitCall }) {
  const grantId = useEditor((s) => s.draft?.grant.id ?? null)
  const draftId = useEditor((s) => s.draft?.id ?? null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [fit, setFit] = useState<{ from: string; template: string; result: FitResult } | null>(null)

  const open = async () => {
    if (!grantId) return
    setBusy(true)
    setError(null)
    const answer = await call('grants.get', { id: grantId })
    setBusy(false)
    if (!answer.ok) {
      setError(answer.error)
      return
    }
    const template = answer.value.grant.template_md
    const from = useEditor.getState().pitch
    setFit({ from, template, result: fitToTemplate(from, template) })
  }

  // Opened by itself as an imported draft opens, and only when there is something to fit. The
  // request is taken once, so a second run of the effect (React's strict mode) asks nothing.
  useEffect(() => {
    if (!draftId || !grantId || !takeFitRequest(draftId)) return
    void call('grants.get', { id: grantId }).then((answer) => {
      if (!answer.ok) return
      const template = answer.value.grant.template_md
      const from = useEditor.getState().pitch
      const result = fitToTemplate(from, template)
      if (result.changed) setFit({ from, template, result })
    })
  }, [draftId, grantId, call])

  const apply = async () => {
    if (!fit) return
    setBusy(true)
    setError(null)
    // The version before the change goes into History as one of its own.
    const saved = await useEditor.getState().saveNow({ explicit: true })
    setBusy(false)
    if (!saved) {
      setError(useEditor.getState().saveError ?? NOT_SAVED)
      return
    }
    const pitch = useEditor.getState().pitch
    replacePitch(pitch === fit.from ? fit.result.text : fitToTemplate(pitch, fit.template).text)
    setFit(null)
  }

  return (
    <>
      <button type="button" onClick={() => void open()} disabled={busy || !grantId}>
        Fit to the template
      </button>
      {error && !fit && <ErrorNotice error={error} />}
      {fit && (
        <Dialog title="Fit the pitch to the grant’s template" onClose={() => setFit(null)} wide testId="fit-template">
          <FitTemplatePlan plan={fit.result.plan} />
          {error && <ErrorNotice error={error} />}
          {!fit.result.changed && <p>The pitch already follows the template: nothing to change.</p>}
          <div className="dialog-actions">
            <button type="button" className="primary" onClick={() => void apply()} disabled={busy || !fit.result.changed} data-autofocus>
              Apply
            </button>
            <button type="button" onClick={() => setFit(null)}>
              Cancel
            </button>
          </div>
        </Dialog>
      )}
    </>
  )
}

/** The plan: each template section beside the pitch's sections that go under it, then the pitch's own. */
export function FitTemplatePlan({ plan }: { plan: FitPlan }) {
  if (plan.rows.length === 0) return <p>{NO_SECTIONS}</p>
  return (
    <div className="fit-template-plan">
      <p className="hint">
        Apply puts your sections in the template’s order under its headings. Nothing of your text is removed; Ctrl+Z (⌘Z) in the pitch undoes it, and History
        keeps the version before it.
      </p>
      <table>
        <caption className="visually-hidden">Template sections and your sections</caption>
        <thead>
          <tr>
            <th scope="col">Template section</th>
            <th scope="col">From your pitch</th>
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.template.line} data-testid="fit-row">
              <th scope="row">{row.template.title}</th>
              <td>
                {row.documents.length === 0 ? (
                  <span className="fit-missing">Missing: added with the template’s guidance</span>
                ) : (
                  <ul>
                    {row.documents.map((doc) => (
                      <li key={doc.line}>
                        “{doc.title}” {doc.renamed ? '(renamed)' : '(kept as a subsection)'}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {plan.extras.length > 0 && (
        <>
          <h3>Your sections the template does not name</h3>
          <p className="hint">They stay, after the template’s sections, under their own headings.</p>
          <ul data-testid="fit-extras">
            {plan.extras.map((extra) => (
              <li key={extra.line}>“{extra.title}”</li>
            ))}
          </ul>
        </>
      )}
      {plan.regrouped.length > 0 && (
        <>
          <h3>Headings that only grouped other sections</h3>
          <p className="hint">They had no text of their own; their sections went under the template’s headings.</p>
          <ul>
            {plan.regrouped.map((heading) => (
              <li key={heading.line}>“{heading.title}”</li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
