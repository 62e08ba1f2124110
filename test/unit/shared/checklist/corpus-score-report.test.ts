/**
 * The corpus score report on proposals built here (no corpus needed): each part's direction is
 * measured per program, so a part that ranks rejected proposals higher on one program shows
 * there even when the pool hides it; and the held-out report (`npm run corpus -- --extra DIR`)
 * prints each program's AUC with its interval and marks a wrong-way part.
 */
import { describe, expect, it } from 'vitest'
import { SCORE_RULES, type Score } from '../../../../src/shared/checklist'
import { formatHeldOutReport, scoreReport, type ScoredFile } from '../../../support/corpus-score'

/** A proposal whose parts all earn `base`, except `ruleId`, which earns `points`. */
function proposal(program: string, accepted: boolean, base: number, ruleId: string, points: number): ScoredFile {
  const parts = SCORE_RULES.map((r) => ({ ruleId: r.id, title: r.title, weight: 1, points: r.id === ruleId ? points : base, note: '' }))
  const score: Score = { score: Math.round((100 * parts.reduce((n, p) => n + p.points, 0)) / parts.length), parts }
  return { program, accepted, score }
}

// Program "a": accepted proposals earn more everywhere. Program "b": accepted ones earn more, but
// code-links gives its points to the rejected ones: it points the wrong way there only.
const files: ScoredFile[] = [
  ...[0.9, 0.8, 0.7].map((b) => proposal('a', true, b, 'code-links', 1)),
  ...[0.3, 0.2].map((b) => proposal('a', false, b, 'code-links', 0)),
  ...[0.9, 0.8].map((b) => proposal('b', true, b, 'code-links', 0)),
  ...[0.3, 0.2, 0.1].map((b) => proposal('b', false, b, 'code-links', 1)),
]

describe('the corpus score report', () => {
  it('measures each part’s direction per program', () => {
    const report = scoreReport(files)
    const code = report.rules.find((r) => r.id === 'code-links')!
    expect(code.perProgram).toEqual([
      { program: 'a', auc: 1 },
      { program: 'b', auc: 0 },
    ])
    // Pooled over both programs' pairs (6 right, 6 wrong), it looks like chance.
    expect(code.auc).toBe(0.5)
    expect(report.rules.find((r) => r.id === 'team-profiles')!.perProgram.every((p) => p.auc === 1)).toBe(true)
  })

  it('prints the held-out check: each program’s AUC with its interval, and each part marked where it points the wrong way', () => {
    const lines = formatHeldOutReport(scoreReport(files), '/tmp/held-out')
    expect(lines[0]).toBe('Held-out check (/tmp/held-out): within-program AUC of the shipped score, 95% bootstrap interval:')
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}a +3 accepted, {3}2 rejected: AUC 1\.000 \(1\.000–1\.000\)$/))
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}rule +pooled +a +b *$/))
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}code-links +0\.500 +1\.000 +0\.000 ← *$/))
    expect(lines).toContainEqual(expect.stringMatching(/^ {4}team-profiles +1\.000 +1\.000 +1\.000 *$/))
  })

  it('says so when no program of the folder has both labels', () => {
    const lines = formatHeldOutReport(scoreReport(files.filter((f) => f.accepted)), '/tmp/held-out')
    expect(lines).toEqual(["Held-out check (/tmp/held-out): no program there has both labels once the corpus's accepted proposals are added."])
  })
})
