/**
 * The checklist on 403 real grant proposals (`../shared/real-proposals`, read from there, never
 * copied here), linted as `grant-desk lint` lints a file. The figures issue 14 set as done: at
 * least 95% of accepted proposals free of errors, at most 6 warnings (median) on accepted ones.
 * `npm run corpus` prints the same figures with the per-rule table.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { CORPUS_DIR, lintCorpus, type CorpusStats } from '../../../support/corpus'

const present = existsSync(join(CORPUS_DIR, 'labels.json'))
if (!present) console.warn(`corpus.test: skipped, the corpus of real proposals is not at ${CORPUS_DIR}`)

describe.skipIf(!present)('the checklist on the corpus of real proposals', () => {
  let stats: CorpusStats
  beforeAll(async () => {
    stats = await lintCorpus()
  }, 120_000)

  it('reads both labels', () => {
    expect(stats.accepted.count).toBeGreaterThan(200)
    expect(stats.rejected.count).toBeGreaterThan(150)
  })

  it('leaves at least 95% of accepted proposals without an error', () => {
    expect(stats.accepted.zeroErrors / stats.accepted.count, stats.acceptedErrors.map((e) => `${e.file}:${e.line} ${e.ruleId}`).join('\n')).toBeGreaterThanOrEqual(0.95)
  })

  it('gives accepted proposals a median of at most 6 warnings', () => {
    expect(stats.accepted.medianWarnings).toBeLessThanOrEqual(6)
  })

  it('never reports a front-matter error or a broken check on a real proposal', () => {
    const broken = stats.files.flatMap((f) => f.findings.filter((x) => (x.ruleId === 'front-matter' && x.severity === 'error') || x.message.includes('could not run')).map((x) => `${f.file}: ${x.message}`))
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
