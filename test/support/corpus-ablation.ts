/**
 * Ablation of the corpus's proposals: each part of the guidance a proposal has (its budget, its
 * plan of milestones or phases, its team, its problem statement) cut out in turn, to measure
 * whether the checklist notices the part is gone (issue 21's "ablation recall").
 *
 * A part is cut out whole, wherever the proposal writes it, so that what is left really lacks
 * it: the sections whose headings name it (with their subsections) and, for the budget and the
 * plan, what states them outside those sections (lines with an amount of money; lines, headings
 * and tables of milestones or phases). The words here are the measurement's own, written from
 * the seed guidance, not the checklist's: the checklist must find the parts in its own way.
 */
import { parsePitch } from '../../src/shared/checklist'

export type Part = 'budget' | 'milestones' | 'team' | 'problem'
export const PARTS: readonly Part[] = ['budget', 'milestones', 'team', 'problem']

/** The rules that speak for each part: a warning or an error of one of them after the cut is a catch. */
export const PART_RULES: Record<Part, readonly string[]> = {
  budget: ['budget-itemized', 'budget-total', 'budget-coverage', 'milestones-match-budget'],
  milestones: ['milestones-count', 'milestone-parts', 'milestone-payment'],
  team: ['team-links', 'team-prior-work', 'prior-project-linked', 'solo-scope'],
  problem: ['problem-statement', 'problem-quantified'],
}

/** Headings that name each part. */
const PART_HEADINGS: Record<Part, RegExp> = {
  budget:
    /\b(?:budgets?|costs?|costing|funding|financ\w*|pricing|prices?|expenses?|compensation|payments?|tranches?|amount requested|grant amount|grant information|resource allocation|invoice\w*)\b/i,
  milestones:
    /\b(?:milestones?|phases?|stages?|sprints?|work ?packages?|tranches?|roadmap|work ?plan|project plan|implementation plan|timeline|schedule|deliverables?|tasks?)\b/i,
  team: /\b(?:team\w*|people|about (?:us|me)|who we are|founders?|contributors?|members?|authors?|personnel|staff|experience)\b/i,
  problem: /\b(?:problems?|challenges?|motivation|pain points?|background|gap|needs?|overview|abstract|introduction|summary|description|context|tl;?dr)\b/i,
}

/** An amount of money in any currency: a symbol or code next to a number. */
const CURRENCY = String.raw`(?:US\$|[$€£¥]|(?<![A-Za-z])(?:USD[CT]?|DAI|EUR|GBP|CHF|DOT|KSM|ALGOs?|Algos?|ETH|BTC|CC|CRU|NEAR|FIL|RING|ADA|XRT|ATOM|SOL|CCD)(?![A-Za-z]))`
const MONEY = new RegExp(
  String.raw`${CURRENCY}[ \t]?~?\d|\d(?:[\d,.' ]{0,12}\d)?[ \t]?(?:[kKmM]\b)?[ \t]?(?:${CURRENCY}|\b(?:dollars?|euros?|Canton Coins?)\b)`,
)
/** A metadata line that states an amount without a currency: "amount_requested: 100000". */
const AMOUNT_KEY =
  /^[ \t]*[-*]?[ \t]*(?:\*\*)?[\w -]{0,30}?(?<![A-Za-z])(?:amount|budget|costs?|funding|price|total|requested)(?![A-Za-z])[\w -]{0,20}(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*[\d,.]+[ \t]*$/i
/** A line, heading or table row that opens one unit of a plan: "Milestone 2", "Phase 1:", "M3 –", "Sprint 4". */
const UNIT_LINE =
  /^[ \t>*+-]*(?:#{1,6}[ \t]+)?(?:\|[ \t]*)?(?:\*\*|__)?[ \t]*(?:(?:milestone|phase|stage|sprint|work ?package|tranche|WP)[ \t]*#?\d{1,2}\b|M\d{1,2}\b)/i
/** A table whose header names the units of a plan. */
const UNIT_HEADER = /^\s*\|.*\b(?:milestones?|phases?|stages?|sprints?|work ?packages?|tranches?|deliverables?)\b.*\|/i

export interface Cut {
  /** The text with the part cut out; null when the proposal does not have the part. */
  text: string | null
  /** How many lines were cut. */
  lines: number
}

/**
 * The text of a draft file (front matter kept) with one part cut out of its pitch. `sections`
 * cuts only the sections whose headings name the part (what is left may still state it: costs in
 * the milestones, a plan in a payment table); `whole`, the default, cuts the part wherever it is.
 */
export function cutPart(file: string, part: Part, mode: 'whole' | 'sections' = 'whole'): Cut {
  const { head, pitch } = splitDraft(file)
  const lines = pitch.split('\n')
  const drop = new Set<number>()
  const doc = parsePitch(pitch)
  const h1 = doc.sections.filter((s) => s.depth === 1)
  for (const section of doc.sections) {
    if (section.depth === 0 || !PART_HEADINGS[part].test(section.title)) continue
    // The document's title spans the whole pitch: it is no section to cut.
    if (section.depth === 1 && h1.length === 1 && section === doc.sections.find((s) => s.depth > 0)) continue
    for (let line = section.line; line <= section.endLine; line++) drop.add(line - 1)
  }
  if (part === 'problem' && mode === 'whole') {
    // The opening prose before the first heading (or right under the title) states the problem too.
    const first = doc.sections.find((s) => s.depth > 0 && !(s.depth === 1 && h1.length === 1))
    const end = first ? first.line - 1 : lines.length
    const title = h1.length === 1 ? doc.sections.find((s) => s.depth === 1) : undefined
    for (let i = title ? title.line : 0; i < end; i++) if (isProse(lines[i]!)) drop.add(i)
  }
  if ((part === 'budget' || part === 'milestones') && mode === 'whole') {
    let fence = false
    let table = false
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!
      if (/^\s*(?:```|~~~)/.test(line)) fence = !fence
      if (fence || drop.has(i)) continue
      const isRow = /^\s*\|/.test(line)
      if (!isRow) table = false
      if (part === 'budget') {
        if (MONEY.test(line) || AMOUNT_KEY.test(line)) {
          // A heading keeps its place (its section's content stays where it was), without the amount.
          if (/^\s{0,3}#{1,6}\s/.test(line)) lines[i] = line.replace(new RegExp(MONEY.source, 'g'), '').replace(/\(\s*\)/g, '')
          else drop.add(i)
        }
      } else {
        if (isRow && !table && UNIT_HEADER.test(line)) table = true
        if (table || UNIT_LINE.test(line)) {
          drop.add(i)
          // A unit's heading takes its body with it.
          const depth = /^\s{0,3}(#{1,6})\s/.exec(line)?.[1]?.length
          if (depth !== undefined) {
            for (let j = i + 1; j < lines.length; j++) {
              const next = /^\s{0,3}(#{1,6})\s/.exec(lines[j]!)?.[1]?.length
              if (next !== undefined && next <= depth) break
              drop.add(j)
            }
          }
        }
      }
    }
  }
  if (drop.size === 0) return { text: null, lines: 0 }
  const kept = lines.filter((_, i) => !drop.has(i))
  return { text: head + kept.join('\n'), lines: drop.size }
}

function isProse(line: string): boolean {
  const t = line.trim()
  return t !== '' && !/^(?:---+|\*\*\*+|<!--.*-->|\|.*)$/.test(t) && !/^[-*]?\s*(?:\*\*)?[\w ]{1,30}(?:\*\*)?\s*:/.test(t)
}

/** The draft's front matter (kept as it is) and its pitch. */
function splitDraft(file: string): { head: string; pitch: string } {
  const m = /^(?:\uFEFF)?---[ \t]*\r?\n[\s\S]*?\n---[ \t]*\r?\n/.exec(file)
  return m ? { head: m[0], pitch: file.slice(m[0].length) } : { head: '', pitch: file }
}
