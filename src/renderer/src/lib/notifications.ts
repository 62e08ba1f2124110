/**
 * Web notifications, for the browser host: the Electron shell shows its own from the main
 * process (its pages are refused every permission), so here nothing is shown unless the
 * applicant allowed notifications. Permission is only ever asked from a click handler
 * (`askNotificationPermission`), never on load: browsers ignore or penalise a prompt nobody
 * asked for, and an applicant should choose it.
 */

export type NotificationState = 'unsupported' | 'desktop-app' | 'default' | 'granted' | 'denied'

/** The Electron shell: notifications come from its main process, not from the page. */
export function inDesktopApp(): boolean {
  return typeof navigator !== 'undefined' && /\bElectron\//.test(navigator.userAgent)
}

export function notificationState(): NotificationState {
  if (inDesktopApp()) return 'desktop-app'
  if (typeof window === 'undefined' || typeof window.Notification === 'undefined') return 'unsupported'
  return window.Notification.permission
}

/** Asks the browser for permission. Call it only from a click handler. */
export async function askNotificationPermission(): Promise<NotificationState> {
  const state = notificationState()
  if (state !== 'default') return state
  try {
    return await window.Notification.requestPermission()
  } catch {
    return notificationState()
  }
}

/** Shows a notification when the applicant allowed them; answers whether it was shown. */
export function notify(title: string, body: string, onClick?: () => void): boolean {
  if (notificationState() !== 'granted') return false
  try {
    const shown = new window.Notification(title, { body })
    shown.onclick = () => {
      window.focus()
      onClick?.()
      shown.close()
    }
    return true
  } catch {
    // Some browsers allow notifications only from a service worker: the in-app count still shows.
    return false
  }
}
