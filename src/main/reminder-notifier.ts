/**
 * The desktop app's deadline reminders: Electron's `Notification` from the main process, so a
 * reminder shows even when the window is minimised or behind others. Clicking one brings the
 * window forward and opens the draft (the core's `reminders.open` event, which the renderer
 * follows). Kept thin: what is due and when lives in the core (src/main/core/reminders).
 */
import { type BrowserWindow, Notification } from 'electron'
import type { ReminderNotifier } from './core/reminders'

/** Null where the system cannot show notifications: the page then shows reminders itself. */
export function createReminderNotifier(options: { getWindow: () => BrowserWindow | null }): ReminderNotifier | null {
  if (!Notification.isSupported()) return null
  // Held until closed or clicked: a notification the garbage collector takes loses its click.
  const live = new Set<Notification>()
  return {
    show(reminder, onClick) {
      const notification = new Notification({ title: reminder.title, body: reminder.body })
      live.add(notification)
      notification.on('close', () => live.delete(notification))
      notification.on('click', () => {
        live.delete(notification)
        const window = options.getWindow()
        if (window && !window.isDestroyed()) {
          if (window.isMinimized()) window.restore()
          window.show()
          window.focus()
        }
        onClick()
      })
      notification.show()
    },
  }
}
