/**
 * The score's rules (issue 33): each names a piece of evidence the seed's guidance asks for and
 * reviewers can check, and says how much of it the pitch shows, from 0 (none) to 1 (all a
 * pitch needs). Each reads the parsed pitch, its fields and the checklist's findings — facts the
 * checklist rules already extract — so the app and the CLI score a draft alike. None reads what
 * only tells a template's era or a program apart: a heading introduced in a later template, a
 * file's name, a currency one program used, the grant's title or reward.
 */
import type { ProjectKind } from '../../draft-file'
import type { PitchDocument } from '../parse'
import type { Finding } from '../types'
import { topicSections } from '../rules/content/read'
import { linkKind, linksIn, linksInText } from '../rules/content/links'
import { liveLinks } from '../links/rule'
import { cleanSource, costsOf, milestonePlan } from '../rules/plan/facts'
import { KIND_RANGES } from '../rules/plan/project-kind'
import { totalDuration } from '../rules/plan/timeline'

export interface ScoreContext {
  doc: PitchDocument
  fields: Readonly<Record<string, string>>
  /** The checklist's findings on the same draft (after control comments). */
  findings: readonly Finding[]
  projectKind: ProjectKind | undefined
  /** Links a link check found dead (LintInput.links): they show nothing a reviewer can check. */
  deadLinks?: ReadonlySet<string> | undefined
}

/** How much of a rule's evidence the pitch shows, and what was read, in the applicant's terms. */
export interface Evidence {
  /** 0 to 1. */
  points: number
  note: string
}

export type ScoreGroup = 'evidence' | 'plan' | 'ask' | 'form'

export interface ScoreRule {
  id: string
  title: string
  /** Which of the seed guidance's concerns it measures; the documented weight sets weigh groups. */
  group: ScoreGroup
  /** The seed guidance's words it comes from (grant-service-api.md §1, "Application content guidance"). */
  guidance: string
  /** Why it counts and how: what it reads, what gives full points, and what the corpus of real proposals shows. */
  reason: string
  evidence(context: ScoreContext): Evidence
}

const CODE_HOST = /^https?:\/\/(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org|git\.sr\.ht|gist\.github\.com)\//i
/** Distinct links (without a trailing slash, anchor or `.git`), so one link pasted twice counts once. */
const distinct = (urls: readonly string[]) =>
  new Set(
    urls.map((u) =>
      u
        .replace(/[#?].*$/, '')
        .replace(/(?:\.git)?\/*$/, '')
        .toLowerCase(),
    ),
  )
const fired = (findings: readonly Finding[], ruleId: string, severities: readonly string[] = ['warning', 'error']) =>
  findings.some((f) => f.ruleId === ruleId && severities.includes(f.severity))

/** Links to code that count in full: a reviewer opens them to see the work. */
export const CODE_LINKS_FULL = 8
/** Links in the team sections that count in full. */
export const TEAM_LINKS_FULL = 6
/** The guidance's typical plan: "a realistic timeline of 2 to 6 months", in weeks. */
export const SHORT_WEEKS = 8
export const TYPICAL_WEEKS = 26

const codeLinks: ScoreRule = {
  id: 'code-links',
  title: 'Links to code',
  group: 'evidence',
  guidance: 'Milestones: “named deliverables (repository, deployed address, documentation link)”; Team: “with repository or social links”.',
  reason: `Deliverables and prior work a reviewer can check: each distinct link to a code host (GitHub, GitLab, Codeberg, Bitbucket) in the pitch or its fields counts, ${CODE_LINKS_FULL} in full. A link a link check found dead does not count. Links to code rank accepted above rejected proposals of one program (within-program AUC about 0.66).`,
  evidence({ doc, fields, deadLinks }) {
    const written = [...linksInText(doc, cleanSource(doc)), ...Object.values(fields).flatMap((v) => linksIn(v))]
    const links = distinct(liveLinks(written, deadLinks ?? new Set()).filter((u) => CODE_HOST.test(u)))
    return { points: Math.min(links.size, CODE_LINKS_FULL) / CODE_LINKS_FULL, note: `${links.size} distinct link${links.size === 1 ? '' : 's'} to code` }
  },
}

const teamLinks: ScoreRule = {
  id: 'team-profiles',
  title: 'Team linked to profiles and work',
  group: 'evidence',
  guidance:
    'Team: “names or verified pseudonyms with repository or social links, prior work”; checklist: “verifiable team links”; rejections: “team credibility 49%”.',
  reason: `Team credibility is the seed's first rejection reason (49%): each distinct link in the team or prior-work sections to a person's profile or work (a repository, a package, GitHub, LinkedIn, X…) counts, ${TEAM_LINKS_FULL} in full, unless a link check found it dead (within-program AUC about 0.63).`,
  evidence({ doc, deadLinks }) {
    const text = topicSections(doc, 'team', 'priorWork')
      .map((s) => s.text)
      .join('\n')
    const links = distinct(liveLinks(linksIn(text), deadLinks ?? new Set()).filter((u) => linkKind(u) !== 'other'))
    return {
      points: Math.min(links.size, TEAM_LINKS_FULL) / TEAM_LINKS_FULL,
      note: `${links.size} profile or work link${links.size === 1 ? '' : 's'} in the team sections`,
    }
  },
}

const priorProject: ScoreRule = {
  id: 'prior-project',
  title: 'A completed prior project linked',
  group: 'evidence',
  guidance: 'Checklist: “at least one completed prior project linked”.',
  reason:
    'The guidance asks for “at least one completed prior project linked”: full points when prior-project-linked finds one (within-program AUC about 0.61).',
  evidence({ findings }) {
    const none = findings.some((f) => f.ruleId === 'prior-project-linked')
    return { points: none ? 0 : 1, note: none ? 'no completed prior project linked' : 'a completed prior project is linked' }
  },
}

const milestoneStructure: ScoreRule = {
  id: 'milestone-structure',
  title: 'Plan in milestones',
  group: 'plan',
  guidance:
    'Milestones: “3 to 5 milestones. Each has a name and a USD amount, named deliverables …, testable completion criteria, a timeline in weeks”; rejections: “weak milestone structure 51%”.',
  reason:
    'Weak milestone structure is the seed’s most frequent rejection reason (51%): half the points for a plan split into at least two milestones, half for milestones with their parts (deliverables, criteria, weeks, amount: milestone-parts silent). Concrete deliverables count here, within each milestone’s parts, and not as a part of their own: that part (deliverables-concrete silent) fired alike on accepted and rejected proposals and ranked rejected ones higher on Mintbase and Crust.',
  evidence({ doc, findings }) {
    const { milestones, how } = milestonePlan(doc)
    const split = milestones.length >= 2 && how !== 'whole'
    const parts = split && !fired(findings, 'milestone-parts')
    return {
      points: (split ? 0.5 : 0) + (parts ? 0.5 : 0),
      note: !split
        ? 'the plan is not split into milestones'
        : parts
          ? `${milestones.length} milestones, each with its parts`
          : `${milestones.length} milestones, some without their parts`,
    }
  },
}

/** Where `value` sits between `low` (1) and `high` (0) on a log scale; `unknown` when not read. */
function fallsFrom(value: number | null, low: number, high: number): number {
  if (value === null) return 0.5
  if (value <= low) return 1
  if (value >= high) return 0
  return (Math.log(high) - Math.log(value)) / (Math.log(high) - Math.log(low))
}

/** The guidance's typical approved ranges together: small tooling from 5K to an application's 150K USD. */
const ALL_RANGES = { min: KIND_RANGES['small-tooling'].min, max: KIND_RANGES.application.max }

const modestAsk: ScoreRule = {
  id: 'modest-ask',
  title: 'A modest ask within the typical range',
  group: 'ask',
  guidance:
    'Budget: “Typical approved ranges in USD: small tooling 5K to 20K; SDK or library 20K to 60K; full application or protocol 50K to 150K”; checklist: “realistic timeline of 2 to 6 months”.',
  reason: `Larger totals and longer plans lose. Half the points for the total in USD: full at the bottom of the typical range for the declared project kind (all the guidance's ranges, 5K–150K, when none is declared), none at its top, falling on a log scale; half for the duration: full at ${SHORT_WEEKS} weeks or less, none at ${TYPICAL_WEEKS} (the guidance's 2 to 6 months). A total or a duration the pitch does not state earns half its share.`,
  evidence({ doc, projectKind }) {
    const total = costsOf(doc).total
    const range = projectKind ? KIND_RANGES[projectKind] : ALL_RANGES
    const usd = total && total.usd !== false ? total.amount : null
    const weeks = totalDuration(doc)?.weeks ?? null
    const notes = [
      usd === null
        ? 'no total in USD read'
        : `total ${Math.round(usd).toLocaleString('en-US')} USD${projectKind ? ` for ${KIND_RANGES[projectKind].name}` : ''}`,
      weeks === null ? 'no duration read' : `${Math.round(weeks)} weeks`,
    ]
    return { points: 0.5 * fallsFrom(usd, range.min, range.max) + 0.5 * fallsFrom(weeks, SHORT_WEEKS, TYPICAL_WEEKS), note: notes.join('; ') }
  },
}

const FIELD_RULES = ['blank-section', 'blank-fields', 'required-fields', 'optional-fields']

const noBlanks: ScoreRule = {
  id: 'no-blanks',
  title: 'No blank fields or sections',
  group: 'form',
  guidance: 'Fields: “fill every field, including optional ones”; checklist: “no blank fields”.',
  reason:
    'Approved proposals fill every field and section: full points when no field is empty and no section is left blank (blank-section, blank-fields, required-fields, optional-fields silent).',
  evidence({ findings }) {
    const blank = findings.filter((f) => FIELD_RULES.includes(f.ruleId) && (f.severity !== 'info' || f.ruleId === 'blank-section'))
    return {
      points: blank.length === 0 ? 1 : 0,
      note:
        blank.length === 0
          ? 'no blank field or section'
          : `${blank.length} blank field${blank.length === 1 ? '' : 's'} or section${blank.length === 1 ? '' : 's'}`,
    }
  },
}

export const SCORE_RULES: readonly ScoreRule[] = [codeLinks, teamLinks, priorProject, milestoneStructure, modestAsk, noBlanks]
