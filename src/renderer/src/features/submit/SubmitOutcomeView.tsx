/**
 * What happened when the applicant checked or sent a draft, in their terms, with the one or
 * two things that make sense next. Nothing here decides anything: the codes come from the core.
 */
import { type ReactNode, useId, useState } from 'react'
import type { AppError, ApplicationsSubmitOutput } from '../../../../shared/ipc'
import { useNow } from '../../lib/useNow'
import { OpenSentDraftButton, notSentText } from './NotSentNotice'
import './submit.css'

export type SubmitOutcome = { kind: 'submitted'; out: ApplicationsSubmitOutput } | { kind: 'failed'; error: AppError }

/** Seconds still to wait at `now`, for a wait of `seconds` that began at `since` (both in ms). */
export function secondsLeft(seconds: number, since: number, now: number): number {
  return Math.max(0, Math.ceil(seconds - (now - since) / 1000))
}

/**
 * Close, and Try again when there is something to retry. The first enabled button is where the
 * dialog puts focus: the button that led here was disabled or replaced. With `waitSeconds`
 * (the service asked to slow down) Try again stays disabled until the wait is over.
 */
function Actions({ onClose, onRetry, waitSeconds }: { onClose: () => void; onRetry?: (() => void) | undefined; waitSeconds?: number | undefined }) {
  const [since] = useState(() => Date.now())
  const waiting = waitSeconds !== undefined && waitSeconds > 0
  const now = useNow(waiting ? undefined : since, 1000)
  const left = waiting ? secondsLeft(waitSeconds, since, now) : 0
  const countdownId = useId()
  return (
    <div className="dialog-actions">
      {onRetry && left > 0 && (
        <span className="hint submit-countdown" id={countdownId}>
          You can try again in {waitText(left)}.
        </span>
      )}
      {onRetry && (
        <button
          type="button"
          className="primary"
          onClick={onRetry}
          disabled={left > 0}
          aria-describedby={left > 0 ? countdownId : undefined}
          data-autofocus={left > 0 ? undefined : true}
        >
          Try again
        </button>
      )}
      <button type="button" onClick={onClose} data-autofocus={onRetry && left === 0 ? undefined : true}>
        Close
      </button>
    </div>
  )
}

function Failure({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice-error submit-outcome" role="alert" data-testid="submit-outcome">
      {children}
    </div>
  )
}

function FieldProblems({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      <p>Fix these before submitting:</p>
      <ul>
        {Object.entries(fields).map(([field, message]) => (
          <li key={field}>{message}</li>
        ))}
      </ul>
    </>
  )
}

const hasFields = (error: AppError): error is AppError & { fields: Record<string, string> } =>
  error.fields !== undefined && Object.keys(error.fields).length > 0

/** "1 second", "45 seconds", "3 minutes": a wait the service asked for. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`
  return `${Math.ceil(seconds / 60)} minutes`
}

/** The service asked to slow down (HTTP 429): Try again waits as long as it asked, when it said. */
function RateLimited({ error, onClose, onRetry }: { error: AppError; onClose: () => void; onRetry: () => void }) {
  const seconds = error.retryAfterSeconds === undefined ? undefined : Math.ceil(error.retryAfterSeconds)
  return (
    <>
      <Failure>
        {seconds === undefined ? (
          <p>{error.message}</p>
        ) : (
          <>
            <p>The grant service is receiving too many requests. Your draft is saved.</p>
            <p>The service asks you to wait {waitText(seconds)}. Try again then.</p>
          </>
        )}
      </Failure>
      <Actions onClose={onClose} onRetry={onRetry} waitSeconds={seconds} />
    </>
  )
}

/** Why the dry run (`applications.preview`) failed: what submitting would have met. */
export function PreviewFailureView({ error, onClose, onRetry }: { error: AppError; onClose: () => void; onRetry: () => void }) {
  if (error.code === 'deadline_passed') {
    return (
      <>
        <Failure>
          <p>{error.message}</p>
          <p>This draft stays saved; it cannot be sent to this grant.</p>
        </Failure>
        <Actions onClose={onClose} />
      </>
    )
  }
  if (error.code === 'invalid_input' && hasFields(error)) {
    return (
      <>
        <Failure>
          <FieldProblems fields={error.fields} />
        </Failure>
        <Actions onClose={onClose} />
      </>
    )
  }
  if (error.code === 'offline') {
    return (
      <>
        <Failure>
          <p>You are offline — your draft is saved and ready. Submit again when you are back online.</p>
        </Failure>
        <Actions onClose={onClose} onRetry={onRetry} />
      </>
    )
  }
  if (error.code === 'timeout') {
    // Only the check timed out: the application itself is sent after this dialog's confirmation.
    return (
      <>
        <Failure>
          <p>The grant service did not answer in time. Nothing was sent; your draft is saved and ready. Try again in a moment.</p>
        </Failure>
        <Actions onClose={onClose} onRetry={onRetry} />
      </>
    )
  }
  if (error.code === 'rate_limited') return <RateLimited error={error} onClose={onClose} onRetry={onRetry} />
  return (
    <>
      <Failure>
        <p>{error.message}</p>
      </Failure>
      <Actions onClose={onClose} onRetry={error.code === 'not_found' ? undefined : onRetry} />
    </>
  )
}

/** The answer to `applications.submit`. */
export function SubmitOutcomeView({ outcome, onClose, onRetry }: { outcome: SubmitOutcome; onClose: () => void; onRetry: () => void }) {
  if (outcome.kind === 'submitted' && outcome.out.notSent && outcome.out.draft.notSent) {
    // Not a success: this draft's text did not go out. Said plainly, with the way to the one that did.
    const notSent = outcome.out.draft.notSent
    return (
      <>
        <div className="notice notice-warn submit-outcome" role="status" data-testid="submit-outcome">
          <p>
            <strong>{notSentText(notSent)}.</strong>
          </p>
          <p>
            The grant service already has your application to this grant (application <code data-testid="application-id">{notSent.applicationId}</code>), so
            this draft’s text was not sent. The service takes one application per grant. This draft stays editable; delete it from Drafts if you no longer need
            it.
          </p>
        </div>
        <div className="dialog-actions">
          <OpenSentDraftButton notSent={notSent} before={onClose} />
          <button type="button" onClick={onClose} data-autofocus>
            Close
          </button>
        </div>
      </>
    )
  }
  if (outcome.kind === 'submitted') {
    const { application, alreadyApplied } = outcome.out
    const id = <code data-testid="application-id">{application.applicationId}</code>
    return (
      <>
        <div className="notice notice-ok submit-outcome" role="status" data-testid="submit-outcome">
          {alreadyApplied ? (
            <p>
              You had already applied to this grant. Application {id} (status {application.status}) is the one the service has; this draft is now marked
              submitted.
            </p>
          ) : (
            <p>
              Submitted. Application {id} is {application.status}.
            </p>
          )}
          <p>It is listed under Applications.</p>
        </div>
        <Actions onClose={onClose} />
      </>
    )
  }

  const { error } = outcome
  switch (error.code) {
    case 'deadline_passed':
      return (
        <>
          <Failure>
            <p>{error.message}</p>
            <p>Your draft stays saved.</p>
          </Failure>
          <Actions onClose={onClose} />
        </>
      )
    case 'offline':
      return (
        <>
          <Failure>
            <p>You are offline — nothing was sent. Your draft is saved and ready; submit again when you are back online.</p>
          </Failure>
          <Actions onClose={onClose} onRetry={onRetry} />
        </>
      )
    case 'timeout':
      // The request may have reached the service before the answer was lost; submitting again
      // is safe because the core turns the service's "already applied" into that application.
      return (
        <>
          <Failure>
            <p>
              Grant Desk could not confirm that your application arrived. Try again — if it did arrive, you will see the existing application instead of a
              second one.
            </p>
          </Failure>
          <Actions onClose={onClose} onRetry={onRetry} />
        </>
      )
    case 'rate_limited':
      return <RateLimited error={error} onClose={onClose} onRetry={onRetry} />
    case 'session_expired':
    case 'unauthorized':
      // The bridge already offered the login dialog; this is what is left after it was cancelled.
      return (
        <>
          <Failure>
            <p>Log in to submit. Your draft is saved.</p>
          </Failure>
          <Actions onClose={onClose} onRetry={onRetry} />
        </>
      )
    case 'not_found':
      return (
        <>
          <Failure>
            <p>{error.message}</p>
          </Failure>
          <Actions onClose={onClose} />
        </>
      )
    case 'invalid_input':
      if (hasFields(error) && !error.checklist) {
        return (
          <>
            <Failure>
              <FieldProblems fields={error.fields} />
              <p>Nothing was sent. Your draft is saved.</p>
            </Failure>
            <Actions onClose={onClose} />
          </>
        )
      }
      break
  }
  return (
    <>
      <Failure>
        <p>{error.message}</p>
        <p>Your draft is saved and unchanged.</p>
      </Failure>
      <Actions onClose={onClose} onRetry={onRetry} />
    </>
  )
}
