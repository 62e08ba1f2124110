/** Deadline reminders and calendar files: what the rest of the app may use of this feature. */
export { CalendarButton } from './CalendarButton'
export { DueSoonMenu } from './DueSoonMenu'
export { ReminderSettings } from './ReminderSettings'
