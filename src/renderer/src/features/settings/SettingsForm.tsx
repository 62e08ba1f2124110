/**
 * The settings as a form. Only what changed is sent; the core validates and answers with a
 * message per field, shown under that field.
 */
import { type FormEvent, useState } from 'react'
import { type AppError, type SettingsValues, type SettingsView, THEMES, type Theme } from '../../../../shared/ipc'
import { sendsCredentialsInClear } from '../../../../shared/api'
import { nameProblem, showHidden } from '../../../../shared/review'
import { AddressCheckStatus } from './AddressCheckStatus'
import type { AddressCheck } from '../../state/settings/settings'
import './settings.css'

/** The reminders, the team sync and the link check have their own sections (features/reminders, features/sync, LinkCheckSettings.tsx). */
type FieldName = Exclude<keyof SettingsValues, 'reminders' | 'teamSync' | 'checkLinksOnSave'>

const LABELS: Record<FieldName, string> = {
  serviceUrl: 'Service address',
  feedbackNamespace: 'Feedback namespace',
  reviewerName: 'Reviewer name',
  signingKey: 'Signing key',
  draftsFolder: 'Drafts folder',
  savedSearchRefreshMinutes: 'Check saved searches for new grants',
  theme: 'Theme',
}

/** The intervals offered for the background check (the core accepts 5 to 1440 minutes, or off). */
const REFRESH_CHOICES: readonly { minutes: number; label: string }[] = [
  { minutes: 15, label: 'Every 15 minutes' },
  { minutes: 30, label: 'Every 30 minutes' },
  { minutes: 60, label: 'Every hour' },
  { minutes: 120, label: 'Every 2 hours' },
  { minutes: 360, label: 'Every 6 hours' },
  { minutes: 1440, label: 'Once a day' },
]

const OFF = 'off'

function refreshChoices(current: number | null): { value: string; label: string }[] {
  const choices = REFRESH_CHOICES.map((choice) => ({ value: String(choice.minutes), label: choice.label }))
  // A value set in the file by hand is shown as it is, not silently replaced.
  if (current !== null && !REFRESH_CHOICES.some((choice) => choice.minutes === current))
    choices.push({ value: String(current), label: `Every ${current} minutes` })
  return [...choices, { value: OFF, label: 'Off' }]
}

/** What is wrong with a typed reviewer name (hidden or look-alike characters), said before saving. */
function reviewerNameProblem(name: string): string | null {
  return name.trim() === '' ? null : nameProblem(name.trim())
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
  onSave: (values: Partial<SettingsValues>) => void
  onCheck: () => void
  /**
   * Saves the default drafts folder at once; the other fields keep what was typed, and
   * `othersUnsaved` says whether any of them differ from the saved settings.
   */
  onUseDefaultFolder: (othersUnsaved: boolean) => void
  /** The applicant typed: a "saved" message about an earlier save no longer holds. */
  onEdit: () => void
  /** A theme was picked: it is saved (and shown) at once, apart from the other fields. */
  onThemeChange: (theme: Theme) => void
}

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' }

/** The fields as typed; `draftsFolder` '' means the default folder. */
interface FormValues {
  serviceUrl: string
  feedbackNamespace: string
  reviewerName: string
  /** '' means unsigned verdicts. */
  signingKey: string
  draftsFolder: string
  /** Minutes as text, or 'off'. */
  savedSearchRefreshMinutes: string
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
  const key = form.signingKey.trim() === '' ? null : form.signingKey.trim()
  if (key !== (view.signingKey ?? null)) changes.signingKey = key
  const folder = form.draftsFolder.trim() === '' ? null : form.draftsFolder.trim()
  if (folder !== view.draftsFolder) changes.draftsFolder = folder
  const minutes = form.savedSearchRefreshMinutes === OFF ? null : Number(form.savedSearchRefreshMinutes)
  if (minutes !== view.savedSearchRefreshMinutes) changes.savedSearchRefreshMinutes = minutes
  return changes
}

export function SettingsForm({ view, error, saving, savedMessage, check, onSave, onCheck, onUseDefaultFolder, onEdit, onThemeChange }: SettingsFormProps) {
  const [form, setForm] = useState<FormValues>({
    serviceUrl: view.serviceUrl,
    feedbackNamespace: view.feedbackNamespace,
    reviewerName: view.reviewerName,
    signingKey: view.signingKey ?? '',
    draftsFolder: view.draftsFolder ?? '',
    savedSearchRefreshMinutes: view.savedSearchRefreshMinutes === null ? OFF : String(view.savedSearchRefreshMinutes),
  })
  const fieldErrors = error?.fields ?? {}
  const overridden = view.serviceUrlOverriddenBy
  const sandbox = view.sandbox
  // Its saved default address is what means "the sandbox", wherever it listens this run.
  const useSandbox = () => {
    setForm((current) => ({ ...current, serviceUrl: view.defaultServiceUrl }))
    onSave({ serviceUrl: view.defaultServiceUrl })
  }
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
            This address uses plain HTTP to another computer: your password and login would cross the network unencrypted. Use the service’s https:// address if
            it has one; Grant Desk asks before logging in over plain HTTP.
          </p>
        )}
        <p className="hint" id="settings-serviceUrl-hint" data-testid="settings-service-source">
          {overridden !== null ? (
            <>
              Set by {overridden} for this run; the saved address is <code>{view.serviceUrl}</code>
            </>
          ) : sandbox?.inUse ? (
            <>
              Sandbox started by <code>{sandbox.startedBy}</code> at <code>{sandbox.url}</code>, with demo data. To use another grant service, type its address
              here and save.
            </>
          ) : (
            <>The grant service Grant Desk lists grants from and submits to. Logins belong to one address: a new address needs its own login.</>
          )}
        </p>
        {overridden === null && sandbox && !sandbox.inUse && (
          <div className="settings-row" data-testid="settings-sandbox-elsewhere">
            <span className="hint">
              The sandbox started by <code>{sandbox.startedBy}</code> is still running at <code>{sandbox.url}</code>.
            </span>
            <button type="button" onClick={useSandbox} disabled={saving}>
              Use the sandbox
            </button>
          </div>
        )}
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
        {!errorFor('reviewerName') && reviewerNameProblem(form.reviewerName) && (
          <p className="field-error" role="alert">
            {LABELS.reviewerName} {reviewerNameProblem(form.reviewerName)}: “{showHidden(form.reviewerName.trim())}”.
          </p>
        )}
        <p className="hint" id="settings-reviewerName-hint">
          How your comments and verdicts are marked, and how you are recorded as an author of the drafts you write. Anyone can type any name: it proves nothing
          by itself (a signing key does).
        </p>
      </div>

      <div className="settings-field">
        <label htmlFor="settings-signingKey">{LABELS.signingKey}</label>
        <input
          type="text"
          {...described('signingKey')}
          value={form.signingKey}
          onChange={set('signingKey')}
          placeholder="/home/you/.ssh/id_ed25519"
          spellCheck={false}
        />
        {fieldError('signingKey')}
        <p className="hint" id="settings-signingKey-hint">
          Optional. An SSH key file that signs your verdicts with <code>ssh-keygen -Y sign</code>, as git signs commits; choose the <code>.pub</code> file of a
          key in ssh-agent if it has a passphrase. Grant Desk keeps only this path, never the key. Your team’s allowed-signers file must list your public key
          under your reviewer name.
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
          A full folder path. Leave empty for the default folder, <code>{view.defaultDraftsFolder}</code>. In use now: <code>{view.effectiveDraftsFolder}</code>
          . Drafts already in the old folder stay there.
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

      <div className="settings-field">
        <label htmlFor="settings-savedSearchRefreshMinutes">{LABELS.savedSearchRefreshMinutes}</label>
        <select {...described('savedSearchRefreshMinutes')} value={form.savedSearchRefreshMinutes} onChange={set('savedSearchRefreshMinutes')}>
          {refreshChoices(view.savedSearchRefreshMinutes).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        {fieldError('savedSearchRefreshMinutes')}
        <p className="hint" id="settings-savedSearchRefreshMinutes-hint">
          While Grant Desk runs, it checks your saved searches with the service this often and tells you once per search when new grants appear.
        </p>
      </div>
      <fieldset className="settings-field settings-theme" aria-describedby="settings-theme-hint">
        <legend>{LABELS.theme}</legend>
        <div className="segmented">
          {THEMES.map((theme) => (
            <label key={theme} className="segmented-option">
              <input type="radio" name="settings-theme" value={theme} checked={view.theme === theme} onChange={() => onThemeChange(theme)} />
              <span>{THEME_LABELS[theme]}</span>
            </label>
          ))}
        </div>
        {fieldError('theme')}
        <p className="hint" id="settings-theme-hint">
          System follows your computer’s light or dark setting. A choice here applies at once.
        </p>
      </fieldset>

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
