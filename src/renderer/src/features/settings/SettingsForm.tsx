/**
 * The settings as a form. Only what changed is sent; the core validates and answers with a
 * message per field, shown under that field.
 */
import { type FormEvent, useState } from 'react'
import type { AppError, SettingsValues, SettingsView } from '../../../../shared/ipc'
import { sendsCredentialsInClear } from '../../../../shared/service-address'
import { AddressCheckStatus } from './AddressCheckStatus'
import type { AddressCheck } from './settingsSlice'
import './settings.css'

/** The reminders have their own section (features/reminders/ReminderSettings.tsx). */
type FieldName = Exclude<keyof SettingsValues, 'reminders'>

const LABELS: Record<FieldName, string> = {
  serviceUrl: 'Service address',
  feedbackNamespace: 'Feedback namespace',
  reviewerName: 'Reviewer name',
  draftsFolder: 'Drafts folder',
}

/** Schema messages are fragments ("must be text"); the core's own are sentences. */
function fieldErrorText(field: FieldName, message: string): string {
  return /^must\b/.test(message) ? `${LABELS[field]} ${message}.`.replace(/\.\.$/, '.') : message
}

export interface SettingsFormProps {
  view: SettingsView
  error: AppError | null
  saving: boolean
  /** What the last save did ("Settings saved."), else null. */
  savedMessage: string | null
  check: AddressCheck
  onSave(values: Partial<SettingsValues>): void
  onCheck(): void
  /**
   * Saves the default drafts folder at once; the other fields keep what was typed, and
   * `othersUnsaved` says whether any of them differ from the saved settings.
   */
  onUseDefaultFolder(othersUnsaved: boolean): void
  /** The applicant typed: a "saved" message about an earlier save no longer holds. */
  onEdit(): void
}

/** The fields as typed; `draftsFolder` '' means the default folder. */
interface FormValues {
  serviceUrl: string
  feedbackNamespace: string
  reviewerName: string
  draftsFolder: string
}

/**
 * What differs from the saved settings, compared as the core will store it (trimmed), so a
 * saved value with a stray space is not "changed" for ever.
 */
export function changedValues(view: SettingsView, form: FormValues): Partial<SettingsValues> {
  const changes: Partial<SettingsValues> = {}
  if (view.serviceUrlOverriddenBy === null && form.serviceUrl.trim() !== view.serviceUrl) changes.serviceUrl = form.serviceUrl.trim()
  if (form.feedbackNamespace.trim() !== view.feedbackNamespace) changes.feedbackNamespace = form.feedbackNamespace.trim()
  if (form.reviewerName.trim() !== view.reviewerName) changes.reviewerName = form.reviewerName.trim()
  const folder = form.draftsFolder.trim() === '' ? null : form.draftsFolder.trim()
  if (folder !== view.draftsFolder) changes.draftsFolder = folder
  return changes
}

export function SettingsForm({ view, error, saving, savedMessage, check, onSave, onCheck, onUseDefaultFolder, onEdit }: SettingsFormProps) {
  const [form, setForm] = useState<FormValues>({
    serviceUrl: view.serviceUrl,
    feedbackNamespace: view.feedbackNamespace,
    reviewerName: view.reviewerName,
    draftsFolder: view.draftsFolder ?? '',
  })
  const fieldErrors = error?.fields ?? {}
  const overridden = view.serviceUrlOverriddenBy
  const changes = changedValues(view, form)
  const unsaved = Object.keys(changes).length > 0
  const addressEdited = changes.serviceUrl !== undefined

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }))
    onEdit()
  }

  const errorFor = (field: FieldName) => {
    const message = fieldErrors[field]
    return message === undefined ? null : fieldErrorText(field, message)
  }

  /** aria attributes for a field: its hint, and its error when it has one. */
  const described = (field: FieldName) => {
    const invalid = errorFor(field) !== null
    return {
      id: `settings-${field}`,
      'aria-invalid': invalid,
      'aria-describedby': [`settings-${field}-hint`, invalid ? `settings-${field}-error` : null].filter(Boolean).join(' '),
    }
  }

  const fieldError = (field: FieldName) => {
    const message = errorFor(field)
    return message === null ? null : (
      <p className="field-error" id={`settings-${field}-error`}>
        {message}
      </p>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave(changes)
  }

  const otherError = error && Object.keys(fieldErrors).length === 0 ? error : null

  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-label="Settings">
      <div className="settings-field">
        <label htmlFor="settings-serviceUrl">{LABELS.serviceUrl}</label>
        <input type="url" {...described('serviceUrl')} value={form.serviceUrl} onChange={set('serviceUrl')} disabled={overridden !== null} spellCheck={false} />
        {fieldError('serviceUrl')}
        {sendsCredentialsInClear(overridden !== null ? view.effectiveServiceUrl : form.serviceUrl) && (
          <p className="notice notice-warn" data-testid="settings-plain-http">
            This address uses plain HTTP to another computer: your password and login would cross the network unencrypted. Use the service’s https:// address
            if it has one; Grant Desk asks before logging in over plain HTTP.
          </p>
        )}
        <p className="hint" id="settings-serviceUrl-hint">
          {overridden !== null ? (
            <>
              Set by {overridden} for this run; the saved address is <code>{view.serviceUrl}</code>
            </>
          ) : (
            <>The grant service Grant Desk lists grants from and submits to. Logins belong to one address: a new address needs its own login.</>
          )}
        </p>
        <div className="settings-row">
          <button type="button" onClick={onCheck} disabled={check.state === 'checking'}>
            Check address
          </button>
          <span className="hint">
            Checks the address in use: <code>{view.effectiveServiceUrl}</code>
            {addressEdited ? '. Save settings first to check the address you typed.' : ''}
          </span>
        </div>
        <AddressCheckStatus check={check} />
      </div>

      <div className="settings-field">
        <label htmlFor="settings-feedbackNamespace">{LABELS.feedbackNamespace}</label>
        <input type="text" {...described('feedbackNamespace')} value={form.feedbackNamespace} onChange={set('feedbackNamespace')} spellCheck={false} />
        {fieldError('feedbackNamespace')}
        <p className="hint" id="settings-feedbackNamespace-hint">
          Reports of outdated guides go to <code>{form.feedbackNamespace.trim() || view.feedbackNamespace}/grant-apply</code>.
        </p>
      </div>

      <div className="settings-field">
        <label htmlFor="settings-reviewerName">{LABELS.reviewerName}</label>
        <input type="text" {...described('reviewerName')} value={form.reviewerName} onChange={set('reviewerName')} autoComplete="name" />
        {fieldError('reviewerName')}
        <p className="hint" id="settings-reviewerName-hint">
          How you sign reviews of a teammate’s draft.
        </p>
      </div>

      <div className="settings-field">
        <label htmlFor="settings-draftsFolder">{LABELS.draftsFolder}</label>
        <input
          type="text"
          {...described('draftsFolder')}
          value={form.draftsFolder}
          onChange={set('draftsFolder')}
          placeholder={view.defaultDraftsFolder}
          spellCheck={false}
        />
        {fieldError('draftsFolder')}
        <p className="hint" id="settings-draftsFolder-hint">
          A full folder path. Leave empty for the default folder, <code>{view.defaultDraftsFolder}</code>. In use now: <code>{view.effectiveDraftsFolder}</code>.
          Drafts already in the old folder stay there.
        </p>
        <div className="settings-row">
          <button
            type="button"
            disabled={saving}
            onClick={() => {
              setForm((current) => ({ ...current, draftsFolder: '' }))
              onUseDefaultFolder(Object.keys(changes).some((field) => field !== 'draftsFolder'))
            }}
          >
            Use the default folder
          </button>
        </div>
      </div>

      {error && (
        <div className="notice notice-error" role="alert" data-testid="settings-error">
          <p>{otherError ? otherError.message : 'Nothing was saved. Fix the settings marked above, then save again.'}</p>
        </div>
      )}
      <div className="settings-actions">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
        {/* What the last save did, until the next edit; else whether there is anything to save. */}
        <span role="status" data-testid="settings-saved" className={savedMessage === null && unsaved ? 'settings-unsaved' : undefined}>
          {savedMessage ?? (unsaved ? 'Unsaved changes' : '')}
        </span>
      </div>
    </form>
  )
}
