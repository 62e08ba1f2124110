/** The format of the team sync's memory file (memory.ts; its schema is memory-file.ts). */
export const MEMORY_FORMAT = 'grant-desk-team-sync/1'
