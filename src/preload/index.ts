/**
 * Preload of the sandboxed renderer: exposes exactly the methods of the IPC contract
 * (src/shared/ipc/contract.ts) as `window.grantDesk`, and nothing else — never `ipcRenderer`, never
 * Electron's event object (whose `sender` is the ipcRenderer). Emitted as CommonJS
 * (index.cjs) because a sandboxed preload cannot be an ES module; it imports only `electron`
 * and the contract's zod-free names (src/shared/ipc/names.ts, through the contract's door: the
 * build keeps only what is used of src/shared), so the bundle stays a couple of kilobytes.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { EVENT_CHANNEL, type Invoke, type Subscribe, buildGrantDeskApi } from '../shared/ipc'

type Listener = Parameters<Subscribe>[0]
const listeners = new Set<Listener>()

// One Electron listener for all subscribers, so subscribing from the page never adds
// listeners to ipcRenderer (no leak warnings, nothing of ipcRenderer handed out).
ipcRenderer.on(EVENT_CHANNEL, (_event, message: unknown) => {
  if (typeof message !== 'object' || message === null) return
  const { event, payload } = message as { event?: unknown; payload?: unknown }
  if (typeof event !== 'string') return
  for (const listener of [...listeners]) {
    try {
      listener(event as Parameters<Listener>[0], payload)
    } catch (error) {
      console.error('[grant-desk] an event listener failed', error)
    }
  }
})

const invoke: Invoke = (channel, input) => ipcRenderer.invoke(channel, input)

const subscribe: Subscribe = (listener) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

contextBridge.exposeInMainWorld('grantDesk', buildGrantDeskApi(invoke, subscribe))
