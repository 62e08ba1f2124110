/**
 * `placeAnchors`: quotes placed within a time budget, per quote and in total, as `locateQuotes`
 * places them; what cannot be placed in time is `pending` (never a guess), and a later call
 * goes on from the answer, as a renderer that runs it in slices would. The texts are real
 * proposals (`../shared/real-proposals`, skipped with the reason when absent) and the hostile
 * quotes of test/support/hostile-quotes.ts. The time bounds here are functional and generous
 * (the budget is kept, not how fast): `npm run bench` measures.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ANCHOR_BUDGET, locateQuotes, placeAnchors, quoteAt, type Placements, type TextQuote } from '../../../../src/shared/review'
import { parseDraftFile } from '../../../../src/shared/draft-file'
import { CORPUS_DIR, corpusPresent } from '../../../support/corpus'
import { hostileQuotes, longPitch } from '../../../support/hostile-quotes'

const present = corpusPresent('anchor-budget.test (real proposals)')

/** The pitches of real proposals longer than `min` characters, in name order. */
function realPitches(min: number, count: number): string[] {
  const dir = join(CORPUS_DIR, 'drafts')
  const pitches: string[] = []
  for (const name of readdirSync(dir).sort()) {
    try {
      const { pitch } = parseDraftFile(readFileSync(join(dir, name), 'utf8'))
      if (pitch.length > min) pitches.push(pitch)
    } catch {
      // A proposal the draft parser refuses is not this test's business.
    }
    if (pitches.length === count) break
  }
  return pitches
}

/** A small random generator with a seed, so every run edits the same way. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0
    return state / 2 ** 32
  }
}

/**
 * Quotes on `pitch`, and the pitch after an edit: a paragraph added near the top (every quote
 * moves), words changed inside some quotes, some quotes deleted, and hostile quotes of text
 * that is not in it.
 */
function editedWithQuotes(pitch: string, seed: number): { text: string; quotes: TextQuote[] } {
  const random = seeded(seed)
  const quotes: TextQuote[] = []
  const spans: { start: number; end: number; edit: 'none' | 'words' | 'delete' }[] = []
  const slot = Math.floor(pitch.length / 24)
  for (let i = 0; i < 24; i++) {
    const start = i * slot + Math.floor(random() * (slot - 200))
    const end = start + 20 + Math.floor(random() * 150)
    const roll = random()
    spans.push({ start, end, edit: roll < 0.6 ? 'none' : roll < 0.85 ? 'words' : 'delete' })
    quotes.push(quoteAt(pitch, start, end))
  }
  let text = pitch
  for (const span of [...spans].reverse()) {
    if (span.edit === 'none') continue
    const inside = text.slice(span.start, span.end)
    const replaced = span.edit === 'delete' ? '' : inside.replace(/[A-Za-z]{5,}/, 'reworded')
    text = text.slice(0, span.start) + replaced + text.slice(span.end)
  }
  const top = text.indexOf('\n\n')
  text = `${text.slice(0, top)}\n\nA paragraph added after the review, which moves every quote below it.\n${text.slice(top)}`
  return { text, quotes: [...quotes, ...hostileQuotes(pitch, 6)] }
}

/** Every quote the budgeted call placed (or found gone) is where `locateQuotes` puts it. */
function expectSameWherePlaced(placed: Placements, full: ReturnType<typeof locateQuotes>): void {
  placed.matches.forEach((match, i) => {
    if (match.status !== 'pending') expect(match, `quote ${i}`).toEqual(full[i])
  })
}

describe.skipIf(!present)('placeAnchors on real proposals (../shared/real-proposals)', () => {
  const pitches = present ? realPitches(12_000, 4) : []

  it('places every quote as locateQuotes does when the budget is ample', () => {
    for (const [n, pitch] of pitches.entries()) {
      const { text, quotes } = editedWithQuotes(pitch, 100 + n)
      const full = locateQuotes(text, quotes)
      const placed = placeAnchors({ text, quotes }, { perQuoteMs: 60_000, totalMs: 600_000 })
      expect(placed.pending).toEqual([])
      expect(placed.complete).toBe(true)
      expect(placed.matches).toEqual(full)
      // The edit left real work: found as they were, reworded, gone.
      expect(new Set(full.map((m) => m.status))).toEqual(new Set(['exact', 'fuzzy', 'outdated']))
    }
  })

  it('with a tight budget, places only what it can finish, each where locateQuotes puts it', () => {
    for (const [n, pitch] of pitches.entries()) {
      const { text, quotes } = editedWithQuotes(pitch, 200 + n)
      const full = locateQuotes(text, quotes)
      const placed = placeAnchors({ text, quotes }, { perQuoteMs: 15, totalMs: 150 })
      expectSameWherePlaced(placed, full)
      // Quotes found as they were never wait behind the hard ones.
      full.forEach((match, i) => {
        if (match.status === 'exact') expect(placed.matches[i]).toEqual(match)
      })
      // The hostile ones (the last six) are not placed.
      for (const match of placed.matches.slice(-6)) expect(match.status).not.toMatch(/^(exact|fuzzy)$/)
      expect(placed.pending.length).toBeGreaterThan(0)
    }
  })

  it('goes on from its answer in slices until complete, never placing differently', () => {
    const { text, quotes } = editedWithQuotes(pitches[0]!, 300)
    const full = locateQuotes(text, quotes)
    const slice = { perQuoteMs: 40, totalMs: 5 }
    let placed = placeAnchors({ text, quotes }, slice)
    let slices = 1
    while (!placed.complete) {
      expect(slices++).toBeLessThan(200)
      placed = placeAnchors({ text, quotes, previous: placed }, slice)
    }
    expectSameWherePlaced(placed, full)
    // Each hostile quote was searched for as long as a quote may be, and not placed.
    for (const i of placed.pending) {
      expect(i).toBeGreaterThanOrEqual(quotes.length - 6)
      expect(placed.matches[i]).toEqual({ status: 'pending', triedMs: expect.any(Number) })
      expect((placed.matches[i] as { triedMs: number }).triedMs).toBeGreaterThanOrEqual(40)
    }
    // A larger per-quote budget tries them again, from the same answer.
    const longer = placeAnchors({ text, quotes, previous: placed }, { perQuoteMs: 60_000, totalMs: 600_000 })
    expect(longer.pending).toEqual([])
    expect(longer.matches).toEqual(full)
  })
})

describe('placeAnchors keeps its budget', () => {
  const pitch = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'), 'utf8')
  const long = longPitch(pitch, 8)

  it("200 hostile 5,000-character quotes: back within the total and one quote's budget (give or take one step), none placed", () => {
    const quotes = hostileQuotes(long, 200)
    const start = performance.now()
    const placed = placeAnchors({ text: long, quotes }, ANCHOR_BUDGET)
    const elapsed = performance.now() - start
    expect(elapsed).toBeLessThan(ANCHOR_BUDGET.totalMs + ANCHOR_BUDGET.perQuoteMs + 500)
    expect(placed.matches.filter((m) => m.status === 'exact' || m.status === 'fuzzy')).toEqual([])
    expect(placed.pending.length).toBeGreaterThan(150)
    expect(placed.complete).toBe(false)
  })

  it('a total budget of 0 places nothing and says every quote is pending; the previous answer of another text is not used', () => {
    const quotes = [quoteAt(long, 100, 140)]
    const none = placeAnchors({ text: long, quotes }, { perQuoteMs: 50, totalMs: 0 })
    expect(none).toEqual({ matches: [{ status: 'pending', triedMs: 0 }], pending: [0], complete: false, textLength: long.length })
    const found = placeAnchors({ text: long, quotes, previous: none }, ANCHOR_BUDGET)
    expect(found.matches).toEqual(locateQuotes(long, quotes))
    // An answer for another text is no answer for this one.
    const other = placeAnchors({ text: `${long}!`, quotes, previous: found }, { perQuoteMs: 50, totalMs: 0 })
    expect(other.pending).toEqual([0])
  })
})
