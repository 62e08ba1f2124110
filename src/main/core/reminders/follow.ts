/**
 * The reminders on the core's hub (hub.ts): a change that may have made a reminder due (a draft
 * changed on disk, new settings) has them looked for at once, and a new draft has its grant's
 * deadline compared with the service (it may be close, or the grant closed). Never fails the
 * publisher.
 */
import type { Logger } from '../errors'
import type { CoreHub } from '../hub'
import type { ReminderService } from './service'

export function followReminders(hub: CoreHub, reminders: Pick<ReminderService, 'check' | 'refreshDeadlines'>, log: Logger): void {
  const recheck = () => void reminders.check().catch((error: unknown) => log.warn('reminders could not be checked', error))
  hub.on('drafts.stale', recheck)
  hub.on('settings.changed', recheck)
  hub.on('draft.changed', (event) => {
    if (event.kind === 'created') void reminders.refreshDeadlines().catch((error: unknown) => log.warn('reminders could not be checked', error))
  })
}
