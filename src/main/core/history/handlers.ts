/** The history channels (see handlers.ts). */
import type { Handlers } from '../handlers'
import type { DraftHistory } from './index'

export function historyHandlers(history: DraftHistory) {
  return {
    'history.list': ({ draftId }) => history.list(draftId),
    'history.get': ({ draftId, versionId }) => history.get(draftId, versionId),
    'history.restore': (input) => history.restore(input),
  } satisfies Partial<Handlers>
}
