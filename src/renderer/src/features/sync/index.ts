/** The team sync through git (status line, Settings section, arrivals, conflicts, "new" marks): what the rest of the app may use of this feature. */
export { ArrivalNotice } from './ArrivalNotice'
export { NewThreadMark, useMarkNewThreadsSeen } from './NewThreadMark'
export { SyncConflicts } from './SyncConflicts'
export { SyncSettings } from './SyncSettings'
export { isSyncShortcut, SyncStatus } from './SyncStatus'
