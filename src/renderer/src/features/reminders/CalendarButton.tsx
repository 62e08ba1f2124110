/**
 * "Add to calendar": the core writes an iCalendar file (one grant's deadline, one draft's, or
 * every open draft's, with alarms at the reminder times) and the page downloads it; calendars
 * (Google, Outlook, Apple) import `.ics` files. Exporting the same grant again updates its event.
 */
import { useState } from 'react'
import type { AppError, ChannelInput } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { call } from '../../lib/bridge'
import { downloadText } from '../../lib/download'

export function CalendarButton({ target, label = 'Add to calendar' }: { target: ChannelInput<'calendar.export'>; label?: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const exportCalendar = async () => {
    setBusy(true)
    setError(null)
    setDone(null)
    const answer = await call('calendar.export', target)
    setBusy(false)
    if (!answer.ok) {
      setError(answer.error)
      return
    }
    downloadText(answer.value.ics, answer.value.fileName, 'text/calendar;charset=utf-8')
    const what = answer.value.events === 1 ? 'the deadline' : `${answer.value.events} deadlines`
    setDone(`Downloaded ${answer.value.fileName} with ${what}. Open it to add it to your calendar; exporting again updates the same events.`)
  }

  return (
    <div className="calendar-export">
      <button type="button" onClick={() => void exportCalendar()} disabled={busy}>
        {busy ? 'Preparing calendar file…' : label}
      </button>
      <div role="status" data-testid="calendar-status" className="hint">
        {done}
      </div>
      {error && <ErrorNotice error={error} />}
    </div>
  )
}
