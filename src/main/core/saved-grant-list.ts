/**
 * The grant list's saved copy (`grants.list` with `saved`): the cache entry of each filter's list
 * and the answer made from it. A module of its own, beside the grants service (grants.ts) that
 * saves the lists, so that the browser host's main thread can answer the saved copy while it
 * serves the page (src/host/saved-list.ts) without loading the service's client and the rest of
 * the contract.
 */
import type { z } from 'zod'
import type { GrantList } from '../../shared/api'
import type { GrantsListInput, GrantsListOutput } from '../../shared/ipc'
import type { CachedValue } from './cache-entry'
import { AppFailure } from './errors'

/** The cache entry of a filter's list. */
export function listKey(input: GrantsListInput): string {
  return `list-${input?.status ?? 'open'}-${input?.type ?? 'any'}`
}

/**
 * `grants.list` with `saved`: the list saved on disk for the filter, without asking the service
 * (the first screen's copy while the live one loads), read with `read` (the cache's `read`, or
 * cache-entry.ts's `peekEntry` beside the core: src/host/saved-list.ts). Fails with `not_found` when none is saved.
 */
export async function savedGrantList(
  input: GrantsListInput,
  read: (key: string) => Promise<CachedValue<z.output<typeof GrantList>> | null>,
): Promise<GrantsListOutput> {
  const cached = await read(listKey(input))
  if (!cached) throw new AppFailure('not_found', 'No copy of this grant list is saved yet: it is saved once the grant service has answered it.')
  return { ...cached.value, fetchedAt: cached.fetchedAt, fromCache: true, cacheReason: null }
}
