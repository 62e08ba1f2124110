/**
 * The schema of the team sync's memory file (`team-sync.json`, memory.ts): apart, so that a sync
 * without a file to read (`grant-desk sync`) never builds it, nor the part of the contract it
 * takes (arrivals, and through them the drafts' schemas and their YAML reading; issue 34).
 */
import { z } from 'zod'
import { IsoTimestamp } from '../../../shared/api'
// The sync's own part of the contract (not the channel map, ipc.ts, whose every schema would be built).
import { SyncArrival, SyncNews, SyncProblem } from '../../../shared/ipc'

import { MEMORY_FORMAT } from './memory-format'

const FolderMemory = z.object({
  lastSyncAt: IsoTimestamp.nullable().default(null),
  lastProblem: z.object({ problem: SyncProblem, message: z.string(), at: IsoTimestamp }).nullable().default(null),
  lastArrival: SyncArrival.nullable().default(null),
  unseen: SyncNews.shape.unseen.default([]),
})
export type FolderMemory = z.infer<typeof FolderMemory>

export const MemoryFile = z.object({
  format: z.literal(MEMORY_FORMAT),
  folders: z.record(z.string(), FolderMemory),
})
export type MemoryFile = z.infer<typeof MemoryFile>
