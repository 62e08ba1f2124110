/**
 * `npm run bench`: what one keystroke in the grant browser's search costs with
 * 10,000 grants (the list the renderer issue asks to stay smooth). `visibleGrants` matches
 * every word against title, sponsor, track and reward, then sorts by deadline, reward amount
 * (parsed from the text) or title. The baseline, in the same run, is the plainest code for
 * the same search: every word against the four fields lower-cased on the spot, then a
 * `localeCompare` sort by title. Goal: the real search, in any sort order, costs at most that
 * baseline (the virtualized list renders only the rows in view, so this is the part that grows
 * with the number of grants).
 */
import type { GrantSummary } from '../src/shared/api'
import { type GrantSort, visibleGrants } from '../src/renderer/src/state/grantListing'
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

const baseline = () => {
  for (const query of QUERIES) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean)
    grants
      .filter((g) => words.every((word) => `${g.title}\n${g.sponsor}\n${g.track}\n${g.reward}`.toLowerCase().includes(word)))
      .sort((a, b) => a.title.localeCompare(b.title))
  }
}
const search = (sort: GrantSort) => () => {
  for (const query of QUERIES) visibleGrants(grants, query, sort, NOW)
}
const cases: Record<string, () => void> = { baseline, ...Object.fromEntries(SORTS.map((sort) => [`search, sorted by ${sort}`, search(sort)])) }

export default defineBench({
  title: 'Grant list: one keystroke of the search over 10,000 grants',
  async run({ runs }) {
    // Every sort's answer is the baseline's set of grants (a fast wrong answer is no result).
    for (const query of QUERIES) {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean)
      const plain = new Set(
        grants.filter((g) => words.every((word) => `${g.title}\n${g.sponsor}\n${g.track}\n${g.reward}`.toLowerCase().includes(word))).map((g) => g.id),
      )
      for (const sort of SORTS) {
        const ours = visibleGrants(grants, query, sort, NOW).map((g) => g.id)
        if (ours.length !== plain.size || ours.some((id) => !plain.has(id))) {
          return [
            {
              name: `Grant search, sorted by ${sort}`,
              unit: 'ms',
              values: [],
              error: `"${query}" finds ${ours.length} grants, the plain search ${plain.size}`,
            },
          ]
        }
      }
    }
    // CPU time: the search never waits, and other programs on the machine then do not count.
    const times = await timeCases(cases, { runs: runs(9), repeat: 5, batch: 3, clock: 'cpu' })
    const perKey = (values: number[]) => values.map((ms) => ms / QUERIES.length)
    return SORTS.map((sort) => ({
      name: `Grant search, one keystroke over ${grants.length.toLocaleString('en-US')} grants, sorted by ${sort}`,
      unit: 'ms',
      values: perKey(times[`search, sorted by ${sort}`]!),
      baseline: { name: 'the plainest search, sorted by title', values: perKey(times['baseline']!) },
      goal: { of: 'ratio' as const, atMost: 1 },
      detail: [`the mean of ${QUERIES.length} keystrokes: ${QUERIES.map((q) => JSON.stringify(q)).join(', ')}`],
    }))
  },
})
