/**
 * Searching and sorting the grant list on this computer: instant, and cheap enough to run on
 * every keystroke over 10,000 grants. Which grants the service lists (status, type) is decided
 * by the core; this only narrows and orders what it returned.
 */
import { isClosed } from './grant-deadline'
import { grantSearchText, queryWords, textMatchesWords } from './grant-search'
import type { GrantSort, GrantStatusFilter, GrantSummary, GrantTypeFilter } from './grant-list'

export const GRANT_SORTS: readonly { value: GrantSort; label: string }[] = [
  { value: 'deadline', label: 'Deadline' },
  { value: 'reward', label: 'Reward amount' },
  { value: 'title', label: 'Title' },
]

/** The filters' choices as the grants screen offers them, in order, the default first (the app's screen and the host's first paint draw them). */
export const GRANT_STATUS_FILTERS: readonly { value: GrantStatusFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
]
export const GRANT_TYPE_FILTERS: readonly { value: GrantTypeFilter; label: string }[] = [
  { value: 'all', label: 'Grants and bounties' },
  { value: 'grant', label: 'Grants' },
  { value: 'bounty', label: 'Bounties' },
]

const MULTIPLIERS: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
}

/**
 * A number with optional thousands separators (comma, space, no-break space, apostrophe:
 * "10,000", "25 000", "10'000") or plain digits, an optional decimal part, and an optional
 * magnitude word ("5k", "1.2M", "3 million"). The suffix must end a word, so "5 MATIC" is 5,
 * not five million.
 */
const AMOUNT = /(\d{1,3}(?:[,'\u00a0\u202f ]\d{3})+(?!\d)|\d+)(\.\d+)?(?:\s?(k|thousand|mm|mn|million|m|bn|billion|b)\b)?/gi

/**
 * The amount a reward text names, for sorting: the highest number in it ("5,000–20,000 USDC"
 * → 20000, "Up to $50k" → 50000). Currencies are not converted, so "2 ETH" is 2. Text
 * without a number ("TBD", "Swag") gives null: unknown, not zero.
 */
export function parseRewardAmount(reward: string): number | null {
  let highest: number | null = null
  for (const match of reward.matchAll(AMOUNT)) {
    const whole = (match[1] ?? '').replace(/[,'\u00a0\u202f ]/g, '')
    const value = Number(whole + (match[2] ?? '')) * (match[3] ? (MULTIPLIERS[match[3].toLowerCase()] ?? 1) : 1)
    if (Number.isFinite(value) && (highest === null || value > highest)) highest = value
  }
  return highest
}

/**
 * What searching and sorting need of a grant, worked out once per grant object (not once per
 * keystroke or comparison) and kept as long as the object: a new list from the service makes
 * new objects, so nothing stale is ever read.
 */
interface GrantFacts {
  /** Lower-cased title, sponsor, track and reward. */
  haystack: string
  /** Epoch ms, or NaN when the deadline cannot be read. */
  deadlineAt: number
  amount: number | null
}

const factsOf = new WeakMap<GrantSummary, GrantFacts>()

function facts(grant: GrantSummary): GrantFacts {
  let known = factsOf.get(grant)
  if (known === undefined) {
    known = {
      haystack: grantSearchText(grant),
      deadlineAt: Date.parse(grant.deadline),
      amount: parseRewardAmount(grant.reward),
    }
    factsOf.set(grant, known)
  }
  return known
}

function matchesWords(grant: GrantSummary, words: readonly string[]): boolean {
  return textMatchesWords(facts(grant).haystack, words)
}

/** Every word of the query appears in the title, sponsor, track or reward (any case). */
export function matchesQuery(grant: GrantSummary, query: string): boolean {
  return matchesWords(grant, queryWords(query))
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

function byTitle(a: GrantSummary, b: GrantSummary): number {
  return collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/**
 * Each grant's place in title order, for one list: the collator (the slow comparison) runs
 * once per list, and every later sort breaks ties with a number.
 */
const titleRanks = new WeakMap<readonly GrantSummary[], Map<GrantSummary, number>>()

function titleRank(list: readonly GrantSummary[]): Map<GrantSummary, number> {
  let ranks = titleRanks.get(list)
  if (ranks === undefined) {
    ranks = new Map([...list].sort(byTitle).map((grant, index) => [grant, index]))
    titleRanks.set(list, ranks)
  }
  return ranks
}

interface Keyed {
  grant: GrantSummary
  /** Sorts before `rank` ties: 0 first. */
  group: number
  rank: number
  title: number
}

function keyFor(grant: GrantSummary, sort: GrantSort, now: number, title: number): Keyed {
  const { amount, deadlineAt } = facts(grant)
  if (sort === 'reward') {
    return amount === null ? { grant, group: 1, rank: 0, title } : { grant, group: 0, rank: -amount, title }
  }
  if (sort === 'deadline') {
    if (Number.isNaN(deadlineAt)) return { grant, group: 2, rank: 0, title }
    // Open ones soonest first; closed ones after them, the most recently closed first.
    return isClosed(deadlineAt, now, grant.status) ? { grant, group: 1, rank: -deadlineAt, title } : { grant, group: 0, rank: deadlineAt, title }
  }
  return { grant, group: 0, rank: 0, title }
}

/**
 * A sorted copy. Deadline: open grants soonest first, then closed ones (most recently closed
 * first). Reward: highest amount first, rewards without a number last. Title: A–Z. Ties go by
 * title, so the order never depends on the order the service sent. `list` is the whole list
 * `items` was taken from (its title order is worked out once); by default `items` itself.
 */
export function sortGrants(items: readonly GrantSummary[], sort: GrantSort, now: number, list: readonly GrantSummary[] = items): GrantSummary[] {
  const ranks = titleRank(list)
  const keyed = items.map((grant) => keyFor(grant, sort, now, ranks.get(grant) ?? 0))
  keyed.sort((a, b) => a.group - b.group || a.rank - b.rank || a.title - b.title)
  return keyed.map((k) => k.grant)
}

/** What the list shows: the grants matching the search, in the chosen order. */
export function visibleGrants(items: readonly GrantSummary[], query: string, sort: GrantSort, now: number): GrantSummary[] {
  const words = queryWords(query)
  const matching = words.length === 0 ? items : items.filter((grant) => matchesWords(grant, words))
  return sortGrants(matching, sort, now, items)
}
