/** The team sync channels (see handlers.ts). */
import type { Handlers } from '../handlers'
import type { SyncService } from './service'

export function syncHandlers(sync: SyncService) {
  return {
    'sync.state': () => sync.state(),
    'sync.run': () => sync.sync(),
    'sync.track': (input) => sync.track(input?.remoteUrl),
    'sync.setRemote': ({ url }) => sync.setRemote(url),
    'sync.conflicts': async () => ({ conflicts: await sync.conflicts() }),
    'sync.resolve': (input) => sync.resolve(input),
    'sync.abort': () => sync.abort(),
    'sync.news': () => sync.news(),
    'sync.markSeen': ({ draftId, threadIds }) => sync.markSeen(draftId, threadIds),
  } satisfies Partial<Handlers>
}
