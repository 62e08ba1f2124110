/**
 * `npm run bench`: what checking the service's answer with the contract costs. A 10,000-grant
 * list answer (the JSON text as it arrives) is parsed with `JSON.parse` alone — the baseline,
 * in the same run — and parsed and then validated with the contract's `GrantList`, as the
 * service client does. Goal: the two together cost at most 2× `JSON.parse` alone, with the
 * contract's full strictness (UUID ids, real ISO timestamps with a zone, known statuses).
 */
import { GrantList } from '../src/shared/api'
import { medianTimes } from './measure'

const RUNS = Number(process.env['BENCH_RUNS'] ?? 25)
const GOAL = 2
const NOW = Date.parse('2026-11-21T12:00:00Z')
const DAY = 86_400_000
const TRACKS = ['Developer Tooling', 'Public Goods', 'Security', 'Infrastructure', 'Education', 'DeFi']

const items = Array.from({ length: 10_000 }, (_, i) => ({
  id: `${(i * 2654435761 >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `${['Indexer', 'Wallet', 'Bridge', 'Faucet', 'Explorer', 'Oracle'][i % 6]} grant round ${i}`,
  sponsor: ['Lumen Builders Fund', 'Arcadia Foundation', 'Public Goods DAO'][i % 3],
  reward: `${(i % 90) + 1},000 USDC`,
  // As the sandbox sends them (`toISOString()`); other ISO forms are accepted and normalised, more slowly.
  deadline: new Date(NOW + (i % 120) * DAY + i * 1000).toISOString(),
  status: i % 9 === 0 ? 'closed' : 'open',
  track: TRACKS[i % TRACKS.length],
}))
const text = JSON.stringify({ items, count: items.length })

// The check must pass on this answer, or the row measures a failure path.
const checked = GrantList.safeParse(JSON.parse(text))
if (!checked.success) throw new Error(`the benchmark's answer does not pass the contract: ${checked.error.message}`)

const m = medianTimes(
  {
    'JSON.parse alone': (): unknown => JSON.parse(text),
    'JSON.parse + GrantList': () => GrantList.safeParse(JSON.parse(text)),
  },
  RUNS,
)
const ratio = m['JSON.parse + GrantList']! / m['JSON.parse alone']!
console.log(`\nContract validation: a ${items.length.toLocaleString('en-US')}-grant list answer (${(text.length / 1024 / 1024).toFixed(1)} MB); median of ${RUNS} interleaved runs`)
for (const [name, value] of Object.entries(m)) console.log(`  ${name.padEnd(24)}  ${value.toFixed(2).padStart(7)} ms`)
console.log(`Ratio (parse + validate) / parse: ${ratio.toFixed(2)} (goal: at most ${GOAL}) — ${ratio <= GOAL ? 'met' : 'NOT met'}`)
if (ratio > GOAL) process.exitCode = 1
