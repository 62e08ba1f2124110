/**
 * Runs the rules over a pitch: parse once, run every rule on the same tree and context, drop
 * what control comments suppress, sort by position, and summarize.
 */
import { mayHoldControlComment, readInlineConfig } from './inline-config'
import { memoized } from './memo'
import { type PitchDocument, parsePitch } from './parse'
import { labelSections, sectionProgress, type SectionProgress } from './progress'
import { ALL_RULES } from './rules'
import { REVIEW_RULE_IDS } from './rules/review'
import type { Finding, GuidancePart, LintInput, Rule, RuleContext, Severity } from './types'
import { plural } from '../text'
import { SEVERITY_WORDS, severityCount, severityCounts } from './severity-words'
import { type Score, scorePitch } from './score'
import { deadLinks } from './links/rule'

export interface Summary {
  errors: number
  warnings: number
  infos: number
  /** True when no error is left: nothing blocks submitting (the verdict says how strong it is). */
  ready: boolean
  /** The parts of the guidance absent from the whole pitch (findings marked `missing`): the verdict is then never "Ready to submit". */
  missing?: GuidancePart[] | undefined
  /** One line for the applicant: "Not ready: 3 must fix, 1 to improve." */
  verdict: string
}

export interface LintResult {
  findings: Finding[]
  summary: Summary
  /** The pitch's sections in order and which are written (absent when the pitch could not be read). */
  sections?: SectionProgress[] | undefined
  /** The score beside the verdict, 0–100 with its parts (score/index.ts); absent where no pitch was scored. */
  score?: Score | undefined
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 }
const BLANK_SECTION = 'blank-section'
/** From this many warnings on, the verdict no longer calls a draft ready. */
const MANY_WARNINGS = 3

export function lint(input: LintInput, rules: readonly Rule[] = ALL_RULES): LintResult {
  return lintDocument(parsePitch(input.pitch), input, rules)
}

/** The rules over a pitch already parsed (`doc` is `parsePitch(input.pitch)`, maybe incrementally: session.ts). */
export function lintDocument(doc: PitchDocument, input: LintInput, rules: readonly Rule[] = ALL_RULES): LintResult {
  const context: RuleContext = {
    doc,
    fields: input.fields ?? {},
    schema: input.schema,
    grant: input.grant ?? {},
    projectKind: input.projectKind,
    now: input.now ?? Date.now(),
    review: input.review,
    links: input.links,
    deadLinks: deadLinks(input.links),
  }
  // In a session each line's answer is kept by its text: lines away from an edit are the last update's strings (line-index.ts).
  const mayHold = doc.memo ? (line: string) => memoized(doc, 'control-comment', line, mayHoldControlComment) : mayHoldControlComment
  const config = readInlineConfig(doc.lines, new Set(rules.map((rule) => rule.id)), mayHold)
  const findings: Finding[] = []
  const type = context.grant.type
  for (const rule of rules) {
    if (type && rule.appliesTo && !rule.appliesTo.includes(type)) continue
    let reported
    try {
      reported = rule.check(context)
    } catch (error) {
      // One broken heuristic must not take the whole checklist down with it.
      findings.push({
        ruleId: rule.id,
        severity: 'info',
        message: `The check "${rule.title}" could not run: ${(error as Error).message}`,
        hint: 'Report this to the Grant Desk developers; the other checks are unaffected.',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      })
      continue
    }
    for (const finding of reported) {
      if (config.isSuppressed(rule.id, finding.line)) continue
      findings.push({ ...finding, ruleId: rule.id, severity: finding.severity ?? rule.severity })
    }
  }
  for (const unknown of config.unknownIds) {
    findings.push({
      ruleId: 'checklist-comment',
      severity: 'warning',
      message: `A checklist comment names "${unknown.id}", which is not a checklist rule.`,
      hint: `Use one of: ${rules.map((rule) => rule.id).join(', ')}.`,
      line: unknown.line,
      column: unknown.column,
      endLine: unknown.line,
      endColumn: unknown.column + 1,
    })
  }
  // "Write this section" is the one thing to do about an empty section: the finding that says so
  // supersedes what other rules report at its heading (no milestones found, no links, …), and
  // their detailed checks speak once the section has content. A teammate's review thread is no
  // such check: writing the section does not answer it, so it is never hidden.
  const blankHeadings = new Set(findings.filter((f) => f.ruleId === BLANK_SECTION).map((f) => f.line))
  const shown = findings.filter((f) => f.ruleId === BLANK_SECTION || !blankHeadings.has(f.line) || f.line === 1 || REVIEW_RULE_IDS.has(f.ruleId))
  shown.sort((a, b) => a.line - b.line || a.column - b.column || ORDER[a.severity] - ORDER[b.severity] || a.ruleId.localeCompare(b.ruleId))
  // Last: which section each finding is in, for the checklist's to-do list by section.
  const sections = sectionProgress(doc)
  labelSections(shown, sections)
  const score = scorePitch({ doc, fields: context.fields, findings: shown, projectKind: context.projectKind, deadLinks: context.deadLinks })
  return { findings: shown, summary: withSectionsToWrite(summarize(shown), shown, sections), sections, score }
}

/**
 * A fresh draft's errors are mostly sections not written yet (a heading with only the
 * template's hint under it): that is work to do, not a fault, so the verdict leads with it
 * ("7 of 9 sections still to write") and counts as problems only the errors outside them.
 */
function withSectionsToWrite(summary: Summary, findings: readonly Finding[], sections: readonly SectionProgress[]): Summary {
  const unwritten = sections.filter((section) => !section.written)
  if (unwritten.length === 0 || summary.errors === 0) return summary
  const inUnwritten = (f: Finding) => unwritten.some((section) => f.line >= section.line && f.line <= section.endLine)
  const toFix = causes(findings, 'error', (f) => !inUnwritten(f))
  const verdict =
    `Not ready yet: ${unwritten.length} of ${plural(sections.length, 'section')} still to write` + (toFix > 0 ? `, and ${severityCount('error', toFix)}.` : '.')
  return { ...summary, verdict }
}

/**
 * How many causes of a severity the findings hold: a group's parts are one cause (one line in
 * the panel and the CLI), so a missing Team section counts once, not once per check it fails.
 */
function causes(findings: readonly Finding[], severity: Severity, only: (f: Finding) => boolean = () => true): number {
  const groups = new Set<string>()
  let n = 0
  for (const f of findings) {
    if (f.severity !== severity || !only(f)) continue
    if (!f.group) n++
    else if (!groups.has(f.group.id)) {
      groups.add(f.group.id)
      n++
    }
  }
  return n
}

/** How the verdict names a part the pitch lacks. */
const MISSING_PART: Record<GuidancePart, string> = {
  problem: 'no problem statement',
  milestones: 'no milestones or phases',
  budget: 'no budget',
  team: 'no team',
}
const PART_ORDER: readonly GuidancePart[] = ['problem', 'milestones', 'budget', 'team']

function listing(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

export function summarize(findings: readonly Finding[]): Summary {
  const errors = causes(findings, 'error')
  const warnings = causes(findings, 'warning')
  const infos = causes(findings, 'info')
  const reviewWarnings = causes(findings, 'warning', (f) => REVIEW_RULE_IDS.has(f.ruleId))
  // A part of the guidance absent from the whole pitch (reported at warning or error) is never "ready".
  const absent = new Set(findings.filter((f) => f.missing !== undefined && f.severity !== 'info').map((f) => f.missing!))
  const missing = PART_ORDER.filter((part) => absent.has(part))
  let verdict: string
  if (errors > 0) {
    verdict = `Not ready: ${severityCounts({ errors, warnings })}.`
  } else if (missing.length > 0) {
    const others = warnings - causes(findings, 'warning', (f) => f.missing !== undefined)
    verdict =
      `Not ready yet: the pitch has ${listing(missing.map((part) => MISSING_PART[part]))}` +
      (others > 0 ? `, and ${plural(others, 'other point', { pluralWord: 'other points' })} ${SEVERITY_WORDS.warning.other}.` : '.')
  } else if (warnings - reviewWarnings >= MANY_WARNINGS) {
    // Each warning is a point of the guidance drawn from rejected applications: many of them
    // together is no "ready", even though nothing blocks sending. A teammate's open threads are
    // no such gaps, so they do not count towards "many".
    verdict = `Nothing blocks submitting, but there are ${severityCount('warning', warnings)}: gaps reviewers often reject for.`
  } else if (warnings > 0) {
    verdict = `Ready to submit, with ${severityCount('warning', warnings)}.`
  } else {
    verdict = 'Ready to submit: every check passes.'
  }
  return { errors, warnings, infos, ready: errors === 0, ...(missing.length > 0 ? { missing } : {}), verdict }
}
