/**
 * What checking the service's answer with the contract costs, for every way of writing a
 * deadline the contract accepts (ISO 8601 / RFC 3339 with a zone: `Z`, `+00:00`, other offsets
 * with or without a colon or minutes, fractional seconds of any length, no seconds, a space or a
 * lower-case `t`). For each form a 10,000-grant list answer (the JSON text as it arrives, every
 * deadline in that form) is parsed with `JSON.parse` alone, the baseline in the same run, and
 * parsed and then validated with the contract's `GrantList` as the service client does.
 * Times are CPU time of the process (neither waits for anything), each call timed alone after a
 * forced full garbage collection (issue 34: with batches, the garbage of one side was collected
 * while the other was timed, and parse-and-check read 0.81× the parse it contains). Since the
 * app's side runs the same `JSON.parse` and then checks, no honest run reads under 1×. Goal: the
 * two together cost at most 2× `JSON.parse` alone (measured 1.3–1.6× on a loaded machine), with the contract's full
 * strictness (UUID ids, real dates with a zone, known statuses), for every form.
 *
 * The answers are checked first: every list must pass, every deadline must come out as the
 * instant it names, in `toISOString()` form (a fast wrong answer is no result).
 */
import { GrantList } from '../src/shared/api'
import { defineBench, type RowSpec } from './lib/row'
import { exposeGc, timeCases } from './lib/timing'

const GRANTS = 10_000
const gc = exposeGc()
const NOW = Date.parse('2026-11-21T12:00:00Z')
const DAY = 86_400_000
const TRACKS = ['Developer Tooling', 'Public Goods', 'Security', 'Infrastructure', 'Education', 'DeFi']

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')

/** An instant written with a UTC offset of `minutes` (the wall-clock time there, then the offset). */
function withOffset(ms: number, minutes: number, write: (sign: string, hh: string, mm: string) => string, fraction = '', separator = 'T'): string {
  const local = new Date(ms + minutes * 60_000).toISOString() // the wall clock at that offset, as if UTC
  const sign = minutes < 0 ? '-' : '+'
  return `${local.slice(0, 10)}${separator}${local.slice(11, 19)}${fraction}${write(sign, pad(Math.trunc(Math.abs(minutes) / 60)), pad(Math.abs(minutes) % 60))}`
}

/** The forms, each a way to write the instant `ms` (whole seconds, or the milliseconds a fraction keeps). */
const FORMS: { label: string; write: (ms: number) => string }[] = [
  { label: '2026-11-21T12:00:00.000Z (toISOString)', write: (ms) => new Date(ms).toISOString() },
  { label: '2026-11-21T12:00:00Z', write: (ms) => `${new Date(ms).toISOString().slice(0, 19)}Z` },
  { label: '2026-11-21T12:00:00+00:00', write: (ms) => withOffset(ms, 0, (s, h, m) => `${s}${h}:${m}`) },
  { label: '2026-11-21T12:00:00.000+00:00', write: (ms) => withOffset(ms, 0, (s, h, m) => `${s}${h}:${m}`, `.${pad(ms % 1000, 3)}`) },
  { label: '2026-11-21T14:00:00+02:00', write: (ms) => withOffset(ms, 120, (s, h, m) => `${s}${h}:${m}`) },
  { label: '2026-11-21T06:30:00-05:30', write: (ms) => withOffset(ms, -330, (s, h, m) => `${s}${h}:${m}`) },
  { label: '2026-11-21T14:00:00+0200', write: (ms) => withOffset(ms, 120, (s, h, m) => `${s}${h}${m}`) },
  { label: '2026-11-21T14:00:00+02', write: (ms) => withOffset(ms, 120, (s, h) => `${s}${h}`) },
  { label: '2026-11-21T12:00:00.123456Z (microseconds)', write: (ms) => `${new Date(ms).toISOString().slice(0, 23)}456Z` },
  { label: '2026-11-21T12:00:00.5Z (tenths)', write: (ms) => `${new Date(ms).toISOString().slice(0, 21)}Z` },
  { label: '2026-11-21T12:00Z (no seconds)', write: (ms) => `${new Date(ms).toISOString().slice(0, 16)}Z` },
  {
    label: '2026-11-21 12:00:00z (space, lower case)',
    write: (ms) => `${new Date(ms).toISOString().slice(0, 10)} ${new Date(ms).toISOString().slice(11, 19)}z`,
  },
]

/** The instant each form keeps of `ms`: what the contract must give back, in toISOString form. */
function expected(label: string, ms: number): string {
  if (label.includes('tenths')) ms -= ms % 100
  else if (label.includes('no seconds')) ms -= ms % 60_000
  else if (!label.includes('.000') && !label.includes('microseconds')) ms -= ms % 1000
  return new Date(ms).toISOString()
}

function answer(write: (ms: number) => string) {
  const instants: number[] = []
  const items = Array.from({ length: GRANTS }, (_, i) => {
    const ms = NOW + (i % 120) * DAY + i * 1_037 + (i % 7) * 111
    instants.push(ms)
    return {
      id: `${((i * 2654435761) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`,
      title: `${['Indexer', 'Wallet', 'Bridge', 'Faucet', 'Explorer', 'Oracle'][i % 6]} grant round ${i}`,
      sponsor: ['Lumen Builders Fund', 'Arcadia Foundation', 'Public Goods DAO'][i % 3],
      reward: `${(i % 90) + 1},000 USDC`,
      deadline: write(ms),
      status: i % 9 === 0 ? 'closed' : 'open',
      track: TRACKS[i % TRACKS.length],
    }
  })
  return { text: JSON.stringify({ items, count: items.length }), instants, sample: items[1]!.deadline }
}

export default defineBench({
  title: 'Contract validation: a 10,000-grant list answer, per way of writing its deadlines',
  async run({ runs }) {
    const rows: RowSpec[] = []
    for (const form of FORMS) {
      const { text, instants, sample } = answer(form.write)
      const name = `Contract: ${GRANTS.toLocaleString('en-US')} grants, deadlines ${form.label}`
      const checked = GrantList.safeParse(JSON.parse(text))
      const wrong = !checked.success
        ? `the answer does not pass the contract: ${checked.error.issues[0]?.message}`
        : checked.data.items.findIndex((item, i) => item.deadline !== expected(form.label, instants[i]!))
      if (typeof wrong === 'string' || wrong >= 0) {
        const item = typeof wrong === 'number' ? checked.data!.items[wrong]! : null
        rows.push({
          name,
          unit: 'ms',
          values: [],
          error: typeof wrong === 'string' ? wrong : `grant ${wrong}: ${item!.deadline}, expected ${expected(form.label, instants[wrong]!)}`,
        })
        continue
      }
      const times = await timeCases(
        { parse: (): unknown => JSON.parse(text), validate: () => GrantList.safeParse(JSON.parse(text)) },
        // CPU time: parsing and checking never wait, and other programs on the machine then do not
        // count. A full garbage collection before each timing: each call starts from a settled heap
        // and pays only for its own garbage (in batches, one side's garbage was collected while the
        // other was timed, and the parse alone read slower than the parse plus the check).
        { runs: runs(9), repeat: 5, clock: 'cpu', settle: gc },
      )
      rows.push({
        name,
        unit: 'ms',
        values: times.validate,
        baseline: { name: 'JSON.parse alone', values: times.parse },
        goal: { of: 'ratio', atMost: 2 },
        detail: [`${(text.length / 2 ** 20).toFixed(1)} MB of JSON; e.g. ${JSON.stringify(sample)}; every deadline checked to be the instant it names`],
      })
    }
    return rows
  },
})
