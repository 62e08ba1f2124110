/**
 * What the preload gives the page: Electron's (src/preload/index.ts) and the browser host's
 * (src/preload/browser.ts) both define exactly this, typed by the IPC contract.
 */
import type { GrantDeskApi } from '../../shared/ipc'

declare global {
  interface Window {
    readonly grantDesk: GrantDeskApi
  }
}

export {}
