/** The contract's grant list and grant page, as the core serves them (live or from its cache). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { GrantDetail, GrantSummary, GrantType, IsoTimestamp } from '../api'
import { AppError } from './errors'

export const CacheInfo = {
  /** When this data came from the service. */
  fetchedAt: IsoTimestamp,
  /** True when the service could not be reached and this is the last saved copy. */
  fromCache: z.boolean(),
  /** Why the cached copy is shown (the failure of the live request), else null. */
  cacheReason: AppError.nullable(),
}

export const GrantsListInput = z
  .strictObject({
    status: z.enum(['open', 'closed', 'all'], { error: 'must be "open", "closed" or "all"' }).optional(),
    type: GrantType.optional(),
  })
  .optional()
export type GrantsListInput = z.input<typeof GrantsListInput>

export const GrantsListOutput = z.object({
  items: z.array(GrantSummary),
  count: z.number().int().nonnegative(),
  ...CacheInfo,
})
export type GrantsListOutput = z.infer<typeof GrantsListOutput>

export const GrantsGetOutput = z.object({ grant: GrantDetail, ...CacheInfo })
export type GrantsGetOutput = z.infer<typeof GrantsGetOutput>
