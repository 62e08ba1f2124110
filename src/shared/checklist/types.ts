/**
 * The checklist's vocabulary, modelled on markdownlint's rule objects and Vale's levels: a rule
 * is data plus a pure function from the draft's context to findings.
 */
import type { GrantType, SchemaField } from '../api'
import type { ProjectKind } from '../draft-file'
import type { LinkCheck } from '../ipc'
import type { ReviewData } from '../review'
import type { PitchDocument } from './parse'

export type Severity = 'error' | 'warning' | 'info'

/**
 * The parts of the seed guidance a grant pitch cannot do without. A finding that one of them is
 * absent from the whole pitch carries it (`Finding.missing`): such a pitch is never called ready.
 */
export type GuidancePart = 'budget' | 'milestones' | 'team' | 'problem'
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info']

/** 1-based line and column, end inclusive of the line, exclusive of the column (like unist). */
export interface Position {
  line: number
  column: number
  endLine: number
  endColumn: number
}

export interface Finding extends Position {
  ruleId: string
  severity: Severity
  /** What is missing or wrong, in the applicant's terms. */
  message: string
  /** A concrete way to fix it. */
  hint: string
  /**
   * Findings that share one cause (a missing Team section: no links, no prior work…; one
   * milestone's missing parts) carry the same group: the panel and the CLI's text show one line
   * per group, expandable to its parts; JSON and SARIF keep every finding with the group's id.
   */
  group?: FindingGroup | undefined
  /** The application field the finding is about (its schema `name`): the editor focuses it instead of a pitch line. */
  field?: string | undefined
  /** The title of the pitch section (its heading's text) the finding sits in, when it sits in one. */
  section?: string | undefined
  /** Set when the finding says a part of the guidance is absent from the whole pitch (see GuidancePart). */
  missing?: GuidancePart | undefined
}

export interface FindingGroup {
  /** Stable within one lint run: `<ruleId>:<what>`, e.g. `team-links:team-section`. */
  id: string
  /** One line for the whole cause: "The Team section is missing: 3 checks could not pass." */
  title: string
}

/** What a rule reports; the engine adds `ruleId` and, unless the rule says otherwise, `severity`. */
export type RuleFinding = Omit<Finding, 'ruleId' | 'severity'> & { severity?: Severity }

export interface GrantContext {
  title?: string | undefined
  reward?: string | undefined
  /** ISO 8601. */
  deadline?: string | undefined
  /** Unknown: every rule runs. */
  type?: GrantType | undefined
  /**
   * The grant's application template (`template_md`), when known: a part of the guidance it
   * never names (no budget, no milestones) is then noted, not warned. Unknown: the guidance
   * applies in full.
   */
  template?: string | undefined
}

export interface LintInput {
  pitch: string
  /** Values of the application form, by field name. */
  fields?: Readonly<Record<string, string>> | undefined
  /** The grant's application schema; null for a free-form application, undefined if unknown. */
  schema?: readonly SchemaField[] | null | undefined
  grant?: GrantContext | undefined
  /** Declared kind of project (front matter `project_kind`); otherwise inferred from the text. */
  projectKind?: ProjectKind | undefined
  /** Epoch ms; the deadline rule compares against it. Default: now. */
  now?: number | undefined
  /**
   * The draft's team review (records folded by shared/review/state). Absent for plain text, for
   * the corpus of real proposals and wherever no review is known: then no review rule reports
   * anything, since "nobody approved" is only news to a team that reviews.
   */
  review?: ReviewData | undefined
  /**
   * What a link check found (`grant-desk lint --check-links`, the app's "Check links"). Absent:
   * no check was made, and the links-answer rule is silent; a dead link here counts for no
   * evidence rule.
   */
  links?: LinkCheck | undefined
}

export interface RuleContext {
  doc: PitchDocument
  fields: Readonly<Record<string, string>>
  schema: readonly SchemaField[] | null | undefined
  grant: GrantContext
  projectKind: ProjectKind | undefined
  now: number
  /** Absent: the review rules stay silent. */
  review?: ReviewData | undefined
  /** Absent: no link was checked (see LintInput.links). */
  links?: LinkCheck | undefined
  /** The links the check found dead (none without a check): the evidence rules leave them out. */
  deadLinks: ReadonlySet<string>
}

export interface Rule {
  /** Stable, kebab-case; used in `<!-- checklist-disable rule-id -->`. */
  id: string
  title: string
  /** The default severity of its findings. */
  severity: Severity
  /** Which point of the guidance it checks, and how. */
  description: string
  /**
   * The kinds of grant whose pitches it checks; all when absent. The guidance comes from grant
   * proposals: a bounty pitch (approach, deliverables, timeline, about you) has no milestones,
   * budget or KPIs to check.
   */
  appliesTo?: readonly GrantType[]
  check(context: RuleContext): RuleFinding[]
}
