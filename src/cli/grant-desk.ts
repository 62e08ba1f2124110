/**
 * The `grant-desk` command line, for teams that keep drafts in a repository and check them in
 * CI. `lint <draft.md | folder …>` runs the checklist; grant context (form, fields, reward,
 * deadline) comes from each file's front matter, and a draft's review records (the folder
 * beside it) add the review rules. Exit codes follow markdownlint-cli2: 0 no errors, 1 errors
 * found, 2 usage or read failure. `review` lists each draft's team review (see review.ts) and
 * can gate on approval. `export` makes the review copy of one draft (see export.ts). `sync`
 * commits, pulls and pushes a drafts folder kept in git, as the app's Sync does (see sync.ts).
 */
import { relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ALL_RULES, type Finding, lint, summarize, type Summary } from '../shared/checklist'
import type { LintInput } from '../shared/checklist'
import {
  DRAFT_FORMAT,
  DRAFT_KEYS,
  DraftFileError,
  ProjectKind,
  frontMatterValue,
  parseDraftFile,
  readLooseDraft,
  splitFrontMatter,
  topLevelKeys,
  type DraftFile,
} from '../shared/draft-file'
import type { ReviewData } from '../shared/review/view'
import { hasReview } from '../shared/review/state'
import { collect, draftIdOf, readDraftReview, readTextFile } from './files'
import { approvalProblem, formatReviewText, reviewReport, type DraftReviewReport } from './review'
import { runExport } from './export'
import { plural } from '../shared/wording'
import { runSync } from './sync'
import { escapeForTerminal, terminalLines } from './terminal'
import { loadPolicyFile, type LoadedPolicy } from '../main/core'

const USAGE = `Usage: grant-desk lint [--format text|json|sarif] <draft.md | folder> …
       grant-desk review [--format text|json] [--require-approval] [--policy file.yaml] <draft.md | folder> …
       grant-desk export [--format html] [-o file.html] <draft.md>
       grant-desk sync [folder]
       grant-desk rules

lint    checks Grant Desk drafts against the pitch guidance; a folder is searched for .md files.
        A draft with review records (<draft-id>.reviews/ beside it) is also checked for open
        review threads and for a teammate's approval of the text as it is now.
        Exit code: 0 no errors, 1 errors found, 2 usage or read failure.
        Silence a rule in a draft with <!-- checklist-disable rule-id --> (see rules).
review  lists each draft's team review: every thread with where it sits now (a line, a field,
        the whole draft, or outdated when the quoted text is gone), its author, state, replies
        and suggestion; each reviewer's latest verdict; record files that cannot be read.
        A folder is searched for drafts (.md files with front matter).
        --format json prints an array with one object per draft (its shape is in the README).
        --require-approval exits 1 unless every draft is approved as the team's review
        policy asks (.grant-desk.yaml in the drafts' folder or above it, up to the git
        repository's root; default: one approval by someone who is not an author), on its
        text as it is now, with no open threads and no review record or policy file that
        cannot be read. Each draft that is not is named on stderr, with why.
        --policy file.yaml uses that policy file instead (a CI job can take it from the
        protected branch, so a pull request cannot loosen its own gate).
        Exit code: 0, 1 (only with --require-approval), 2 usage or read failure.
export  makes a review copy of one draft for a reviewer without Grant Desk: one HTML file to
        read, print and annotate, with the grant, the pitch, the fields, the checklist's
        findings and the open review threads (from <draft-id>.reviews/ beside it) as numbered
        notes. It runs no script and loads nothing. The sponsor is not in the draft file, so
        it is left out. html is the only format (and the default).
        -o, --output file.html writes the copy there (atomically); otherwise it goes to stdout.
        Exit code: 0, 2 usage, read or write failure.
sync    syncs a drafts folder kept in git with the team, as the app's Sync does: commits the
        folder's drafts and review records (nothing else of the repository) with your git
        identity, pulls with a merge, pushes. Runs from a terminal or a scheduled job; git's
        credentials (SSH agent, credential helper) are used as they are, never asked for.
        The folder is the one you are in unless named.
        Exit code: 0 synced, 1 a conflict to resolve in the app or a pull or push that failed
        (nothing lost: what was committed stays committed and goes with the next sync),
        2 usage, a folder not in a git repository, or no git.
rules   lists every rule: id, severity, what it checks.`

export interface FileReport {
  file: string
  findings: Finding[]
  summary: Summary
}

const FRONT_MATTER_RULE = {
  id: 'front-matter',
  title: 'Draft front matter readable',
  description: 'The YAML front matter of the draft file can be read; without it the grant’s form, fields, reward and deadline are unknown.',
}

/** A finding about the front matter itself, at its lines. */
function frontMatterFinding(severity: Finding['severity'], message: string, hint: string, line = 1, endLine = line): Finding {
  return { ruleId: FRONT_MATTER_RULE.id, severity, message, hint, line, column: 1, endLine, endColumn: 4 }
}

/** The line of the front matter where a top-level key (or `grant.<key>`) is written, for a finding about it. */
function keyLine(text: string, key: string): number {
  const [top, sub] = key.split('.')
  const lines = text.split('\n')
  const at = lines.findIndex((line) => line.startsWith(`${top}:`) || line.startsWith(`${top} :`))
  if (at === -1) return 1
  if (sub === undefined) return at + 1
  const inner = lines.findIndex((line, i) => i > at && line.trimStart().startsWith(`${sub}:`) && line !== line.trimStart())
  return inner === -1 ? at + 1 : inner + 1
}

/** Lints a pitch and shifts its findings' lines to the file's. */
function lintShifted(input: LintInput, lineOffset: number, findings: Finding[]): { findings: Finding[]; summary: Summary } {
  for (const finding of lint(input).findings) findings.push({ ...finding, line: finding.line + lineOffset, endLine: finding.endLine + lineOffset })
  return { findings, summary: summarize(findings) }
}

/**
 * Lints one file's text; positions are lines of the file, not of the pitch. `review` is the
 * draft's review (from the records beside it), for the review rules.
 *
 * The front matter decides the grant's context: a draft's (`format: grant-desk-draft/…`) is
 * read strictly, as the app reads it; one without `format:` but with Grant Desk's keys (a
 * hand-written or older draft) is read key by key (readLooseDraft); any other (a GitHub issue
 * template's, Jekyll's, Obsidian's) is left out of the pitch with one note. Every one is read
 * within the app's YAML bounds, and a foreign one is not parsed at all, only its keys listed.
 */
export function lintFile(text: string, options: { review?: ReviewData | undefined } = {}): { findings: Finding[]; summary: Summary } {
  const findings: Finding[] = []
  const split = splitFrontMatter(text)
  // No front matter, or a "---" that nothing closes (a rule, then): the whole file is the pitch.
  if (split === null || split === 'unclosed') return lintShifted({ pitch: text }, 0, findings)
  const lineOffset = split.bodyLine - 1
  if (/^format[ \t]*:[ \t]*["']?grant-desk-draft\//m.test(split.yamlText)) return lintDraft(text, options, findings)
  const keys = topLevelKeys(split.yamlText)
  if (!keys.some((key) => (DRAFT_KEYS as readonly string[]).includes(key))) {
    // Any Markdown file lints: a GitHub issue template's, Jekyll's or Obsidian's front matter is
    // not ours to judge. It is left out of the pitch and named in one note (its keys listed by
    // a scan of its lines, never parsed: it may be of any size).
    const shown = keys.length > 12 ? `${keys.slice(0, 12).join(', ')} and ${(keys.length - 12).toLocaleString('en-US')} more` : keys.join(', ')
    findings.push(
      frontMatterFinding(
        'info',
        keys.length > 0
          ? `The front matter is not a Grant Desk draft’s; its keys (${shown}) were not understood and were ignored.`
          : 'The front matter is not a Grant Desk draft’s and was ignored.',
        'Nothing to fix for a plain Markdown file: the text was checked without a grant’s form, fields or deadline. Open it in Grant Desk to make it a draft of a grant.',
        1,
        Math.max(1, lineOffset),
      ),
    )
    return lintShifted({ pitch: split.body }, lineOffset, findings)
  }
  // Grant Desk's keys without "format:": a hand-written draft, or one from an older version.
  let value: unknown
  try {
    value = frontMatterValue(split.yamlText)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    findings.push(
      frontMatterFinding(
        'error',
        `The draft’s front matter cannot be read: ${error.message}.`,
        'Fix the YAML between the two "---" lines (or restore the file from version control); the pitch itself was checked without the grant’s context.',
      ),
    )
    return lintShifted({ pitch: split.body }, lineOffset, findings)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    findings.push(
      frontMatterFinding(
        'error',
        'The draft’s front matter cannot be read: it is not a mapping of keys.',
        'Write the front matter as “key: value” lines between the two "---" lines.',
      ),
    )
    return lintShifted({ pitch: split.body }, lineOffset, findings)
  }
  const draft = readLooseDraft(value as Record<string, unknown>)
  const read = Object.keys(value).filter((key) => !draft.unknownKeys.includes(key))
  findings.push(
    frontMatterFinding(
      'info',
      `The front matter has no “format:” line; it was read as a Grant Desk draft’s by its keys (${read.join(', ')}).`,
      `Add the line “format: ${DRAFT_FORMAT}” at the top of the front matter so Grant Desk opens it as a draft.`,
    ),
  )
  for (const problem of draft.problems) {
    findings.push(
      frontMatterFinding(
        'warning',
        `The front matter’s ${problem.key} cannot be used: ${problem.message}. It was ignored.`,
        `Correct ${problem.key} in the front matter (a draft the app wrote shows its shape).`,
        keyLine(text, problem.key),
      ),
    )
  }
  if (draft.unknownKeys.length > 0) {
    const more = draft.unknownKeys.length > 12 ? ` and ${draft.unknownKeys.length - 12} more` : ''
    findings.push(
      frontMatterFinding(
        'info',
        `The front matter’s keys ${draft.unknownKeys.slice(0, 12).join(', ')}${more} are not Grant Desk’s and were ignored.`,
        'Nothing to fix; they are kept in the file.',
      ),
    )
  }
  const grant = draft.grant
  return lintShifted(
    {
      pitch: split.body,
      fields: draft.custom_fields ?? {},
      // The form is known only when the front matter gives it; then every field is checked.
      schema: grant.application_schema,
      grant: { title: grant.title, reward: grant.reward, deadline: grant.deadline, type: grant.type, template: grant.template_md },
      projectKind: draft.project_kind,
    },
    lineOffset,
    findings,
  )
}

/** A draft's own front matter (`format: grant-desk-draft/…`), read as the app reads it: its errors are the user's to fix. */
function lintDraft(text: string, options: { review?: ReviewData | undefined }, findings: Finding[]): { findings: Finding[]; summary: Summary } {
  let draft: DraftFile
  try {
    draft = parseDraftFile(text)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    findings.push(
      frontMatterFinding(
        'error',
        `The draft’s front matter cannot be read: ${error.message}.`,
        'Fix the YAML between the two "---" lines (or restore the file from version control); the pitch itself was checked without the grant’s context.',
      ),
    )
    const split = splitFrontMatter(text)
    const body = split && split !== 'unclosed' ? split : { body: text, bodyLine: 1 }
    return lintShifted({ pitch: body.body }, body.bodyLine - 1, findings)
  }
  const fm = draft.frontMatter
  // A project_kind under grant: is a slip of indentation; honour it, and say where it belongs.
  const nested = ProjectKind.safeParse((fm.grant as Record<string, unknown>)['project_kind'])
  if (fm.project_kind === undefined && nested.success) {
    const line = Math.max(1, text.split('\n').findIndex((l) => /^\s+project_kind\s*:/.test(l)) + 1)
    findings.push({
      ...frontMatterFinding(
        'warning',
        'project_kind is indented under grant:, where the app does not look for it.',
        `Move the line “project_kind: ${nested.data}” to the top level of the front matter (no indentation). It was used for this check.`,
        line,
      ),
      endColumn: 2,
    })
  }
  const template = (fm.grant as Record<string, unknown>)['template_md']
  return lintShifted(
    {
      pitch: draft.pitch,
      fields: fm.custom_fields,
      schema: fm.grant.application_schema,
      grant: {
        title: fm.grant.title,
        reward: fm.grant.reward,
        deadline: fm.grant.deadline,
        type: fm.grant.type,
        ...(typeof template === 'string' ? { template } : {}),
      },
      projectKind: fm.project_kind ?? (nested.success ? nested.data : undefined),
      review: options.review,
    },
    draft.pitchLine - 1,
    findings,
  )
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
        lines.push(`${report.file}:${cause.line}:${cause.column}: ${cause.severity} ${cause.ruleId}: ${cause.message}`)
        lines.push(`    ${cause.hint}`)
        continue
      }
      // One line per cause, its parts indented under it (each at its own line of the file).
      const first = cause.parts[0]!
      const severity = cause.parts.reduce((worst, f) => (SEVERITY_RANK[f.severity] < SEVERITY_RANK[worst] ? f.severity : worst), first.severity)
      lines.push(`${report.file}:${first.line}:${first.column}: ${severity} ${first.ruleId}: ${cause.group.title}`)
      for (const part of cause.parts) {
        lines.push(`    ${part.line}:${part.column}: ${part.message}`)
        lines.push(`        ${part.hint}`)
      }
    }
    lines.push(`${report.file}: ${report.summary.verdict}`)
    errors += report.summary.errors
    warnings += report.summary.warnings
  }
  lines.push(`${plural(reports.length, 'draft')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}.`)
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

interface Io {
  out: (s: string) => void
  err: (s: string) => void
}

/** stderr in a terminal: what came from files (names, reasons) written out, never acted on. */
function writeErrorEscaped(io: Io, text: string): void {
  io.err(text.split('\n').map(escapeForTerminal).join('\n'))
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** The files the targets name; null (after saying why) when a target cannot be read. */
async function discover(targets: readonly string[], io: Io): Promise<string[] | null> {
  const files: string[] = []
  for (const target of targets) {
    try {
      await collect(target, files)
    } catch (error) {
      io.err(`Cannot read ${target}: ${readReason(error)}`)
      return null
    }
  }
  if (files.length === 0) {
    io.err(`No .md files found in ${targets.join(', ')}.`)
    return null
  }
  return files
}

const displayName = (file: string) => relative(process.cwd(), file) || file
const hasFrontMatter = (text: string) => text.startsWith('---') || text.startsWith('\uFEFF---')

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
async function runLint(files: readonly string[], format: string, io: Io): Promise<number> {
  const raw = io
  io = { ...raw, err: (s) => writeErrorEscaped(raw, s) }
  const reports: FileReport[] = []
  let failed = false
  for (const file of files) {
    let text: string
    try {
      text = await readTextFile(file)
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
    reports.push({ file: displayName(file), ...lintFile(text, { review }) })
  }
  if (reports.length > 0) io.out(format === 'json' ? JSON.stringify(reports, null, 2) : format === 'sarif' ? formatSarif(reports) : formatText(reports))
  if (failed) return 2
  return reports.some((report) => report.summary.errors > 0) ? 1 : 0
}

/** Why a file could not be read, in the user's terms. */
function readReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT') return 'no such file or folder'
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied'
  return errorMessage(error)
}

/**
 * Drafts that cannot be read are named on stderr and the others still reported; the exit code
 * is then 2, whatever the reviews say, since a gate must not pass a draft it could not read.
 */
async function runReview(
  files: readonly string[],
  named: ReadonlySet<string>,
  format: string,
  requireApproval: boolean,
  io: Io,
  policy?: LoadedPolicy,
): Promise<number> {
  const raw = io
  io = { ...raw, err: (s) => writeErrorEscaped(raw, s) }
  const reports: DraftReviewReport[] = []
  let failed = false
  for (const file of files) {
    const name = displayName(file)
    let draft: DraftFile
    try {
      const text = await readTextFile(file)
      // A folder of drafts often holds a README or notes too: only files named outright must be drafts.
      if (!hasFrontMatter(text) && !named.has(file)) continue
      draft = parseDraftFile(text)
    } catch (error) {
      io.err(`Cannot read ${name}${error instanceof DraftFileError ? ' as a draft' : ''}: ${readReason(error)}`)
      failed = true
      continue
    }
    try {
      reports.push(reviewReport(name, draftIdOf(file), draft, await readDraftReview(file, draft, policy ? { policy } : {})))
    } catch (error) {
      io.err(`Cannot read the review records of ${name}: ${errorMessage(error)}`)
      failed = true
    }
  }
  if (reports.length === 0 && !failed) {
    io.err(`No drafts (.md files with front matter) found in ${[...named].join(', ')}.`)
    return 2
  }
  io.out(format === 'json' ? JSON.stringify(reports, null, 2) : formatReviewText(reports))
  if (failed) return 2
  if (!requireApproval) return 0
  let waiting = 0
  for (const report of reports) {
    const problem = approvalProblem(report)
    if (problem === null) continue
    io.err(`${report.file}: not approved for merging: ${problem}`)
    waiting++
  }
  return waiting > 0 ? 1 : 0
}

/** Each command's formats, its default first. */
const FORMATS: Record<string, readonly string[]> = { lint: ['text', 'json', 'sarif'], review: ['text', 'json'], export: ['html'] }

export async function main(
  argv: string[],
  io: Io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s) },
  /** The environment git runs in for `sync` (tests give one of their own). */
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        'require-approval': { type: 'boolean', default: false },
        output: { type: 'string', short: 'o' },
        policy: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    io.err(`${errorMessage(error)}\n\n${USAGE}`)
    return 2
  }
  const [command, ...targets] = parsed.positionals
  if (parsed.values.help) {
    io.out(USAGE)
    return 0
  }
  if (command === 'sync') {
    if (parsed.values.format !== undefined || parsed.values.output !== undefined || parsed.values['require-approval']) {
      io.err(`grant-desk sync takes no options, only the drafts folder.\n\n${USAGE}`)
      return 2
    }
    if (targets.length > 1) {
      io.err(`grant-desk sync takes one drafts folder.\n\n${USAGE}`)
      return 2
    }
    return runSync(targets[0] ?? '.', io, env, { interactive: process.stdin.isTTY === true })
  }
  if (command === 'rules' && targets.length === 0) {
    io.out(
      ALL_RULES.map(
        (rule) => `${rule.id} (${rule.severity}${rule.appliesTo ? `; ${rule.appliesTo.join(', ')}s only` : ''}): ${rule.title}\n    ${rule.description}`,
      ).join('\n'),
    )
    return 0
  }
  const formats = command === undefined ? undefined : FORMATS[command]
  if (!formats) {
    io.err(`Unknown command "${command ?? ''}".\n\n${USAGE}`)
    return 2
  }
  const format = parsed.values.format ?? formats[0]!
  if (targets.length === 0) {
    io.err(`Name at least one draft file or folder.\n\n${USAGE}`)
    return 2
  }
  if (!formats.includes(format)) {
    io.err(`Unknown format "${format}": use ${formats.length === 1 ? formats[0] : `${formats.slice(0, -1).join(', ')} or ${formats.at(-1)}`}.`)
    return 2
  }
  const requireApproval = parsed.values['require-approval']
  if (requireApproval && command !== 'review') {
    io.err(`--require-approval is an option of grant-desk review.\n\n${USAGE}`)
    return 2
  }
  const policyFile = parsed.values.policy
  if (policyFile !== undefined && command !== 'review') {
    io.err(`--policy is an option of grant-desk review.\n\n${USAGE}`)
    return 2
  }
  const output = parsed.values.output
  if (output !== undefined && command !== 'export') {
    io.err(`-o/--output is an option of grant-desk export.\n\n${USAGE}`)
    return 2
  }
  if (command === 'export') {
    if (targets.length !== 1) {
      io.err(`grant-desk export takes one draft file.\n\n${USAGE}`)
      return 2
    }
    if (output === '') {
      io.err(`-o needs a file name.\n\n${USAGE}`)
      return 2
    }
    return runExport(targets[0]!, { output }, io)
  }
  const files = await discover(targets, io)
  if (!files) return 2
  if (command === 'lint') return runLint(files, format, io)
  let policy: LoadedPolicy | undefined
  if (policyFile !== undefined) {
    policy = await loadPolicyFile(resolve(policyFile))
    // A policy named outright that cannot be used is a usage error: nothing is reported under a policy nobody meant.
    if (policy.view.problem !== null) {
      writeErrorEscaped(io, policy.view.problem)
      return 2
    }
  }
  return runReview(files, new Set(targets), format, requireApproval, io, policy)
}
