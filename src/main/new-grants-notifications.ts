/**
 * The desktop app's notifications of new grants: each `savedSearches.found` the core raises
 * (one per saved search whose background check found new grants, never one per grant) becomes
 * one system notification from the main process. Clicking it brings the window forward, where
 * the grant browser shows the New grants and their count. The page itself is refused the
 * notifications permission (window.ts), so there is never a second one from the renderer.
 */
import { type BrowserWindow, Notification } from 'electron'
import { type IpcEvent, type IpcEventPayload, newGrantsNotice } from '../shared/ipc'
import type { Logger } from './core/errors'

type Subscribe = (listener: (event: IpcEvent, payload: unknown) => void) => () => void

export function notifyNewGrants(options: { subscribe: Subscribe; getWindow: () => BrowserWindow | null; log: Logger }): () => void {
  return options.subscribe((event, payload) => {
    if (event !== 'savedSearches.found') return
    if (!Notification.isSupported()) return
    try {
      const notification = new Notification(newGrantsNotice(payload as IpcEventPayload<'savedSearches.found'>))
      notification.on('click', () => {
        const window = options.getWindow()
        if (!window || window.isDestroyed()) return
        if (window.isMinimized()) window.restore()
        window.show()
        window.focus()
      })
      notification.show()
    } catch (error) {
      // The count beside the saved search still shows in the app.
      options.log.warn('a notification of new grants could not be shown', error)
    }
  })
}
