/** The drafts folder as the core last listed it. */
import type { DraftSummary } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { createListStore } from '../app'

export const useDrafts = createListStore(() => call('drafts.list'))

/** Last edited first; files that could not be read go last, by name. */
export function sortDrafts(items: readonly DraftSummary[]): DraftSummary[] {
  return [...items].sort((a, b) => {
    if (a.state === 'ok' && b.state === 'ok') return Date.parse(b.updatedAt) - Date.parse(a.updatedAt)
    if (a.state === 'ok') return -1
    if (b.state === 'ok') return 1
    return a.fileName.localeCompare(b.fileName)
  })
}
