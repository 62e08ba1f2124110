/**
 * `npm run corpus`: the checklist on the corpus of real proposals (`../shared/real-proposals`,
 * see its README), linted the way `grant-desk lint` lints a file. Prints how many accepted and
 * rejected proposals are free of errors, their warnings (median, mean) and the per-rule table:
 * findings on accepted and on rejected proposals and the share of each the rule fires on. A rule
 * that fires on nearly every proposal of both kinds tells them apart no better than chance.
 * The corpus texts are their authors': they are read from the shared folder, never copied here.
 * `--errors` also lists every error on an accepted proposal (file, line, rule, message).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CORPUS_DIR, lintCorpus, type CorpusStats } from '../test/support/corpus'

const dir = resolve(process.env['CORPUS_DIR'] ?? CORPUS_DIR)
if (!existsSync(join(dir, 'labels.json'))) {
  console.log(`No corpus at ${dir} (labels.json missing): nothing to report.`)
  process.exit(0)
}
const stats: CorpusStats = await lintCorpus(dir)
const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)}%`)
for (const label of ['accepted', 'rejected'] as const) {
  const s = stats[label]
  console.log(
    `${label.padEnd(8)} ${String(s.count).padStart(3)} proposals: ${pct(s.zeroErrors, s.count)} with zero errors (${s.errors} errors in all); ` +
      `warnings median ${s.medianWarnings}, mean ${s.meanWarnings.toFixed(1)}; infos mean ${s.meanInfos.toFixed(1)}`,
  )
}
const rows = [...stats.rules.entries()].sort((a, b) => b[1].acceptedFindings + b[1].rejectedFindings - (a[1].acceptedFindings + a[1].rejectedFindings))
const pad = Math.max(4, ...rows.map(([id]) => id.length))
console.log(`\n${'rule'.padEnd(pad)}  severities        acc. findings  rej. findings  % acc. fired  % rej. fired`)
for (const [id, r] of rows) {
  console.log(
    `${id.padEnd(pad)}  ${[...r.severities].sort().join('/').padEnd(16)}  ${String(r.acceptedFindings).padStart(13)}  ${String(r.rejectedFindings).padStart(13)}  ` +
      `${pct(r.acceptedFiles, stats.accepted.count).padStart(12)}  ${pct(r.rejectedFiles, stats.rejected.count).padStart(12)}`,
  )
}
if (process.argv.includes('--errors')) {
  console.log('\nErrors on accepted proposals:')
  for (const e of stats.acceptedErrors) console.log(`  ${e.file}:${e.line} ${e.ruleId}: ${e.message}`)
}
