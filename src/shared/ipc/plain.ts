/**
 * The contract's limits and helpers that need no schema. The renderer's first screen (the grant
 * list, the header's reminders and saved searches) uses these: taken from a module that builds
 * schemas, they loaded zod and built every schema of the contract before the first screen could
 * show (bench/startup.bench.ts), though the renderer validates nothing with them. They reach the
 * renderer through the contract's door (src/shared/ipc/index.ts) like the rest: the modules that
 * define the schemas re-export them, and the builds treat src/shared as free of side effects
 * (scripts/build/shared-parts.mjs), so an import of these alone leaves the schemas out.
 */
import type { SyncConflict } from './sync'

/** The app's colour themes; 'system' follows the OS's light or dark setting. */
export const THEMES = ['system', 'light', 'dark'] as const
/**
 * Where the page keeps the last theme applied (src/renderer/src/state/settings/theme.ts), so the next
 * start paints in it before the settings arrive; the browser host's first paint reads it too
 * (src/host/page.ts's FIRST_PAINT_SCRIPT).
 */
export const REMEMBERED_THEME = 'grant-desk.theme'
/** The longest a reminder may come before a deadline: 60 days, in minutes. */
export const MAX_REMINDER_OFFSET_MINUTES = 60 * 24 * 60
export const MAX_REMINDER_OFFSETS = 6

export const MAX_SAVED_SEARCHES = 50
export const MAX_SAVED_SEARCH_NAME_CHARS = 80
export const MAX_SAVED_SEARCH_QUERY_CHARS = 500

/** A sync conflict as the conflict view takes it (a DraftConflict, conflicts.ts). */
export const fromSyncConflict = (conflict: SyncConflict): SyncConflict & { source: 'sync' } => ({ ...conflict, source: 'sync' })
