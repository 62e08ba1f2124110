/**
 * `grant-desk lint <draft.md | folder …>`: the checklist on each file, as text (one line per
 * finding or cause, for a terminal or a CI log), JSON (the findings as they are) or SARIF (for
 * code scanning). A draft with review records beside it is also judged by the review rules.
 * Exit codes follow markdownlint-cli2: 0 no errors, 1 errors found, 2 usage or read failure.
 */
import { ALL_RULES, severityCounts, severityTag, type Finding, type ScorePart, type Summary } from '../../shared/checklist'
import { DraftFileError, parseDraftFile, splitFrontMatter, type DraftFile } from '../../shared/draft-file'
import { hasReview, type ReviewData } from '../../shared/review'
import { plural } from '../../shared/text'
import { hasFrontMatter, readDraftReview, readTextFile } from '../files'
import { FRONT_MATTER_RULE, type FileLint, lintFile } from '../lint-file'
import { displayName, errorMessage, escapedIo, readReason, type Io } from '../output'
import { terminalLines } from '../terminal'

export interface FileReport {
  file: string
  findings: Finding[]
  summary: Summary
  /** The pitch's score beside the verdict: 0–100, higher = closer to what approved pitches have (`grant-desk rules` lists its rules and weights). */
  score?: number | undefined
  /** What each score rule read and gave (points 0–1 times its weight). */
  scoreParts?: ScorePart[] | undefined
}

/** The findings as the text output lists them: a lone finding, or a group (one cause) with its parts in order. */
function causesOf(findings: readonly Finding[]): Array<Finding | { group: NonNullable<Finding['group']>; parts: Finding[] }> {
  const out: Array<Finding | { group: NonNullable<Finding['group']>; parts: Finding[] }> = []
  const byId = new Map<string, Finding[]>()
  for (const f of findings) {
    if (!f.group) {
      out.push(f)
      continue
    }
    const parts = byId.get(f.group.id)
    if (parts) parts.push(f)
    else {
      const fresh = [f]
      byId.set(f.group.id, fresh)
      out.push({ group: f.group, parts: fresh })
    }
  }
  return out
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const

function formatText(reports: FileReport[]): string {
  const lines: string[] = []
  let errors = 0
  let warnings = 0
  for (const report of reports) {
    for (const cause of causesOf(report.findings)) {
      if (!('parts' in cause)) {
        lines.push(`${report.file}:${cause.line}:${cause.column}: ${severityTag(cause.severity)} ${cause.ruleId}: ${cause.message}`)
        lines.push(`    ${cause.hint}`)
        continue
      }
      // One line per cause, its parts indented under it (each at its own line of the file).
      const first = cause.parts[0]!
      const severity = cause.parts.reduce((worst, f) => (SEVERITY_RANK[f.severity] < SEVERITY_RANK[worst] ? f.severity : worst), first.severity)
      lines.push(`${report.file}:${first.line}:${first.column}: ${severityTag(severity)} ${first.ruleId}: ${cause.group.title}`)
      for (const part of cause.parts) {
        lines.push(`    ${part.line}:${part.column}: ${part.message}`)
        lines.push(`        ${part.hint}`)
      }
    }
    lines.push(`${report.file}: ${report.summary.verdict}${report.score !== undefined ? ` Score ${report.score}/100.` : ''}`)
    errors += report.summary.errors
    warnings += report.summary.warnings
  }
  lines.push(`${plural(reports.length, 'draft')} checked: ${severityCounts({ errors, warnings }, { zeros: true })}.`)
  // File names, quotes of the pitch and review comments reach the terminal written out, never as escape sequences.
  return terminalLines(lines)
}

const SARIF_LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const

function formatSarif(reports: FileReport[]): string {
  const rules = [...ALL_RULES, { ...FRONT_MATTER_RULE, severity: 'error' as const }]
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'grant-desk',
              rules: rules.map((rule) => ({
                id: rule.id,
                name: rule.title,
                shortDescription: { text: rule.title },
                fullDescription: { text: rule.description },
                defaultConfiguration: { level: SARIF_LEVEL[rule.severity] },
              })),
            },
          },
          results: reports.flatMap((report) =>
            report.findings.map((f) => ({
              ruleId: f.ruleId,
              level: SARIF_LEVEL[f.severity],
              message: { text: `${f.message} ${f.hint}` },
              // SARIF has no groups: the cause's id and title travel as properties of each part.
              ...(f.group || f.field
                ? { properties: { ...(f.group ? { group: f.group.id, groupTitle: f.group.title } : {}), ...(f.field ? { field: f.field } : {}) } }
                : {}),
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: report.file.split('\\').join('/') },
                    region: { startLine: f.line, startColumn: f.column, endLine: f.endLine, endColumn: f.endColumn },
                  },
                },
              ],
            })),
          ),
        },
      ],
    },
    null,
    2,
  )
}

/**
 * The review a draft file's lint should judge: none for text without front matter (lintFile
 * reports that) and none for a draft nobody has reviewed yet, whose "not approved" would only
 * be noise for people who do not review at all (`review --require-approval` is the gate).
 */
async function lintReview(file: string, text: string): Promise<ReviewData | undefined> {
  if (!hasFrontMatter(text)) return undefined
  // Only a draft's own front matter is parsed for its review (another tool's is never parsed).
  const split = splitFrontMatter(text)
  if (split === null || split === 'unclosed' || !/^format[ \t]*:[ \t]*["']?grant-desk-draft\//m.test(split.yamlText)) return undefined
  let draft: DraftFile
  try {
    draft = parseDraftFile(text)
  } catch (error) {
    if (error instanceof DraftFileError) return undefined
    throw error
  }
  const data = await readDraftReview(file, draft)
  return hasReview(data) ? data : undefined
}

/**
 * A file that cannot be read (a pipe or device found after all, too large, unreadable) is named
 * on stderr and the others are still linted; the exit code is then 2, as a check must not pass
 * a file it could not read.
 */
export interface LintOptions {
  /** `--check-links`: ask every link (commands/lint-links.ts, loaded only then). */
  checkLinks?: boolean
  /** Read for the link cache's folder (GRANT_DESK_DATA, XDG_CACHE_HOME…). */
  env?: Record<string, string | undefined>
}

export async function runLint(files: readonly string[], format: string, io: Io, options: LintOptions = {}): Promise<number> {
  io = escapedIo(io)
  const linted: Array<{ file: string; text: string; review: ReviewData | undefined; lint: FileLint }> = []
  let failed = false
  for (const file of files) {
    let text: string
    try {
      text = readTextFile(file)
    } catch (error) {
      io.err(`Cannot read ${displayName(file)}: ${readReason(error)}`)
      failed = true
      continue
    }
    let review: ReviewData | undefined
    try {
      review = await lintReview(file, text)
    } catch (error) {
      io.err(`Cannot read the review records of ${displayName(file)}: ${errorMessage(error)}`)
      failed = true
      continue
    }
    linted.push({ file, text, review, lint: lintFile(text, { review }) })
  }
  if (options.checkLinks && linted.length > 0) {
    // The links are those of the pitch and fields as linted; then each file is linted again with what they answered.
    const { checkLinksOf } = await import('./lint-links')
    const links = await checkLinksOf(
      linted.map((l) => l.lint.input),
      options.env ?? process.env,
    )
    for (const l of linted) l.lint = lintFile(l.text, { review: l.review, links })
  }
  const reports: FileReport[] = linted.map(({ file, lint: { findings, summary, score } }) => ({
    file: displayName(file),
    findings,
    summary,
    ...(score ? { score: score.score, scoreParts: score.parts } : {}),
  }))
  if (reports.length > 0) io.out(format === 'json' ? JSON.stringify(reports, null, 2) : format === 'sarif' ? formatSarif(reports) : formatText(reports))
  if (failed) return 2
  return reports.some((report) => report.summary.errors > 0) ? 1 : 0
}
