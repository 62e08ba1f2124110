/** A failure from the core, in its own words, with a retry button when there is something to retry. */
import type { AppError } from '../../../shared/ipc'
import { useDelayed } from './Spinner'

/**
 * A per-field message as the applicant reads it. The core's own sentences name their field
 * ("“Repository” must be a web address…"); the contract's short ones ("must be text") get the
 * field's name in front, from its key (`custom_fields.project_name` → "Project name").
 */
export function fieldMessage(key: string, message: string, labels: Readonly<Record<string, string>> = {}): string {
  if (/^[A-Z“"]/.test(message)) return message
  const name = labels[key] ?? key.split('.').pop()!.replaceAll('_', ' ')
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${message}`
}

export function ErrorNotice({
  error,
  onRetry,
  retryLabel = 'Try again',
  fieldLabels,
}: {
  error: AppError
  onRetry?: () => void
  retryLabel?: string
  /** Names to show for field keys, where the key itself does not read well. */
  fieldLabels?: Readonly<Record<string, string>>
}) {
  return (
    <div className="notice notice-error" role="alert">
      <p>{error.message}</p>
      {error.fields && Object.keys(error.fields).length > 0 && (
        <ul>
          {Object.entries(error.fields).map(([field, message]) => (
            <li key={field}>{fieldMessage(field, message, fieldLabels)}</li>
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

/**
 * Something is on its way: the words at once (a click visibly did something), and a turning
 * ring beside them once it has taken 300 ms (a quick answer does not flash one).
 */
export function Loading({ label }: { label: string }) {
  const slow = useDelayed(true)
  return (
    <p className="loading spinner-status" role="status" aria-live="polite" aria-busy="true">
      {slow && <span className="spinner" aria-hidden="true" />}
      {label}
    </p>
  )
}
