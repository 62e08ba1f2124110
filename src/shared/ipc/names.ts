/**
 * The names of the IPC contract's channels and events, and the builder of `window.grantDesk`
 * from them. Kept free of zod (types only) so the preloads that import it stay small; the
 * schemas live in `ipc.ts`, and the contract is checked against these names at compile time
 * (below), so a channel cannot exist in one and not the other. The check is made here, not in
 * ipc.ts, so that the two files do not import each other.
 */
import type { GrantDeskApi, IpcChannel, IpcEvent, IpcEventPayload, IpcResult } from './contract'

export const IPC_CHANNELS = [
  'settings.get',
  'settings.update',
  'session.status',
  'session.login',
  'session.logout',
  'session.forget',
  'grants.list',
  'grants.get',
  'savedSearches.list',
  'savedSearches.create',
  'savedSearches.rename',
  'savedSearches.delete',
  'savedSearches.refresh',
  'drafts.list',
  'drafts.create',
  'drafts.import',
  'drafts.get',
  'drafts.save',
  'drafts.merge',
  'drafts.delete',
  'history.list',
  'history.get',
  'history.restore',
  'reviews.get',
  'reviews.addThread',
  'reviews.reply',
  'reviews.setResolved',
  'reviews.decideSuggestion',
  'reviews.editComment',
  'reviews.deleteComment',
  'reviews.setVerdict',
  'applications.preview',
  'applications.submit',
  'applications.list',
  'feedback.send',
  'export.reviewCopy',
  'export.pdf',
  'connectivity.check',
  'links.check',
  'reminders.list',
  'reminders.acknowledge',
  'calendar.export',
  'sync.state',
  'sync.run',
  'sync.track',
  'sync.setRemote',
  'sync.conflicts',
  'sync.resolve',
  'sync.abort',
  'sync.news',
  'sync.markSeen',
] as const

export const IPC_EVENTS = [
  'connectivity',
  'drafts.changed',
  'session.expired',
  'service.waiting',
  'savedSearches.changed',
  'savedSearches.found',
  'reminders.due',
  'reminders.open',
  'sync.changed',
  'sync.arrived',
] as const

// Both directions of the name check: every name has schemas and every schema has a name
// (these lines fail to compile otherwise).
type Extra<A, B> = Exclude<A, B> extends never ? true : never
const everyChannelHasSchemas: Extra<(typeof IPC_CHANNELS)[number], IpcChannel> = true
const everyChannelNamed: Extra<IpcChannel, (typeof IPC_CHANNELS)[number]> = true
const everyEventHasSchema: Extra<(typeof IPC_EVENTS)[number], IpcEvent> = true
const everyEventNamed: Extra<IpcEvent, (typeof IPC_EVENTS)[number]> = true
void [everyChannelHasSchemas, everyChannelNamed, everyEventHasSchema, everyEventNamed]

/** Electron IPC channel that carries every main → renderer event as `{event, payload}`. */
export const EVENT_CHANNEL = 'grant-desk:event'

export type Invoke = (channel: IpcChannel, input: unknown) => Promise<IpcResult<unknown>>
export type Subscribe = (listener: (event: IpcEvent, payload: unknown) => void) => () => void

/**
 * Builds `window.grantDesk` from the channel names: `grantDesk.drafts.save(input)` invokes
 * `drafts.save`. Both preloads (Electron's and the browser host's) use it with their own
 * transport, so the renderer cannot tell them apart. The result objects are plain data;
 * nothing of the transport (no `ipcRenderer`, no event object) reaches the page.
 */
export function buildGrantDeskApi(invoke: Invoke, subscribe: Subscribe): GrantDeskApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<IpcResult<unknown>>>> = {}
  for (const channel of IPC_CHANNELS) {
    const [namespace, method] = channel.split('.') as [string, string]
    api[namespace] ??= {}
    api[namespace][method] = (input?: unknown) => invoke(channel, input)
  }
  const on = (event: IpcEvent, listener: (payload: unknown) => void): (() => void) => {
    if (!(IPC_EVENTS as readonly string[]).includes(event)) throw new Error(`Unknown Grant Desk event "${event}"`)
    return subscribe((name, payload) => {
      if (name === event) listener(payload)
    })
  }
  return Object.freeze({ ...api, on }) as unknown as GrantDeskApi
}

export type { IpcEventPayload }
