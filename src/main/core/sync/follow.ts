/**
 * The team sync on the core's hub (hub.ts): every change in the drafts folder (a draft, review
 * records, a folder moved in the settings) is a change to count and send; a new interval in the
 * settings sets the automatic sync's timer again.
 */
import type { CoreHub } from '../hub'
import type { SyncScheduler } from './scheduler'
import type { SyncService } from './service'

export function countChanges(hub: CoreHub, sync: Pick<SyncService, 'noteChange'>): void {
  const note = () => sync.noteChange()
  hub.on('draft.changed', note)
  hub.on('reviews.written', note)
  hub.on('drafts.stale', note)
  hub.on('settings.changed', ({ before, after }) => {
    if (after.effectiveDraftsFolder !== before.effectiveDraftsFolder) note()
  })
}

export function followSyncSettings(hub: CoreHub, scheduler: Pick<SyncScheduler, 'schedule'>): void {
  hub.on('settings.changed', async ({ before, after }) => {
    if (after.teamSync.everyMinutes !== before.teamSync.everyMinutes) await scheduler.schedule()
  })
}
