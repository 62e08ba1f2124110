/**
 * The browser host's desktop notifications: the Web Notifications API. Permission is only ever
 * asked from a click ("Enable desktop notifications"), never on load. In the desktop app the
 * main process shows notifications itself (`delivery: 'system'`), and this stays unused.
 */
import type { Reminder } from '../../../shared/ipc'

export type PagePermission = NotificationPermission | 'unsupported'

export function pagePermission(): PagePermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/** Asks the browser; call only from a click. */
export async function requestPagePermission(): Promise<PagePermission> {
  if (typeof Notification === 'undefined') return 'unsupported'
  return Notification.requestPermission()
}

/** Shows a reminder when the browser allows it; `onClick` opens its draft. False when it could not be shown. */
export function showPageNotification(reminder: Reminder, onClick: () => void): boolean {
  if (pagePermission() !== 'granted') return false
  try {
    const notification = new Notification(reminder.title, { body: reminder.body, tag: reminder.key })
    notification.onclick = () => {
      window.focus()
      onClick()
      notification.close()
    }
    return true
  } catch {
    // Some browsers allow notifications only from a service worker: the in-app list still shows it.
    return false
  }
}
