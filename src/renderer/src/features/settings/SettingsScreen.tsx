/** The app's settings (service address, feedback namespace, reviewer name, drafts folder) and the account. */
import { useEffect, useState } from 'react'
import type { AppError, SettingsValues, Theme } from '../../../../shared/ipc'
import { ErrorNotice, Loading } from '../../components/ErrorNotice'
import { ReminderSettings } from '../reminders'
import { SyncSettings } from '../sync'
import { AccountSection } from './AccountSection'
import { SettingsForm } from './SettingsForm'
import { LinkCheckSettings } from './LinkCheckSettings'
import { useSettings } from '../../state/settings/settings'
import './settings.css'

/** After "Use the default folder", which saves that alone: other typed changes are still unsaved. */
export function defaultFolderSavedMessage(othersUnsaved: boolean): string {
  return othersUnsaved ? 'Default folder saved; your other changes are not saved yet.' : 'Settings saved. New drafts go to the default folder.'
}

export function SettingsScreen() {
  const view = useSettings((s) => s.view)
  const loadError = useSettings((s) => s.error)
  const check = useSettings((s) => s.check)
  const load = useSettings((s) => s.load)
  const update = useSettings((s) => s.update)
  const checkAddress = useSettings((s) => s.checkAddress)
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<AppError | null>(null)
  const [savedMessage, setSavedMessage] = useState<string | null>(null)

  useEffect(() => {
    if (!useSettings.getState().view) void load()
  }, [load])

  const save = async (values: Partial<SettingsValues>, saved: string) => {
    setSaving(true)
    setSavedMessage(null)
    const failure = await update(values)
    setSaving(false)
    setSaveError(failure)
    if (!failure) setSavedMessage(saved)
  }

  // A theme applies at once and is saved on its own, so typed but unsaved fields stay as they are.
  const changeTheme = async (theme: Theme) => {
    setSaveError(await useSettings.getState().chooseTheme(theme))
  }

  return (
    <section aria-labelledby="settings-heading">
      <h1 id="settings-heading">Settings</h1>
      {view?.notice && (
        <div className="notice notice-warn" data-testid="settings-notice">
          <p>{view.notice}</p>
        </div>
      )}
      {!view && loadError && <ErrorNotice error={loadError} onRetry={() => void load()} />}
      {!view && !loadError && <Loading label="Loading settings…" />}
      {view && (
        <SettingsForm
          view={view}
          error={saveError}
          saving={saving}
          savedMessage={savedMessage}
          check={check}
          onSave={(values) => void save(values, 'Settings saved.')}
          onCheck={() => void checkAddress()}
          onUseDefaultFolder={(othersUnsaved) => void save({ draftsFolder: null }, defaultFolderSavedMessage(othersUnsaved))}
          onEdit={() => setSavedMessage(null)}
          onThemeChange={(theme) => void changeTheme(theme)}
        />
      )}
      {view && <ReminderSettings />}
      {view && <SyncSettings />}
      {view && <LinkCheckSettings />}
      <AccountSection />
    </section>
  )
}
