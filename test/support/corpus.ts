/**
 * The corpus of real proposals (`../shared/real-proposals` from the project's root; its README
 * says what it is): each draft linted exactly as `grant-desk lint` lints a file, and the figures
 * issue 14 asks for. Shared by `npm run corpus` and the corpus test, so both measure the same.
 * The texts are read from the shared folder, never copied into the repository.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { lintFile } from '../../src/cli/grant-desk'
import { summarize, type Finding, type Severity } from '../../src/shared/checklist'

export const CORPUS_DIR = join(import.meta.dirname, '../../../shared/real-proposals')

export type Label = 'accepted' | 'rejected'

export interface LabelStats {
  count: number
  zeroErrors: number
  errors: number
  medianWarnings: number
  meanWarnings: number
  meanInfos: number
}

export interface RuleStats {
  severities: Set<Severity>
  acceptedFindings: number
  rejectedFindings: number
  /** Proposals the rule reports anything on (warnings and errors; infos do not count as firing). */
  acceptedFiles: number
  rejectedFiles: number
}

export interface CorpusStats {
  accepted: LabelStats
  rejected: LabelStats
  rules: Map<string, RuleStats>
  acceptedErrors: Array<Finding & { file: string }>
  files: Array<{ file: string; label: Label; findings: Finding[] }>
}

const median = (values: number[]) => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export async function lintCorpus(dir: string = CORPUS_DIR): Promise<CorpusStats> {
  const labels = JSON.parse(await readFile(join(dir, 'labels.json'), 'utf8')) as Record<string, { label: Label }>
  const files: CorpusStats['files'] = []
  for (const [file, { label }] of Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))) {
    const text = await readFile(join(dir, 'drafts', file), 'utf8')
    files.push({ file, label, findings: lintFile(text).findings })
  }
  const rules = new Map<string, RuleStats>()
  const acceptedErrors: CorpusStats['acceptedErrors'] = []
  const byLabel = (label: Label): LabelStats => {
    const mine = files.filter((f) => f.label === label)
    // As the CLI and the panel count: a group of findings (one cause) is one.
    const count = (f: (typeof files)[number], s: Severity) => {
      const summary = summarize(f.findings)
      return s === 'error' ? summary.errors : s === 'warning' ? summary.warnings : summary.infos
    }
    const warnings = mine.map((f) => count(f, 'warning'))
    return {
      count: mine.length,
      zeroErrors: mine.filter((f) => count(f, 'error') === 0).length,
      errors: mine.reduce((n, f) => n + count(f, 'error'), 0),
      medianWarnings: median(warnings),
      meanWarnings: warnings.reduce((a, b) => a + b, 0) / Math.max(1, mine.length),
      meanInfos: mine.reduce((n, f) => n + count(f, 'info'), 0) / Math.max(1, mine.length),
    }
  }
  for (const { file, label, findings } of files) {
    const fired = new Set<string>()
    for (const f of findings) {
      const r = rules.get(f.ruleId) ?? { severities: new Set(), acceptedFindings: 0, rejectedFindings: 0, acceptedFiles: 0, rejectedFiles: 0 }
      rules.set(f.ruleId, r)
      r.severities.add(f.severity)
      if (label === 'accepted') r.acceptedFindings++
      else r.rejectedFindings++
      if (f.severity !== 'info') fired.add(f.ruleId)
      if (label === 'accepted' && f.severity === 'error') acceptedErrors.push({ ...f, file })
    }
    for (const id of fired) {
      const r = rules.get(id)!
      if (label === 'accepted') r.acceptedFiles++
      else r.rejectedFiles++
    }
  }
  return { accepted: byLabel('accepted'), rejected: byLabel('rejected'), rules, acceptedErrors, files }
}
