/**
 * The confirmation before anything leaves the computer: the address, the grant, the pitch and
 * every field exactly as the core will send them, and how the team's review stands (open
 * threads are a warning, not a blocker). Checklist errors must be acknowledged ("Submit
 * anyway") before the submit button works; the core refuses them otherwise.
 */
import { useId, useMemo, useState } from 'react'
import { SEVERITY_WORDS } from '../../../../shared/checklist'
import type { ApplicationsPreviewOutput, ChecklistReport } from '../../../../shared/ipc'
import { SafeMarkdown } from '../../components/SafeMarkdown'
import { Deadline } from '../../components/Deadline'
import { Loading } from '../../components/ErrorNotice'
import { SubmitReviewSummary } from '../review'
import { hiddenCommentCount, templateHintCount } from './hiddenComments'
import './submit.css'

export interface SubmitConfirmationProps {
  preview: ApplicationsPreviewOutput
  /** The checklist to acknowledge: the preview's, or a newer one the submit was refused with. */
  checklist?: ChecklistReport
  now: number
  /** While the submission is on its way: every control is disabled. */
  busy?: boolean
  onCancel: () => void
  onSubmit: (submitAnyway: boolean) => void
  /** Removes the template's hint comments from the draft (one edit, undoable, saved), then previews again. */
  onRemoveHints?: () => void
}

export function SubmitConfirmation({ preview, checklist = preview.checklist, now, busy = false, onCancel, onSubmit, onRemoveHints }: SubmitConfirmationProps) {
  const [anyway, setAnyway] = useState(false)
  const checklistHeadingId = useId()
  const hasErrors = checklist.errors > 0
  const fields = preview.body.custom_fields
  const comments = useMemo(() => hiddenCommentCount(preview.body.pitch), [preview.body.pitch])
  const hints = useMemo(() => templateHintCount(preview.body.pitch), [preview.body.pitch])

  return (
    <div className="submit-confirmation">
      <dl className="submit-target">
        <dt>Sending to</dt>
        <dd>
          <code data-testid="submit-target">
            {preview.method} {preview.url}
          </code>
        </dd>
        <dt>Grant</dt>
        <dd>{preview.grant.title}</dd>
        <dt>Deadline</dt>
        <dd>
          <Deadline deadline={preview.grant.deadline} now={now} exact="after" />
        </dd>
      </dl>

      {!preview.loggedIn && <p className="notice notice-info">You are not logged in — you will be asked to log in when you submit.</p>}

      <SubmitReviewSummary
        brief={preview.review}
        openThreads={preview.openThreads}
        {...(preview.grant.fieldLabels ? { fieldLabels: preview.grant.fieldLabels } : {})}
      />

      {hasErrors && (
        <section aria-labelledby={checklistHeadingId}>
          <h3 id={checklistHeadingId}>Checklist: {SEVERITY_WORDS.error.heading.toLowerCase()}</h3>
          <p className="notice notice-error">{checklist.verdict}</p>
          <ul className="submit-findings">
            {checklist.findings.map((finding, index) => (
              <li key={`${finding.ruleId}-${finding.line}-${finding.column}-${index}`}>
                <strong>Line {finding.line}:</strong> {finding.message}
                {finding.hint && <p className="hint">{finding.hint}</p>}
              </li>
            ))}
          </ul>
          <label className="submit-anyway">
            <input type="checkbox" checked={anyway} disabled={busy} onChange={(event) => setAnyway(event.target.checked)} />
            Submit anyway, with these problems
          </label>
        </section>
      )}

      <h3>Pitch</h3>
      {/* Focusable so a keyboard can scroll a long pitch. */}
      <div className="submit-pitch" tabIndex={0}>
        <SafeMarkdown source={preview.body.pitch} label="Pitch preview" headingOffset={3} />
      </div>
      {comments > 0 && (
        <p className="notice notice-warn" data-testid="submit-hidden-comments">
          Your pitch still contains {comments === 1 ? '1 hidden comment' : `${comments} hidden comments`} (&lt;!-- … --&gt;), e.g. the template’s hints. They
          are sent with the pitch; reviewers may see them.
          {onRemoveHints && hints > 0 && (
            <>
              {' '}
              <button type="button" onClick={onRemoveHints} disabled={busy} data-testid="remove-template-hints">
                Remove template hints
              </button>
            </>
          )}
        </p>
      )}
      {/* The preview above is sanitized (no comments, no raw HTML); the service gets this text. A
          labelled region: axe refuses aria-label on a plain <pre>, and it must be focusable to scroll. */}
      <details className="submit-raw">
        <summary>Markdown exactly as sent</summary>
        <pre role="region" tabIndex={0} aria-label="Pitch Markdown exactly as sent" data-testid="submit-raw-pitch">
          {preview.body.pitch}
        </pre>
      </details>

      <h3>Fields</h3>
      {fields === undefined ? (
        <p>Free-form application: only the pitch is sent.</p>
      ) : Object.keys(fields).length === 0 ? (
        <p>All of this grant’s form fields are empty: only the pitch is sent.</p>
      ) : (
        <table className="submit-fields">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value as sent</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(fields).map(([name, value]) => (
              <tr key={name}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <div className="dialog-actions">
        <button type="button" onClick={onCancel} disabled={busy} data-autofocus>
          Cancel
        </button>
        <button type="button" className="primary" disabled={busy || (hasErrors && !anyway)} onClick={() => onSubmit(hasErrors && anyway)}>
          Submit application
        </button>
      </div>
      {busy && <Loading label="Submitting…" />}
    </div>
  )
}
