/**
 * `npm run corpus`: the checklist on the corpus of real proposals (`../shared/real-proposals`,
 * see its README), linted the way `grant-desk lint` lints a file. Prints, per program family,
 * the share of accepted proposals free of errors, their median warnings (each finding counted)
 * and the ablation recall of each part of the guidance (budget, milestones, team, problem: cut
 * out in turn, is a warning or an error of that part's rules raised?); then the figures by label
 * and the per-rule table: findings on accepted and on rejected proposals and the share of each
 * the rule fires on. A rule that fires on nearly every proposal of both kinds tells them apart no
 * better than chance. Last, the score's ranking (see test/support/corpus-score.ts): the within-program
 * AUC of each program with both labels with a bootstrap interval, pooled, per weight set, and
 * leaving one program out. The corpus texts are their authors': they are read from the shared folder,
 * never copied here.
 *   --errors   also lists every error on an accepted proposal (file, line, rule, message)
 *   --misses   also lists, per family and part, the proposals whose cut went unnoticed
 *   --no-ablation  skips the ablation (it lints every proposal four more times)
 *   --sections also prints the recall when only the sections whose headings name a part are cut
 *              (what is left may still state the part: costs per milestone, a payment table)
 *   --extra DIR  prints only the held-out check: DIR holds a labels.json of the corpus's shape and
 *              its drafts in DIR/drafts (proposals no one here chose the rules on, e.g. rejected ones
 *              of a program the corpus has only accepted ones of); each of DIR's programs is scored
 *              with the corpus's proposals of the same program added: AUC with interval, each rule
 *              alone. DIR stays outside the repository: the texts are their authors'.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { CORPUS_DIR, PARTS, familyStats, lintCorpus, type CorpusFile, type CorpusStats } from '../test/support/corpus'
import { summarize } from '../src/shared/checklist'
import { formatHeldOutReport, formatScoreReport, scoreReport, type ScoredFile } from '../test/support/corpus-score'

const dir = resolve(process.env['CORPUS_DIR'] ?? CORPUS_DIR)
if (!existsSync(join(dir, 'labels.json'))) {
  console.log(`No corpus at ${dir} (labels.json missing): nothing to report.`)
  process.exit(0)
}
const scored = (files: CorpusFile[]): ScoredFile[] => files.map((f) => ({ program: f.program, accepted: f.label === 'accepted', score: f.score }))

const extraAt = process.argv.indexOf('--extra')
if (extraAt !== -1) {
  const extra = process.argv[extraAt + 1]
  if (!extra || extra.startsWith('--') || !existsSync(join(resolve(extra), 'labels.json'))) {
    console.error(
      `--extra needs a folder with a labels.json (the corpus's shape: file → { label, program, … }) and the drafts in its drafts/ folder; ` +
        `got ${extra ?? 'nothing'}.`,
    )
    process.exit(2)
  }
  const held = await lintCorpus(resolve(extra))
  const programs = new Set(held.files.map((f) => f.program))
  const corpus = await lintCorpus(dir, (e) => programs.has(e.program))
  for (const line of formatHeldOutReport(scoreReport(scored([...corpus.files, ...held.files])), resolve(extra))) console.log(line)
  process.exit(0)
}
const stats: CorpusStats = await lintCorpus(dir)
const pct = (n: number, of: number) => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)}%`)

if (!process.argv.includes('--no-ablation')) {
  const families = familyStats(stats.files)
  console.log('Per program family (accepted proposals; warnings count each finding; ablation over all proposals of the family):')
  const head = ['family', 'accepted', 'zero errors', 'median warnings', ...PARTS.map((p) => `recall ${p}`)]
  const rows = families.map((f) => [
    f.family,
    String(f.accepted),
    pct(f.zeroErrors, f.accepted),
    String(f.medianWarnings),
    ...PARTS.map((p) => `${pct(f.ablation[p].caught, f.ablation[p].has)} (${f.ablation[p].caught}/${f.ablation[p].has})`),
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  console.log(`| ${head.map((h, i) => h.padEnd(widths[i]!)).join(' | ')} |`)
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`)
  for (const r of rows) console.log(`| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`)
  if (process.argv.includes('--misses')) {
    for (const f of families) {
      for (const p of PARTS) if (f.ablation[p].missed.length > 0) console.log(`  ${f.family} ${p} missed: ${f.ablation[p].missed.join(', ')}`)
    }
  }
  if (process.argv.includes('--sections')) {
    console.log('\nRecall when only the sections named after a part are cut (the rest may still state it):')
    for (const f of familyStats(stats.files, 'sections')) {
      console.log(
        `  ${f.family.padEnd(widths[0]!)}  ${PARTS.map((p) => `${p} ${pct(f.ablation[p].caught, f.ablation[p].has)} (${f.ablation[p].caught}/${f.ablation[p].has})`).join('  ')}`,
      )
    }
  }
  console.log('')
}

for (const label of ['accepted', 'rejected'] as const) {
  const s = stats[label]
  console.log(
    `${label.padEnd(8)} ${String(s.count).padStart(3)} proposals: ${pct(s.zeroErrors, s.count)} with zero errors (${s.errors} errors in all); ` +
      `warnings median ${s.medianWarnings}, mean ${s.meanWarnings.toFixed(1)} (a group counted once); infos mean ${s.meanInfos.toFixed(1)}`,
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
console.log('')
for (const line of formatScoreReport(
  scoreReport(
    stats.files.map((f) => {
      const summary = summarize(f.findings)
      return { program: f.program, accepted: f.label === 'accepted', score: f.score, faults: 3 * summary.errors + summary.warnings }
    }),
  ),
))
  console.log(line)
if (process.argv.includes('--errors')) {
  console.log('\nErrors on accepted proposals:')
  for (const e of stats.acceptedErrors) console.log(`  ${e.file}:${e.line} ${e.ruleId}: ${e.message}`)
}
