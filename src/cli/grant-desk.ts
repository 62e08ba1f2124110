/**
 * `grant-desk lint <draft.md | folder …>`: the checklist over draft files, for teams that keep
 * drafts in a repository and check them in CI. Grant context (form, fields, reward, deadline)
 * comes from each file's front matter. Exit codes follow markdownlint-cli2: 0 no errors,
 * 1 errors found, 2 usage or read failure.
 */
import { readFile, readdir, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { ALL_RULES, type Finding, lint, summarize, type Summary } from '../shared/checklist'
import type { LintInput } from '../shared/checklist'
import { DraftFileError, ProjectKind, parseDraftFile } from '../shared/draft-file'

const USAGE = `Usage: grant-desk lint [--format text|json|sarif] <draft.md | folder> …
       grant-desk rules

lint   checks Grant Desk drafts against the pitch guidance; a folder is searched for .md files.
       Exit code: 0 no errors, 1 errors found, 2 usage or read failure.
       Silence a rule in a draft with <!-- checklist-disable rule-id --> (see rules).
rules  lists every rule: id, severity, what it checks.`

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

/** Lints one file's text; positions are lines of the file, not of the pitch. */
export function lintFile(text: string): { findings: Finding[]; summary: Summary } {
  let input: LintInput
  let lineOffset = 0
  const findings: Finding[] = []
  if (!text.startsWith('---')) {
    input = { pitch: text }
  } else {
    try {
      const draft = parseDraftFile(text)
      lineOffset = draft.pitchLine - 1
      const fm = draft.frontMatter
      // A project_kind under grant: is a slip of indentation; honour it, and say where it belongs.
      const nested = ProjectKind.safeParse((fm.grant as Record<string, unknown>)['project_kind'])
      if (fm.project_kind === undefined && nested.success) {
        const line = text.split('\n').findIndex((l) => /^\s+project_kind\s*:/.test(l)) + 1
        findings.push({
          ruleId: FRONT_MATTER_RULE.id,
          severity: 'warning',
          message: 'project_kind is indented under grant:, where the app does not look for it.',
          hint: `Move the line “project_kind: ${nested.data}” to the top level of the front matter (no indentation). It was used for this check.`,
          line: Math.max(line, 1),
          column: 1,
          endLine: Math.max(line, 1),
          endColumn: 2,
        })
      }
      input = {
        pitch: draft.pitch,
        fields: fm.custom_fields,
        schema: fm.grant.application_schema,
        grant: { title: fm.grant.title, reward: fm.grant.reward, deadline: fm.grant.deadline, type: fm.grant.type },
        projectKind: fm.project_kind ?? (nested.success ? nested.data : undefined),
      }
    } catch (error) {
      if (!(error instanceof DraftFileError)) throw error
      findings.push({
        ruleId: FRONT_MATTER_RULE.id,
        severity: 'error',
        message: `The draft’s front matter cannot be read: ${error.message}.`,
        hint: 'Fix the YAML between the two "---" lines (or restore the file from version control); the pitch itself was checked without the grant’s context.',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 4,
      })
      const end = /\n---[ \t]*\r?\n/.exec(text.slice(3))
      lineOffset = end ? text.slice(0, 3 + end.index + end[0].length).split('\n').length - 1 : 0
      input = { pitch: end ? text.slice(3 + end.index + end[0].length) : text }
    }
  }
  for (const finding of lint(input).findings) {
    findings.push({ ...finding, line: finding.line + lineOffset, endLine: finding.endLine + lineOffset })
  }
  return { findings, summary: summarize(findings) }
}

async function collect(target: string, out: string[]): Promise<void> {
  const info = await stat(target)
  if (!info.isDirectory()) {
    out.push(target)
    return
  }
  const entries = await readdir(target, { withFileTypes: true })
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(target, entry.name)
    if (entry.isDirectory()) await collect(path, out)
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) out.push(path)
  }
}

function formatText(reports: FileReport[]): string {
  const lines: string[] = []
  let errors = 0
  let warnings = 0
  for (const report of reports) {
    for (const f of report.findings) {
      lines.push(`${report.file}:${f.line}:${f.column}: ${f.severity} ${f.ruleId}: ${f.message}`)
      lines.push(`    ${f.hint}`)
    }
    lines.push(`${report.file}: ${report.summary.verdict}`)
    errors += report.summary.errors
    warnings += report.summary.warnings
  }
  lines.push(`${reports.length} ${reports.length === 1 ? 'draft' : 'drafts'} checked: ${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}.`)
  return lines.join('\n')
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

export async function main(argv: string[], io = { out: (s: string) => console.log(s), err: (s: string) => console.error(s) }): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', default: 'text' }, help: { type: 'boolean', short: 'h' } },
    })
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  const [command, ...targets] = parsed.positionals
  if (parsed.values.help) {
    io.out(USAGE)
    return 0
  }
  if (command === 'rules' && targets.length === 0) {
    io.out(ALL_RULES.map((rule) => `${rule.id} (${rule.severity}${rule.appliesTo ? `; ${rule.appliesTo.join(', ')}s only` : ''}): ${rule.title}\n    ${rule.description}`).join('\n'))
    return 0
  }
  const format = parsed.values.format
  if (command !== 'lint' || targets.length === 0 || !['text', 'json', 'sarif'].includes(format)) {
    io.err(command !== 'lint' ? `Unknown command "${command ?? ''}".\n\n${USAGE}` : targets.length === 0 ? `Name at least one draft file or folder.\n\n${USAGE}` : `Unknown format "${format}": use text, json or sarif.`)
    return 2
  }

  const files: string[] = []
  for (const target of targets) {
    try {
      await collect(target, files)
    } catch (error) {
      io.err(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or folder' : (error as Error).message}`)
      return 2
    }
  }
  if (files.length === 0) {
    io.err(`No .md files found in ${targets.join(', ')}.`)
    return 2
  }
  const reports: FileReport[] = []
  for (const file of files) {
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      io.err(`Cannot read ${file}: ${(error as Error).message}`)
      return 2
    }
    const name = relative(process.cwd(), file) || file
    reports.push({ file: name, ...lintFile(text) })
  }
  io.out(format === 'json' ? JSON.stringify(reports, null, 2) : format === 'sarif' ? formatSarif(reports) : formatText(reports))
  return reports.some((report) => report.summary.errors > 0) ? 1 : 0
}
