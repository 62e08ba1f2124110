/**
 * The score's rules as docs/checklist.md lists them are the code's (issue 33: "grant-desk rules
 * and the README list each rule's weight in the score and the guidance it comes from"): each
 * row of the page's score table names a rule of SCORE_RULES, in order, with its weight in the
 * shipped set and its guidance word for word; and every passage a rule quotes is in the seed
 * guidance (`../shared/grant-service-api.md` §1), so no rule cites guidance that is not there.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SCORE_RULES, ruleWeight } from '../../../../src/shared/checklist'

const ROOT = join(import.meta.dirname, '../../../..')
const SPEC = join(ROOT, '../shared/grant-service-api.md')
const HEADER = '| Rule | Weight | From the guidance | Counts |'

/** The rows of the page's score table, cell by cell. */
function docRows(): string[][] {
  const lines = readFileSync(join(ROOT, 'docs/checklist.md'), 'utf8').split('\n')
  const at = lines.indexOf(HEADER)
  expect(at, `docs/checklist.md has no score table headed ${HEADER}`).toBeGreaterThan(-1)
  const rows: string[][] = []
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    )
  }
  return rows
}

describe('the score table of docs/checklist.md', () => {
  it('lists every score rule, in the code’s order, with its weight and the guidance it comes from', () => {
    const rows = docRows()
    expect(rows.map((r) => r[0])).toEqual(SCORE_RULES.map((r) => r.id))
    for (const rule of SCORE_RULES) {
      const row = rows.find((r) => r[0] === rule.id)!
      expect(row[1], `${rule.id}'s weight`).toBe(String(ruleWeight(rule)))
      expect(row[2], `${rule.id}'s guidance`).toBe(rule.guidance)
    }
  })
})

if (!existsSync(SPEC)) console.warn(`score-docs.test: the guidance quotes are not checked, the service spec is not at ${SPEC}`)

describe.skipIf(!existsSync(SPEC))('each score rule’s guidance', () => {
  it('quotes the seed guidance word for word (the parts around an ellipsis each)', () => {
    const spec = readFileSync(SPEC, 'utf8')
    const section = spec.slice(spec.indexOf('### Application content guidance'), spec.indexOf('## 2.'))
    expect(section.length).toBeGreaterThan(500)
    for (const rule of SCORE_RULES) {
      const quotes = [...rule.guidance.matchAll(/“([^”]+)”/g)].map((m) => m[1]!)
      expect(quotes.length, `${rule.id} quotes the guidance`).toBeGreaterThan(0)
      for (const quote of quotes) for (const part of quote.split('…')) expect(section, `${rule.id}: “${part.trim()}”`).toContain(part.trim())
    }
  })
})
