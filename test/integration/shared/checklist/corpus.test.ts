/**
 * The checklist on the real proposals of `../shared/real-proposals` (550 of twelve programs,
 * read from there, never copied here), linted as `grant-desk lint` lints a file. The figures
 * issue 21 set as done, on every program family (W3F's and the programs that copied its
 * template, and each other program): at least 95% of accepted proposals free of errors, a
 * median of at most 5 warnings counting each finding, and an ablation recall of at least 95%
 * for each part of the guidance (each part a proposal has cut out in turn, wherever it is
 * written: a warning or an error of that part's rules must appear). `npm run corpus` prints the
 * same figures with the per-rule table.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { PARTS, corpusPresent, familyStats, lintCorpus, type CorpusStats, type FamilyStats } from '../../../support/corpus'

const present = corpusPresent('corpus.test')

describe.skipIf(!present)('the checklist on the corpus of real proposals', () => {
  let stats: CorpusStats
  let families: FamilyStats[]
  beforeAll(async () => {
    stats = await lintCorpus()
    families = familyStats(stats.files)
  }, 600_000)

  it('reads both labels and every program family the corpus names', () => {
    expect(stats.accepted.count).toBeGreaterThan(350)
    expect(stats.rejected.count).toBeGreaterThan(150)
    // The W3F family and the eight other programs' prefixes of the corpus's README.
    expect(families.map((f) => f.family).sort()).toEqual(['W3F family', 'canton', 'concordium', 'hf', 'pfg', 'posg', 'ringdao', 'robonomics', 'xgov'])
  })

  it('leaves at least 95% of accepted proposals without an error, and gives them a median of at most 6 warnings (a group counted once)', () => {
    expect(
      stats.accepted.zeroErrors / stats.accepted.count,
      stats.acceptedErrors.map((e) => `${e.file}:${e.line} ${e.ruleId}`).join('\n'),
    ).toBeGreaterThanOrEqual(0.95)
    expect(stats.accepted.medianWarnings).toBeLessThanOrEqual(6)
  })

  it('leaves at least 95% of accepted proposals of every family without an error', () => {
    const below = families.filter((f) => f.zeroErrors / f.accepted < 0.95).map((f) => `${f.family}: ${f.zeroErrors}/${f.accepted}`)
    expect(below, stats.acceptedErrors.map((e) => `${e.file}:${e.line} ${e.ruleId}`).join('\n')).toEqual([])
  })

  it('gives the accepted proposals of every family a median of at most 5 warnings, counting each finding', () => {
    expect(families.filter((f) => f.medianWarnings > 5).map((f) => `${f.family}: ${f.medianWarnings}`)).toEqual([])
  })

  it('notices each part cut out of a proposal (ablation recall at least 95% per part and family)', () => {
    const low = families.flatMap((f) =>
      PARTS.filter((part) => f.ablation[part].has > 0 && f.ablation[part].caught / f.ablation[part].has < 0.95).map(
        (part) => `${f.family} ${part}: ${f.ablation[part].caught}/${f.ablation[part].has}, missed ${f.ablation[part].missed.join(', ')}`,
      ),
    )
    expect(low).toEqual([])
    // Every part was cut from many proposals: the figure measures something.
    for (const part of PARTS) expect(families.reduce((n, f) => n + f.ablation[part].has, 0)).toBeGreaterThan(300)
  })

  it('never reports a front-matter error or a broken check on a real proposal', () => {
    const broken = stats.files.flatMap((f) =>
      f.findings
        .filter((x) => (x.ruleId === 'front-matter' && x.severity === 'error') || x.message.includes('could not run'))
        .map((x) => `${f.file}: ${x.message}`),
    )
    expect(broken).toEqual([])
  })

  it('has no warning-level rule that fires on nearly every proposal of both labels', () => {
    // Noise tells accepted from rejected no better than chance: a rule firing on > 95% of both must be precise or an info.
    const noisy = [...stats.rules.entries()]
      .filter(([, r]) => r.acceptedFiles / stats.accepted.count > 0.95 && r.rejectedFiles / stats.rejected.count > 0.95)
      .map(([id]) => id)
    expect(noisy).toEqual([])
  })
})
