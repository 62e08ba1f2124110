/**
 * `npm run bench`: what one keystroke in the grant browser's search costs with
 * 10,000 grants (the list the renderer issue asks to stay smooth). `visibleGrants` matches
 * every word against title, sponsor, track and reward, then sorts by deadline, reward amount
 * (parsed from the text) or title.
 *
 * The baseline, in the same run and per sort order, is plain code given the app's own
 * precomputation (issue 34): each grant's lower-cased search text (`grantSearchText`), its
 * deadline as epoch ms, its reward amount (`parseRewardAmount`) and its place in title order,
 * all worked out once before the timing, as the app keeps them per grant object. Per keystroke
 * it splits the query, filters an array of those records with `includes`, and sorts the matches
 * by numbers. That is what a competent engineer would write with the same idea; the app's
 * extra cost over it is its caches' look-ups (WeakMaps) and the objects it builds per
 * keystroke. Both answers are checked to be the same grants in the same order.
 * Goal: at most 6×, within about 3× of the measured ratio (see GOAL_RATIO).
 */
import { type GrantSort, type GrantSummary, grantSearchText } from '../src/shared/api'
import { isClosed } from '../src/shared/api/grant-deadline'
import { parseRewardAmount, visibleGrants } from '../src/shared/api/grant-listing'
import { defineBench } from './lib/row'
import { timeCases } from './lib/timing'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const DAY = 86_400_000

const SPONSORS = ['Lumen Builders Fund', 'Arcadia Foundation', 'Public Goods DAO', 'Tessellate Labs', 'Open Ledger Trust']
const TRACKS = ['Developer Tooling', 'Public Goods', 'Security', 'Infrastructure', 'Education', 'DeFi']
const REWARDS = (i: number) =>
  [`${(i % 90) + 1},000 USDC`, `Up to $${(i % 40) + 5}k`, `${(i % 7) + 1}.5M USDC`, 'Swag and a t-shirt', `${(i % 12) + 1} ETH`][i % 5]!

const grants: GrantSummary[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `${['Indexer', 'Wallet', 'Bridge', 'Faucet', 'Explorer', 'Oracle'][i % 6]} grant round ${i}`,
  sponsor: SPONSORS[i % SPONSORS.length]!,
  reward: REWARDS(i),
  deadline: new Date(NOW + ((i % 120) - 20) * DAY).toISOString(),
  status: i % 9 === 0 ? 'closed' : 'open',
  track: TRACKS[i % TRACKS.length]!,
}))

// What an applicant types, one keystroke at a time.
const QUERIES = ['w', 'wa', 'wal', 'wallet', 'wallet public', 'usdc', '15,000', 'security arcadia']
const SORTS: GrantSort[] = ['deadline', 'reward', 'title']

/** The app's precomputation, done once per grant before any timing: what plain code would keep too. */
interface Prepared {
  grant: GrantSummary
  haystack: string
  deadlineAt: number
  amount: number | null
  titleRank: number
}
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const titleOrder = [...grants].sort((a, b) => collator.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
const titleRankOf = new Map(titleOrder.map((grant, rank) => [grant, rank]))
const prepared: Prepared[] = grants.map((grant) => ({
  grant,
  haystack: grantSearchText(grant),
  deadlineAt: Date.parse(grant.deadline),
  amount: parseRewardAmount(grant.reward),
  titleRank: titleRankOf.get(grant)!,
}))

/** Open soonest first, then closed (most recently closed first), then unreadable deadlines. */
const deadlineGroup = (p: Prepared, now: number) => (Number.isNaN(p.deadlineAt) ? 2 : isClosed(p.deadlineAt, now, p.grant.status) ? 1 : 0)
const COMPARE: Record<GrantSort, (a: Prepared, b: Prepared) => number> = {
  title: (a, b) => a.titleRank - b.titleRank,
  reward: (a, b) => Number(a.amount === null) - Number(b.amount === null) || (b.amount ?? 0) - (a.amount ?? 0) || a.titleRank - b.titleRank,
  deadline: (a, b) => {
    const group = deadlineGroup(a, NOW)
    return (
      group - deadlineGroup(b, NOW) || (group === 1 ? b.deadlineAt - a.deadlineAt : group === 0 ? a.deadlineAt - b.deadlineAt : 0) || a.titleRank - b.titleRank
    )
  },
}

/** Plain code over the precomputed records: filter with includes, sort by numbers. */
function plainSearch(query: string, sort: GrantSort): GrantSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const matches = words.length === 0 ? prepared.slice() : prepared.filter((p) => words.every((word) => p.haystack.includes(word)))
  return matches.sort(COMPARE[sort]).map((p) => p.grant)
}

const cases: Record<string, () => void> = {}
for (const sort of SORTS) {
  cases[`plain, sorted by ${sort}`] = () => {
    for (const query of QUERIES) plainSearch(query, sort)
  }
  cases[`search, sorted by ${sort}`] = () => {
    for (const query of QUERIES) visibleGrants(grants, query, sort, NOW)
  }
}

/**
 * Within about 3× of the ratios measured (medians 1.8–2.6× and 2.9–4.6× in two runs on the project's loaded 2-core
 * machine; issue 34 read 2.1–4.8×): noise passes, and a regression that repeats work per keystroke or per comparison fails.
 */
const GOAL_RATIO = 6

export default defineBench({
  title: 'Grant list: one keystroke of the search over 10,000 grants',
  async run({ runs }) {
    // The same grants in the same order as plain code finds (a fast wrong answer is no result).
    for (const query of QUERIES) {
      for (const sort of SORTS) {
        const ours = visibleGrants(grants, query, sort, NOW).map((g) => g.id)
        const plain = plainSearch(query, sort).map((g) => g.id)
        const first = ours.findIndex((id, i) => id !== plain[i])
        if (ours.length !== plain.length || first >= 0) {
          return [
            {
              name: `Grant search, sorted by ${sort}`,
              unit: 'ms',
              values: [],
              error: `"${query}" finds ${ours.length} grants, plain code ${plain.length}; first difference at ${first}`,
            },
          ]
        }
      }
    }
    // The app's caches are warm, as after the list's first keystroke (the plain side's precomputation is done above).
    for (const sort of SORTS) visibleGrants(grants, '', sort, NOW)
    // CPU time: the search never waits, and other programs on the machine then do not count.
    const times = await timeCases(cases, { runs: runs(9), repeat: 5, batch: 3, clock: 'cpu' })
    const perKey = (values: number[]) => values.map((ms) => ms / QUERIES.length)
    return SORTS.map((sort) => ({
      name: `Grant search, one keystroke over ${grants.length.toLocaleString('en-US')} grants, sorted by ${sort}`,
      unit: 'ms',
      values: perKey(times[`search, sorted by ${sort}`]!),
      baseline: { name: 'plain code, same precomputation', values: perKey(times[`plain, sorted by ${sort}`]!) },
      goal: { of: 'ratio' as const, atMost: GOAL_RATIO },
      detail: [
        `the mean of ${QUERIES.length} keystrokes: ${QUERIES.map((q) => JSON.stringify(q)).join(', ')}`,
        'both answers checked to be the same grants in the same order',
      ],
    }))
  },
})
