/**
 * `npm run bench`: re-anchoring review comments after an edit. 200 quotes on a
 * ~100 KB pitch, and one save that inserts a paragraph near the top (every quote moves), changes
 * a few words inside 3 quoted passages and deletes 1: `locateQuotes` must place them all in at
 * most 5 ms (the renderer re-anchors on every save, and must not drop a frame doing it; 5 ms is
 * about 3× the 1.5 ms the CI run measured, where a regression fails it: issue 34. It was 10 ms). The
 * baseline, in the same run, is the least anyone could do: one `indexOf` per quote. The results
 * are checked too (196 exact at their moved offsets, 3 fuzzy over the edited words, 1 outdated):
 * a fast wrong answer is a failure.
 */
import { type TextQuote, locateQuotes, quoteAt } from '../src/shared/review'
import { defineBench } from './lib/row'
import { timeCases } from './lib/timing'
import { OBJECTS, SUBJECTS, TAILS, VERBS, chooser } from './synthetic'

const GOAL_MS = 5
const QUOTES = 200

const { pick, int } = chooser(20_261_121)
const sentence = () => `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)}${int(0, 3) === 0 ? ` (${int(2, 99)}% of scope)` : ''}.`
const paragraph = () => Array.from({ length: int(3, 7) }, sentence).join(' ')

function pitchText(): string {
  const parts = ['# Payments SDK for Arcadia', '', paragraph(), '']
  for (let section = 1; parts.join('\n').length < 100_000; section++) {
    parts.push(`## ${section}. ${pick(['Milestone', 'Work package', 'Risk', 'Deliverable'])}: ${pick(OBJECTS)}`, '')
    for (let p = int(1, 3); p > 0; p--) parts.push(paragraph(), '')
    if (section % 3 === 0) {
      parts.push('| Item | Owner | Weeks | Amount |', '| --- | --- | --- | --- |')
      for (let r = int(2, 5); r > 0; r--)
        parts.push(`| ${pick(OBJECTS)} | ${pick(['Ana', 'Bo', 'Chidi', 'Dara'])} | ${int(1, 12)} | ${int(1, 40) * 500} USDC |`)
      parts.push('')
    }
    if (section % 4 === 0) parts.push(...Array.from({ length: int(2, 4) }, () => `- ${sentence()}`), '')
  }
  return parts.join('\n')
}

const original = pitchText()

// 200 quotes, one in each 1/200 of the text, 20–120 characters from a random point in it.
const slot = Math.floor(original.length / QUOTES)
const spans = Array.from({ length: QUOTES }, (_, i) => {
  const start = i * slot + int(0, slot - 125)
  return { start, end: start + int(20, 120) }
})
const quotes: TextQuote[] = spans.map(({ start, end }) => quoteAt(original, start, end))

// The edit, as one list of replacements (applied back to front so offsets stay valid).
interface Replacement {
  start: number
  end: number
  insert: string
}
const replacements: Replacement[] = []
const inserted = `\n${paragraph()} A new opening paragraph, added after the first review.\n`
const insertAt = original.indexOf('\n\n', original.indexOf('\n\n') + 2) // after the opening paragraph
replacements.push({ start: insertAt, end: insertAt, insert: inserted })

/** Two words in the middle of a quote replaced: what "a few words changed" looks like. */
function rewordedSpan(i: number): Replacement {
  const { start, end } = spans[i]!
  const text = original.slice(start, end)
  const words = [...text.matchAll(/[A-Za-z]{4,}/g)].filter((m) => m.index > 4 && m.index + m[0].length < text.length - 4)
  const [a, b] = [words[Math.floor(words.length / 3)]!, words[Math.floor((2 * words.length) / 3)]!]
  const edited = text.slice(0, a.index) + 'revised' + text.slice(a.index + a[0].length, b.index) + 'reworked' + text.slice(b.index + b[0].length)
  return { start, end, insert: edited }
}
// Long quotes with words to change, spread over the text; then one whole quote deleted.
const longOnes = spans
  .map((s, i) => ({ i, length: s.end - s.start }))
  .filter(({ i, length }) => length >= 70 && i > 10 && !original.slice(spans[i]!.start, spans[i]!.end).includes('|'))
const reworded = [longOnes[5]!.i, longOnes[Math.floor(longOnes.length / 2)]!.i, longOnes[longOnes.length - 5]!.i]
for (const i of reworded) replacements.push(rewordedSpan(i))
const deleted = longOnes[Math.floor(longOnes.length / 3)]!.i
replacements.push({ ...spans[deleted]!, insert: '' })

let edited = original
for (const r of [...replacements].sort((x, y) => y.start - x.start)) edited = edited.slice(0, r.start) + r.insert + edited.slice(r.end)
/** Where an offset of the original text is in the edited one (for offsets outside the edits). */
const moved = (offset: number) => offset + replacements.filter((r) => r.end <= offset).reduce((sum, r) => sum + r.insert.length - (r.end - r.start), 0)

const cases = {
  'indexOf per quote (baseline)': () => quotes.map((q) => edited.indexOf(q.exact)),
  locateQuotes: () => locateQuotes(edited, quotes),
}

// The answers first: a fast wrong answer is no result.
const results = locateQuotes(edited, quotes)
const problems: string[] = []
const counts = { exact: 0, fuzzy: 0, outdated: 0 }
results.forEach((match, i) => {
  counts[match.status]++
  const want = i === deleted ? 'outdated' : reworded.includes(i) ? 'fuzzy' : 'exact'
  if (match.status !== want) problems.push(`quote ${i}: ${match.status}, expected ${want}`)
  else if (match.status !== 'outdated') {
    const start = moved(spans[i]!.start)
    const text = want === 'fuzzy' ? replacements.find((r) => r.start === spans[i]!.start)!.insert : quotes[i]!.exact
    if (match.start !== start || match.text !== text)
      problems.push(`quote ${i}: found at ${match.start} ${JSON.stringify(match.text)}, expected ${start} ${JSON.stringify(text)}`)
  }
})

export default defineBench({
  title: 'Anchors: re-placing 200 review quotes after an edit',
  async run({ runs }) {
    const name = `Re-anchoring ${QUOTES} quotes on a ${(edited.length / 1000).toFixed(0)} KB pitch after one edit (locateQuotes)`
    if (problems.length > 0) return [{ name, unit: 'ms', values: [], error: `wrong answers: ${problems.slice(0, 3).join('; ')}` }]
    // CPU time: anchoring never waits, and other programs on the machine then do not count.
    const times = await timeCases(cases, { runs: runs(9), repeat: 5, batch: 3, clock: 'cpu' })
    return [
      {
        name,
        unit: 'ms',
        values: times.locateQuotes,
        baseline: { name: 'one indexOf per quote', values: times['indexOf per quote (baseline)'] },
        goal: { of: 'value', atMost: GOAL_MS },
        detail: [`results checked: ${counts.exact} exact, ${counts.fuzzy} fuzzy, ${counts.outdated} outdated (expected ${QUOTES - 4}, 3, 1)`],
      },
    ]
  },
})
