/**
 * The IPC door between the renderer and the core. One `ipcMain.handle` per channel of the
 * contract, each passing straight to `core.dispatch` (which validates input and output) —
 * but only for calls from the main frame of our own window showing our own page. Anything
 * else (a subframe, a page that navigated elsewhere, another webContents) is answered
 * `unauthorized` and never reaches the core. Core events go back to the window on the single
 * `EVENT_CHANNEL`.
 */
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain } from 'electron'
import { type IpcEvent, type IpcResult, EVENT_CHANNEL, IPC_CHANNELS } from '../shared/ipc'
import { consoleLogger, type Logger, toAppError } from './core/errors'
import type { Dispatch } from './core/handlers'

export const UNAUTHORIZED_SENDER_MESSAGE = 'This request did not come from the Grant Desk window, so it was refused.'

export interface SenderPolicy {
  /** Our window, or null while there is none. */
  getWindow(): BrowserWindow | null
  isAppUrl(url: string): boolean
}

/** Why `event` may not call the core, or null when it may. */
export function senderRefusal(event: IpcMainInvokeEvent, policy: SenderPolicy): string | null {
  const window = policy.getWindow()
  if (!window || window.isDestroyed()) return 'there is no Grant Desk window'
  try {
    const contents = window.webContents
    if (event.sender.id !== contents.id) return 'the sender is not the Grant Desk window'
    const frame = event.senderFrame
    if (!frame) return 'the sending frame is gone'
    const main = contents.mainFrame
    // (processId, routingId) names one frame in the whole app: equal to the main frame's
    // means it is the main frame, not a subframe or a frame of another window.
    if (frame.processId !== main.processId || frame.routingId !== main.routingId) {
      return 'the sender is not the main frame of the Grant Desk window'
    }
    if (!policy.isAppUrl(frame.url)) return `the sending page ${frame.url} is not Grant Desk's`
    return null
  } catch (error) {
    // Electron throws when a frame was disposed mid-call; a frame we cannot inspect is not trusted.
    return `the sender could not be checked (${error instanceof Error ? error.message : String(error)})`
  }
}

export interface IpcOptions extends SenderPolicy {
  dispatch: Dispatch
  log?: Logger
}

/** Registers a handler for every channel; returns the function that removes them. */
export function registerIpcHandlers(options: IpcOptions): () => void {
  const log = options.log ?? consoleLogger
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, async (event, input: unknown): Promise<IpcResult<unknown>> => {
      const refusal = senderRefusal(event, options)
      if (refusal !== null) {
        log.warn(`refused ${channel}: ${refusal}`)
        return { ok: false, error: { code: 'unauthorized', message: UNAUTHORIZED_SENDER_MESSAGE } }
      }
      try {
        return await options.dispatch(channel, input)
      } catch (error) {
        // dispatch answers every failure itself; a throw here is a bug, and a rejected invoke
        // would reach the page as a bare Error instead of the contract's IpcResult.
        return { ok: false, error: toAppError(error, log) }
      }
    })
  }
  return () => {
    for (const channel of IPC_CHANNELS) ipcMain.removeHandler(channel)
  }
}

export type Subscribe = (listener: (event: IpcEvent, payload: unknown) => void) => () => void

/** Sends every core event to our window, whichever window that is at the time. */
export function forwardEvents(subscribe: Subscribe, getWindow: () => BrowserWindow | null): () => void {
  return subscribe((event, payload) => {
    const window = getWindow()
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return
    window.webContents.send(EVENT_CHANNEL, { event, payload })
  })
}
