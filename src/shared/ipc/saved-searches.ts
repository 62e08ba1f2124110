/** The contract's saved searches and new grants (see main/core/saved-searches). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { GrantSort, GrantStatusFilter, GrantTypeFilter, Id, IsoTimestamp } from '../api'
import { MAX_SAVED_SEARCH_NAME_CHARS, MAX_SAVED_SEARCH_QUERY_CHARS } from './plain'

// ---------------------------------------------------------------------------------------------
// Saved searches and new grants (see main/core/saved-searches)

export { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_NAME_CHARS, MAX_SAVED_SEARCH_QUERY_CHARS } from './plain'

/** The grant browser's filters and search, as a saved search keeps them. */
export const SavedSearchFilters = z.strictObject({
  status: GrantStatusFilter,
  type: GrantTypeFilter,
  query: z.string({ error: 'must be text' }).max(MAX_SAVED_SEARCH_QUERY_CHARS, { error: `must be at most ${MAX_SAVED_SEARCH_QUERY_CHARS} characters` }),
  sort: GrantSort,
})
export type SavedSearchFilters = z.infer<typeof SavedSearchFilters>

export const SavedSearchName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'Give the search a name.' })
  .max(MAX_SAVED_SEARCH_NAME_CHARS, { error: `must be at most ${MAX_SAVED_SEARCH_NAME_CHARS} characters` })
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), { error: 'must not contain control characters' })

/** A saved search's id: made by the core, never a path. */
export const SavedSearchId = z
  .string({ error: 'must be text' })
  .regex(/^s-[a-z0-9]{8,32}$/, { error: 'must be a saved search id as returned by savedSearches.list' })

export const SavedSearch = z.object({
  id: SavedSearchId,
  name: z.string(),
  filters: SavedSearchFilters,
  createdAt: IsoTimestamp,
  /**
   * When the grants it matched were first taken as already known (its baseline): none of them
   * is ever New. Null until the service could be asked (saved offline with nothing cached).
   */
  baselineAt: IsoTimestamp.nullable(),
  /** The last time its list was checked with the service. */
  lastCheckedAt: IsoTimestamp.nullable(),
  /** Its grants that are New (found after the baseline, not opened since), as of the last check. */
  newGrantIds: z.array(Id),
})
export type SavedSearch = z.infer<typeof SavedSearch>

export const SavedSearchesView = z.object({
  searches: z.array(SavedSearch),
  /** Every grant marked New (in any saved search), until it is opened. */
  newGrantIds: z.array(Id),
  /** The last check of the saved searches with the service could not be made (offline): why. */
  checkProblem: z.string().nullable(),
  /** Something the applicant should know (a damaged file was set aside). */
  notice: z.string().nullable(),
})
export type SavedSearchesView = z.infer<typeof SavedSearchesView>
