/**
 * Notifications of new grants in the browser host: off until the applicant clicks to allow
 * them (the permission prompt only ever follows that click). The desktop app notifies from
 * its main process, so it shows a line instead of a button.
 */
import { useState } from 'react'
import { askNotificationPermission, notificationState } from '../../lib/notifications'

export function NotificationsToggle() {
  const [state, setState] = useState(notificationState)
  if (state === 'unsupported') return null
  if (state === 'desktop-app') return <p className="hint">New grants found in the background are announced with a desktop notification.</p>
  if (state === 'granted') return <p className="hint">This browser will notify you of new grants while Grant Desk is open.</p>
  if (state === 'denied')
    return (
      <p className="hint">
        Notifications are blocked for this page; allow them in the browser’s site settings to hear of new grants. The counts above still show.
      </p>
    )
  return (
    <button type="button" onClick={() => void askNotificationPermission().then(setState)}>
      Notify me of new grants
    </button>
  )
}
