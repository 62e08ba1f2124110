/** A failure from the core, in its own words, with a retry button when there is something to retry. */
import type { AppError } from '../../../shared/ipc'

export function ErrorNotice({ error, onRetry, retryLabel = 'Try again' }: { error: AppError; onRetry?: () => void; retryLabel?: string }) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{error.message}</p>
      {error.fields && Object.keys(error.fields).length > 0 && (
        <ul>
          {Object.entries(error.fields).map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  )
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  )
}
