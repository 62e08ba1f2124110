/**
 * One file's text linted as a draft: the front matter decides the grant's context (form,
 * fields, reward, deadline), and every finding's position is a line of the file, not of the
 * pitch. Used by `grant-desk lint` and by the corpus tests, which judge the checklist on real
 * proposals as the CLI reads them.
 */
import { lint, summarize, type Finding, type LintInput, type Score, type Summary } from '../shared/checklist'
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
import type { LinkCheck } from '../shared/ipc'
import type { ReviewData } from '../shared/review'

export const FRONT_MATTER_RULE = {
  id: 'front-matter',
  title: 'Draft front matter readable',
  description: 'The YAML front matter of the draft file can be read; without it the grant’s form, fields, reward and deadline are unknown.',
}

/** A finding about the front matter itself, at its lines. */
function frontMatterFinding(severity: Finding['severity'], message: string, hint: string, line = 1, endLine = line): Finding {
  return { ruleId: FRONT_MATTER_RULE.id, severity, message, hint, line, column: 1, endLine, endColumn: 4 }
}

/** Front matter that is not valid YAML or not a draft's: the pitch is still checked, without the grant. */
function unreadableFrontMatter(error: DraftFileError): Finding {
  return frontMatterFinding(
    'error',
    `The draft’s front matter cannot be read: ${error.message}.`,
    'Fix the YAML between the two "---" lines (or restore the file from version control); the pitch itself was checked without the grant’s context.',
  )
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
/** What linting one file gives: its findings (at lines of the file), the verdict, and the pitch's score (score/index.ts). */
export interface FileLint {
  findings: Finding[]
  summary: Summary
  score: Score | undefined
  /** The pitch and fields as linted: `lint --check-links` asks their links (checklist/links/extract.ts). */
  input: LintInput
}

export interface LintFileOptions {
  review?: ReviewData | undefined
  /** What a link check found (`--check-links`); absent: no link was asked, and none is reported. */
  links?: LinkCheck | undefined
}

function lintShifted(input: LintInput, lineOffset: number, findings: Finding[], links: LinkCheck | undefined): FileLint {
  const linted = links ? { ...input, links } : input
  const result = lint(linted)
  for (const finding of result.findings) findings.push({ ...finding, line: finding.line + lineOffset, endLine: finding.endLine + lineOffset })
  return { findings, summary: summarize(findings), score: result.score, input: linted }
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
export function lintFile(text: string, options: LintFileOptions = {}): FileLint {
  const findings: Finding[] = []
  const split = splitFrontMatter(text)
  // No front matter, or a "---" that nothing closes (a rule, then): the whole file is the pitch.
  if (split === null || split === 'unclosed') return lintShifted({ pitch: text }, 0, findings, options.links)
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
    return lintShifted({ pitch: split.body }, lineOffset, findings, options.links)
  }
  // Grant Desk's keys without "format:": a hand-written draft, or one from an older version.
  let value: unknown
  try {
    value = frontMatterValue(split.yamlText)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    findings.push(unreadableFrontMatter(error))
    return lintShifted({ pitch: split.body }, lineOffset, findings, options.links)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    findings.push(
      frontMatterFinding(
        'error',
        'The draft’s front matter cannot be read: it is not a mapping of keys.',
        'Write the front matter as “key: value” lines between the two "---" lines.',
      ),
    )
    return lintShifted({ pitch: split.body }, lineOffset, findings, options.links)
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
    options.links,
  )
}

/** A draft's own front matter (`format: grant-desk-draft/…`), read as the app reads it: its errors are the user's to fix. */
function lintDraft(text: string, options: LintFileOptions, findings: Finding[]): FileLint {
  let draft: DraftFile
  try {
    draft = parseDraftFile(text)
  } catch (error) {
    if (!(error instanceof DraftFileError)) throw error
    findings.push(unreadableFrontMatter(error))
    const split = splitFrontMatter(text)
    const body = split && split !== 'unclosed' ? split : { body: text, bodyLine: 1 }
    return lintShifted({ pitch: body.body }, body.bodyLine - 1, findings, options.links)
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
    options.links,
  )
}
