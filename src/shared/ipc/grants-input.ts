/**
 * The grant list's input (`grants.list`), part of the one contract (re-exported by grants.ts): a
 * module of its own, with no other schema, so that the browser host's main thread can check the
 * saved list's calls (src/host/saved-list.ts) without loading the rest of the contract. Through
 * the part's door, its bundle took the contract's drafts schemas and yaml with it (270 KB, where
 * this takes 10), parsed on the thread that serves the page while the page starts.
 */
import { z } from 'zod'
import { GrantStatusFilter, GrantType } from '../api/grant-list'

export const GrantsListInput = z
  .strictObject({
    status: GrantStatusFilter.optional(),
    type: GrantType.optional(),
    /**
     * Only the copy saved on disk (the last live answer for this filter), never the service: what
     * the page shows at start while the live list loads, marked `fromCache` with no `cacheReason`.
     * Fails with `not_found` when nothing is saved.
     */
    saved: z.literal(true).optional(),
  })
  .optional()
export type GrantsListInput = z.input<typeof GrantsListInput>
