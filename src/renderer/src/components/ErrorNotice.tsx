/** A failure from the core, in its own words, with a retry button when there is something to retry. */
import type { AppError } from '../../../shared/ipc'

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

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label}
    </p>
  )
}
