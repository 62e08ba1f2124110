/**
 * Grants, live when the service answers and from the offline cache when it cannot: the list
 * of every filter and every detail fetched are saved, and served with `fromCache: true` and
 * the reason when the live request fails for a reason that says "the service is not there
 * right now" (not for answers like "no such grant", which the cache must not contradict).
 */
import type { z } from 'zod'
import { GrantDetail, GrantList, type GrantType } from '../../shared/api'
import type { AppError, GrantsGetOutput, GrantsListInput, GrantsListOutput } from '../../shared/ipc'
import { isFailure, type Logger } from './errors'
import type { ResponseCache } from './cache'
import { listKey, savedGrantList } from './saved-grant-list'
import type { ServiceClient } from './service-client'

const UNREACHABLE = ['offline', 'timeout', 'server_error', 'rate_limited', 'bad_response'] as const

export class GrantsService {
  readonly #client: ServiceClient
  readonly #cache: ResponseCache
  readonly #now: () => Date
  readonly #log: Logger

  constructor(options: { client: ServiceClient; cache: ResponseCache; now: () => Date; log: Logger }) {
    this.#client = options.client
    this.#cache = options.cache
    this.#now = options.now
    this.#log = options.log
  }

  async list(input: GrantsListInput = {}): Promise<GrantsListOutput> {
    const status = input?.status ?? 'open'
    const type = input?.type
    const key = listKey(input)
    const query = type ? { status, type } : { status }
    if (input?.saved) return savedGrantList(input, (name) => this.#cache.read(name, GrantList))
    const result = await this.#liveOrCached(key, GrantList, () => this.#client.listGrants(query))
    return { ...result.value, fetchedAt: result.fetchedAt, fromCache: result.fromCache, cacheReason: result.cacheReason }
  }

  async get(id: string): Promise<GrantsGetOutput> {
    const result = await this.#liveOrCached(`grant-${id.toLowerCase()}`, GrantDetail, () => this.#client.getGrant(id))
    return { grant: result.value, fetchedAt: result.fetchedAt, fromCache: result.fromCache, cacheReason: result.cacheReason }
  }

  /**
   * The grant's sponsor, for display (the review copy): the draft file does not keep it and the
   * detail may not carry it (the list always does). What is cached answers first, so an export
   * offline, or on a slow connection, does not wait for the service; else the service is asked
   * (which caches its answers). Null when nobody knows; never throws.
   */
  async sponsorOf(id: string): Promise<string | null> {
    const key = id.toLowerCase()
    const inList = (items: readonly { id: string; sponsor: string }[]) => items.find((item) => item.id.toLowerCase() === key)?.sponsor ?? null
    const detail = await this.#cache.read(`grant-${key}`, GrantDetail)
    if (detail?.value.sponsor) return detail.value.sponsor
    for (const status of ['all', 'open', 'closed']) {
      for (const type of ['any', 'grant', 'bounty']) {
        const cached = await this.#cache.read(`list-${status}-${type}`, GrantList)
        const sponsor = cached ? inList(cached.value.items) : null
        if (sponsor) return sponsor
      }
    }
    try {
      const { grant } = await this.get(id)
      if (grant.sponsor) return grant.sponsor
      return inList((await this.list({ status: 'all' })).items)
    } catch (error) {
      this.#log.warn(`the sponsor of grant ${id} could not be learnt`, error)
      return null
    }
  }

  /**
   * Grant or bounty. Neither the list nor the detail says; the list's `type` filter does, so
   * a grant is a bounty when it is in the bounty list, and a grant otherwise (the keyword has
   * two values). Null when that cannot be learnt now (offline with nothing cached).
   */
  async typeOf(id: string): Promise<GrantType | null> {
    try {
      const bounties = await this.list({ status: 'all', type: 'bounty' })
      return bounties.items.some((item) => item.id.toLowerCase() === id.toLowerCase()) ? 'bounty' : 'grant'
    } catch (error) {
      this.#log.warn(`the type of grant ${id} could not be learnt`, error)
      return null
    }
  }

  async #liveOrCached<T>(key: string, schema: z.ZodType<T>, fetch: () => Promise<T>) {
    try {
      const value = await fetch()
      const fetchedAt = this.#now().toISOString()
      await this.#cache.write(key, value, fetchedAt)
      return { value, fetchedAt, fromCache: false, cacheReason: null as AppError | null }
    } catch (error) {
      if (!isFailure(error, ...UNREACHABLE)) throw error
      const cached = await this.#cache.read(key, schema)
      if (!cached) throw error
      return { value: cached.value, fetchedAt: cached.fetchedAt, fromCache: true, cacheReason: error.toAppError() }
    }
  }
}
