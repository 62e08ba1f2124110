/**
 * Grant or bounty, for the chips on the list and the detail. Neither the list nor the detail
 * says; the list's `type` filter does, so the bounties (all statuses) are asked for once in
 * the background (the core caches that answer, so it also works offline), and every other
 * grant is a grant. Until that answer arrives, or when it cannot be had, no type chip is
 * shown rather than a guess.
 */
import { latestRequest, createStore } from '../store'
import type { GrantType } from '../../../../shared/api'
import { call } from '../../lib/bridge'
import { REFRESH_AFTER_MS, type TypeFilter } from './grants'

interface GrantKindsState {
  /** Lower-cased ids of the bounties, or null before the first answer. */
  bountyIds: ReadonlySet<string> | null
  loadedAt: number | null
}

export const useGrantKinds = createStore<GrantKindsState>(() => ({ bountyIds: null, loadedAt: null }))

/** Callers while the bounties are being asked for share that one request. */
const requests = latestRequest()

/** Asks for the bounties unless a recent answer is at hand. Never fails: no answer, no chips. */
export function learnGrantKinds(): Promise<void> {
  const { loadedAt } = useGrantKinds.getState()
  if (loadedAt !== null && Date.now() - loadedAt < REFRESH_AFTER_MS) return Promise.resolve()
  return requests.run(
    undefined,
    () => call('grants.list', { status: 'all', type: 'bounty' }),
    (answer) => {
      if (answer.ok) useGrantKinds.setState({ bountyIds: new Set(answer.value.items.map((item) => item.id.toLowerCase())), loadedAt: Date.now() })
    },
  )
}

/** The kind of one grant: from the list's filter when it has one, else from the bounty list. */
export function grantKind(id: string, filter: TypeFilter, bountyIds: ReadonlySet<string> | null): GrantType | null {
  if (filter !== 'all') return filter
  if (bountyIds === null) return null
  return bountyIds.has(id.toLowerCase()) ? 'bounty' : 'grant'
}
