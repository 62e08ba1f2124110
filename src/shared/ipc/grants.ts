/** The contract's grant list and grant page, as the core serves them (live or from its cache). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { GrantDetail, GrantSummary, IsoTimestamp } from '../api'
import { AppError } from './errors'

export const CacheInfo = {
  /** When this data came from the service. */
  fetchedAt: IsoTimestamp,
  /** True when this is the last saved copy: the service could not be reached (`cacheReason` says why), or only the saved copy was asked for. */
  fromCache: z.boolean(),
  /** Why the cached copy is shown (the failure of the live request), else null (a live answer, or the saved copy asked for). */
  cacheReason: AppError.nullable(),
}

// A module of its own: the browser host's main thread checks it without the rest of the contract (src/host/saved-list.ts).
export { GrantsListInput } from './grants-input'

export const GrantsListOutput = z.object({
  items: z.array(GrantSummary),
  count: z.number().int().nonnegative(),
  ...CacheInfo,
})
export type GrantsListOutput = z.infer<typeof GrantsListOutput>

export const GrantsGetOutput = z.object({ grant: GrantDetail, ...CacheInfo })
export type GrantsGetOutput = z.infer<typeof GrantsGetOutput>
