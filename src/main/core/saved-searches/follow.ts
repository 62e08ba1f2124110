/**
 * The saved searches on the core's hub (hub.ts): a live list of grants is a check of the saved
 * searches of the same status and type, a grant opened is seen, and a new interval in the
 * settings sets the background check's timer again.
 */
import type { CoreHub } from '../hub'
import type { SavedSearchScheduler } from './scheduler'
import type { SavedSearchService } from './service'

export function followGrants(
  hub: CoreHub,
  savedSearches: Pick<SavedSearchService, 'observe' | 'markSeen'>,
  scheduler: Pick<SavedSearchScheduler, 'schedule'>,
): void {
  hub.on('grants.listed', ({ filter, list }) => (list.fromCache ? undefined : savedSearches.observe(filter, list.items)))
  hub.on('grant.opened', ({ id }) => savedSearches.markSeen(id))
  hub.on('settings.changed', async ({ before, after }) => {
    if (after.savedSearchRefreshMinutes !== before.savedSearchRefreshMinutes) await scheduler.schedule()
  })
}
