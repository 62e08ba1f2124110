/**
 * Settings → Deadline reminders: on or off, and the times before a deadline ("3 days, 1 day,
 * 3 hours"). Saved on its own, so it never carries the other settings' unsaved edits along, and
 * with no button of its own (Settings has one Save, for its form): the switch saves when it
 * flips, like the theme, and the times when the field is left or Enter is pressed in it.
 */
import { useState } from 'react'
import { type AppError, MAX_REMINDER_OFFSETS } from '../../../../shared/ipc'
import { describeOffsets, parseOffsets } from '../../../../shared/text'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useSettings } from '../../state/settings'
import { useReminders } from '../../state/reminders/reminders'
import './reminders.css'

export function ReminderSettings() {
  const view = useSettings((s) => s.view)
  const update = useSettings((s) => s.update)
  const [enabled, setEnabled] = useState(view?.reminders.enabled ?? true)
  const [times, setTimes] = useState(view ? describeOffsets(view.reminders.offsetsMinutes) : '')
  const [problem, setProblem] = useState<string | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  if (!view) return null

  const save = async (enabled: boolean, times: string) => {
    setSaved(null)
    setError(null)
    const parsed = parseOffsets(times)
    if ('problem' in parsed) {
      setProblem(parsed.problem)
      return
    }
    if (enabled && parsed.minutes.length === 0) {
      setProblem('Write at least one time, like “1 day”, or turn reminders off.')
      return
    }
    setProblem(null)
    setSaving(true)
    const failure = await update({ reminders: { enabled, offsetsMinutes: parsed.minutes } })
    setSaving(false)
    if (failure) {
      // The core's reason names the bad time ("must not name the same time twice").
      const reason = failure.fields ? Object.values(failure.fields)[0] : undefined
      if (reason) setProblem(`The reminder times ${reason}.`)
      else setError(failure)
      return
    }
    setTimes(describeOffsets(parsed.minutes))
    setSaved(enabled ? `Reminders saved: ${describeOffsets(parsed.minutes)} before each deadline.` : 'Reminders are off.')
    void useReminders.getState().load()
  }

  return (
    <section className="reminder-settings" aria-labelledby="reminder-settings-heading">
      <h2 id="reminder-settings-heading">Deadline reminders</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void save(enabled, times)
        }}
        aria-labelledby="reminder-settings-heading"
      >
        <fieldset>
          <legend>When to remind you of a draft not yet submitted</legend>
          <label>
            <input
              type="checkbox"
              checked={enabled}
              disabled={saving}
              onChange={(event) => {
                setEnabled(event.target.checked)
                void save(event.target.checked, times)
              }}
            />{' '}
            Remind me before deadlines
          </label>
          <p>
            <label htmlFor="reminder-times">Times before each deadline</label>
            <br />
            <input
              id="reminder-times"
              type="text"
              value={times}
              disabled={!enabled}
              onChange={(event) => setTimes(event.target.value)}
              onBlur={() => {
                if (view && times !== describeOffsets(view.reminders.offsetsMinutes)) void save(enabled, times)
              }}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'reminder-times-hint reminder-times-error' : 'reminder-times-hint'}
            />
          </p>
          <p id="reminder-times-hint" className="hint">
            Up to {MAX_REMINDER_OFFSETS}, separated by commas, like “3 days, 1 day, 3 hours”. Each is shown once per draft; “Add to calendar” uses the same
            times. Saved when you leave the field (or press Enter).
          </p>
          {problem && (
            <p id="reminder-times-error" className="notice notice-error">
              {problem}
            </p>
          )}
          <div role="status" className="hint">
            {saved}
          </div>
        </fieldset>
      </form>
      {error && <ErrorNotice error={error} />}
    </section>
  )
}
