export { ReminderService, type ReminderNotifier, type ReminderServiceOptions } from './service'
export { describeDuration, describeOffset } from './schedule'
