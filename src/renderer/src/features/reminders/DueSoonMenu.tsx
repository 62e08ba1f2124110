/**
 * The header's "Due soon" control: how many open drafts close within the reminder window, and a
 * panel listing them, soonest first, each opening its draft. It also carries the reminders just
 * shown (announced politely to screen readers), a changed deadline, "Add all to calendar", and in
 * the browser host the one place that asks for desktop notifications: on a click, never on load.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Deadline } from '../../components/Deadline'
import { dateTime } from '../../../../shared/text'
import { useNow } from '../../lib/useNow'
import { go } from '../../state/app'
import { CalendarButton } from './CalendarButton'
import { type PagePermission, pagePermission, requestPagePermission } from '../../lib/pageNotifications'
import { startReminders, useReminders } from '../../state/reminders/reminders'
import './reminders.css'

const PERMISSION_TEXT: Record<PagePermission, string | null> = {
  default: null,
  granted: 'Desktop notifications are on for this browser.',
  denied: 'This browser blocks notifications from Grant Desk. Allow them in the site settings (the icon left of the address), or rely on this list.',
  unsupported: 'This browser cannot show desktop notifications; reminders appear in this list.',
}

export function DueSoonMenu() {
  const view = useReminders((s) => s.view)
  const recent = useReminders((s) => s.recent)
  const offset = useReminders((s) => s.clockOffsetMs)
  const now = useNow() + offset
  const [open, setOpen] = useState(false)
  const [permission, setPermission] = useState<PagePermission>(() => pagePermission())
  const panelId = useId()
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => startReminders(), [])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  const items = view?.dueSoon ?? []
  const latest = recent[0] ?? null

  const enable = async () => setPermission(await requestPagePermission())

  const openDraft = (id: string) => {
    setOpen(false)
    go({ name: 'draft', id })
  }

  return (
    <div className="due-soon">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={items.length > 0 ? 'due-soon-toggle due-soon-some' : 'due-soon-toggle'}
        onClick={() => setOpen((value) => !value)}
      >
        Due soon{items.length > 0 ? ` (${items.length})` : ''}
      </button>
      <div role="status" className="visually-hidden" data-testid="reminder-announcement">
        {latest ? `Reminder: ${latest.title}.` : ''}
      </div>
      {open && (
        <section id={panelId} className="due-soon-panel" aria-label="Due soon" data-testid="due-soon-panel">
          <h2>Due soon</h2>
          {view?.notice && <p className="notice notice-warn">{view.notice}</p>}
          {latest && (
            <div className="notice notice-info" data-testid="latest-reminder">
              <p>
                <strong>
                  {latest.late ? 'Missed while Grant Desk was closed: ' : ''}
                  {latest.title}
                </strong>
              </p>
              <p>{latest.body}</p>
            </div>
          )}
          {items.length === 0 ? (
            <p className="hint">
              No open draft closes within {view && view.settings.enabled && view.settings.offsetsMinutes.length > 0 ? 'your reminder times' : '3 days'}.
            </p>
          ) : (
            <ul className="due-soon-list">
              {items.map((item) => (
                <li key={item.draftId} data-testid="due-soon-item">
                  <button type="button" className="link-button" onClick={() => openDraft(item.draftId)}>
                    {item.grantTitle}
                  </button>{' '}
                  <Deadline deadline={item.deadline} now={now} exact="after" />
                  {item.previousDeadline && <p className="hint">The service moved this deadline; it was {dateTime(item.previousDeadline)}.</p>}
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 && <CalendarButton target={{ openDrafts: true }} label="Add all open drafts to calendar" />}
          {view?.settings.enabled === false && <p className="hint">Reminders are off. Turn them on in Settings.</p>}
          {view?.delivery === 'page' && (
            <div className="due-soon-permission">
              {permission === 'default' ? (
                <button type="button" onClick={() => void enable()}>
                  Enable desktop notifications
                </button>
              ) : (
                <p className="hint">{PERMISSION_TEXT[permission]}</p>
              )}
            </div>
          )}
        </section>
      )}
    </div>
  )
}
