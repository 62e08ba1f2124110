/**
 * The corpus of real proposals (`../shared/real-proposals` from the project's root; its README
 * says what it is): each draft linted exactly as `grant-desk lint` lints a file, the figures by
 * label and by program family, and the ablation recall of each part of the guidance (see
 * corpus-ablation.ts). Shared by `npm run corpus` and the corpus test, so both measure the same.
 * The texts are read from the shared folder, never copied into the repository.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { lintFile } from '../../src/cli/lint-file'
import { summarize, type Finding, type Score, type Severity } from '../../src/shared/checklist'
import { PARTS, PART_RULES, cutPart, type Part } from './corpus-ablation'

export const CORPUS_DIR = join(import.meta.dirname, '../../../shared/real-proposals')

/**
 * Whether the corpus is there for `what` (a test or a group of them). Absent on a developer's
 * machine, the test says it was skipped and why; absent in CI (`CI` set), where `../shared` is
 * laid beside the clone, it is an error, so a corpus test can never pass by not running.
 */
export function corpusPresent(what: string, env: Record<string, string | undefined> = process.env, dir = CORPUS_DIR): boolean {
  if (existsSync(join(dir, 'labels.json'))) return true
  if (env['CI']) {
    throw new Error(`${what}: the corpus of real proposals is not at ${dir}, and CI lays ../shared beside the clone; the test cannot be skipped there.`)
  }
  console.warn(`${what}: skipped, the corpus of real proposals is not at ${dir}`)
  return false
}

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

export interface CorpusFile {
  file: string
  label: Label
  /** The program family: "W3F family" for W3F and the programs that copied its template, else the file's prefix. */
  family: string
  /** The program, as labels.json names it. */
  program: string
  text: string
  findings: Finding[]
  /** The pitch's score as `grant-desk lint` gives it. */
  score: Score | undefined
}

/** Per program family, over its accepted proposals; warnings count each finding (a group's parts too). */
export interface FamilyStats {
  family: string
  programs: string[]
  accepted: number
  zeroErrors: number
  medianWarnings: number
  /** Each part: proposals that have it (all labels), and how many of those drew a warning or error of its rules once it was cut out. */
  ablation: Record<Part, { has: number; caught: number; missed: string[] }>
}

export interface CorpusStats {
  accepted: LabelStats
  rejected: LabelStats
  rules: Map<string, RuleStats>
  acceptedErrors: Array<Finding & { file: string }>
  files: CorpusFile[]
}

/** Programs that use W3F's template (Mintbase and Crust copied it): one family. */
const W3F_FAMILY = /^(?:w3f|mintbase|crust)-/
export const W3F_FAMILY_NAME = 'W3F family'

export function familyOf(file: string): string {
  return W3F_FAMILY.test(file) ? W3F_FAMILY_NAME : file.split('-')[0]!
}

const median = (values: number[]) => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/**
 * Lints every draft `labels.json` lists in `dir` (its files in `dir/drafts`), or only those
 * `include` keeps (the held-out check lints the corpus's proposals of its programs only).
 */
export async function lintCorpus(dir: string = CORPUS_DIR, include: (entry: { label: Label; program: string }) => boolean = () => true): Promise<CorpusStats> {
  const labels = JSON.parse(await readFile(join(dir, 'labels.json'), 'utf8')) as Record<string, { label: Label; program: string }>
  const files: CorpusFile[] = []
  for (const [file, { label, program }] of Object.entries(labels).sort(([a], [b]) => a.localeCompare(b))) {
    if (!include({ label, program })) continue
    const text = await readFile(join(dir, 'drafts', file), 'utf8')
    const { findings, score } = lintFile(text)
    files.push({ file, label, family: familyOf(file), program, text, findings, score })
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

/**
 * The figures issue 21 asks for, per program family: the share of accepted proposals with zero
 * errors, their median warnings counting each finding, and the ablation recall of each part
 * (over every proposal of the family, accepted or not: a part cut out is missing either way).
 */
export function familyStats(files: readonly CorpusFile[], mode: 'whole' | 'sections' = 'whole'): FamilyStats[] {
  const families = [...new Set(files.map((f) => f.family))].sort((a, b) => (a === W3F_FAMILY_NAME ? -1 : b === W3F_FAMILY_NAME ? 1 : a.localeCompare(b)))
  return families.map((family) => {
    const mine = files.filter((f) => f.family === family)
    const accepted = mine.filter((f) => f.label === 'accepted')
    const ablation = Object.fromEntries(PARTS.map((part) => [part, { has: 0, caught: 0, missed: [] as string[] }])) as FamilyStats['ablation']
    for (const f of mine) {
      for (const part of PARTS) {
        const cut = cutPart(f.text, part, mode)
        if (cut.text === null) continue
        const a = ablation[part]
        a.has++
        const rules = PART_RULES[part]
        if (lintFile(cut.text).findings.some((x) => x.severity !== 'info' && rules.includes(x.ruleId))) a.caught++
        else a.missed.push(f.file)
      }
    }
    return {
      family,
      programs: [...new Set(mine.map((f) => f.program))].sort(),
      accepted: accepted.length,
      zeroErrors: accepted.filter((f) => !f.findings.some((x) => x.severity === 'error')).length,
      medianWarnings: median(accepted.map((f) => f.findings.filter((x) => x.severity === 'warning').length)),
      ablation,
    }
  })
}

export { PARTS, type Part }
