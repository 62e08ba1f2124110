/**
 * What happened when the applicant checked or sent a draft, in their terms, with the one or
 * two things that make sense next. Nothing here decides anything: the codes come from the core.
 */
import type { ReactNode } from 'react'
import type { AppError, ApplicationsSubmitOutput } from '../../../../shared/ipc'
import './submit.css'

export type SubmitOutcome = { kind: 'submitted'; out: ApplicationsSubmitOutput } | { kind: 'failed'; error: AppError }

const isOffline = (error: AppError) => error.code === 'offline' || error.code === 'timeout'

function Actions({ onClose, onRetry }: { onClose(): void; onRetry?: (() => void) | undefined }) {
  // The first button gets focus: the submit button it replaces was just disabled.
  return (
    <div className="dialog-actions">
      {onRetry && (
        <button type="button" className="primary" onClick={onRetry} autoFocus>
          Try again
        </button>
      )}
      <button type="button" onClick={onClose} autoFocus={!onRetry}>
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

/** Why the dry run (`applications.preview`) failed: what submitting would have met. */
export function PreviewFailureView({ error, onClose, onRetry }: { error: AppError; onClose(): void; onRetry(): void }) {
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
  if (isOffline(error)) {
    return (
      <>
        <Failure>
          <p>You are offline — your draft is saved and ready. Submit again when you are back online.</p>
        </Failure>
        <Actions onClose={onClose} onRetry={onRetry} />
      </>
    )
  }
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
export function SubmitOutcomeView({ outcome, onClose, onRetry }: { outcome: SubmitOutcome; onClose(): void; onRetry(): void }) {
  if (outcome.kind === 'submitted') {
    const { application, alreadyApplied } = outcome.out
    const id = <code data-testid="application-id">{application.applicationId}</code>
    return (
      <>
        <div className="notice notice-ok submit-outcome" role="status" data-testid="submit-outcome">
          {alreadyApplied ? (
            <p>
              You had already applied to this grant. Application {id} (status {application.status}) is the one the service has; this draft is
              now marked submitted.
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
    case 'timeout':
      return (
        <>
          <Failure>
            <p>You are offline — nothing was sent. Your draft is saved and ready; submit again when you are back online.</p>
          </Failure>
          <Actions onClose={onClose} onRetry={onRetry} />
        </>
      )
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
