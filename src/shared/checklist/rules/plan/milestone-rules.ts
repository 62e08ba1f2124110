/** Rules on the milestones: how many, their parts, payment tied to completion. */
import { stripInline } from '../../parse'
import { sentences } from '../../text'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, usd, withoutComments } from './text'
import { type Milestone, subsections } from './milestones'
import { milestonePlan } from './facts'

/** The pitch says its plan is given elsewhere ("financial plan shared privately", "sent by the Google form"). */
const PLAN_ELSEWHERE = /\b(?:shared|sent|submitted|provided|given|available|supplied)\b[^.\n]{0,40}?\b(?:privately|separately|in private|(?:by|via|in) (?:the |a )?(?:google )?(?:form|doc(?:ument)?)|on request)\b|\bprivate finances\b|\brefer to (?:the |our )?(?:google )?doc(?:ument)?\b/i
/** A line that opens a milestone where no section of milestones was recognized (inside a list, under another heading). */
const MILESTONE_LINE = /^[ \t>*+-]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?[ \t]*(?:milestone|phase)[ \t]*#?\d{1,2}\b/im

const MILESTONE_SHAPE = 'a “## Milestones” section with a table | Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |, one row per milestone'

export const milestonesCount: Rule = {
  id: 'milestones-count',
  title: '3 to 5 milestones',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The pitch has a milestones section with 3 to 5 milestones (error when there are none at all; a warning when they are named but cannot be read, or the plan is said to be given privately; info outside 3–5). Weak milestone structure is the most frequent rejection reason (51%).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, milestones } = milestonePlan(doc)
    // No milestones at all is what a reviewer rejects on sight; milestones written where they
    // could not be read, or a plan the pitch says is given privately, are worth a warning.
    const elsewhere = PLAN_ELSEWHERE.test(doc.source)
    if (!section) {
      const unread = MILESTONE_LINE.test(doc.source)
      return [{
        ...DOCUMENT_START,
        severity: unread || elsewhere ? 'warning' : 'error',
        message: unread
          ? 'The pitch names milestones, but not in a section of their own, so their parts could not be checked.'
          : elsewhere
            ? 'The pitch has no milestones: it says the plan is given separately.'
            : 'The pitch has no milestones section.',
        hint: `Add ${MILESTONE_SHAPE}; plan 3 to 5 milestones, each paid on completion.`,
      }]
    }
    const n = milestones.length
    if (n === 0) {
      return [{
        ...sectionPosition(section),
        severity: elsewhere ? 'warning' : 'error',
        message: `The section “${section.title}” lists no milestones: no milestone table, “### Milestone” subsections or list was found.`,
        hint: 'Write one table row, one “### Milestone N: name” subsection or one list item per milestone, 3 to 5 in all.',
      }]
    }
    // Small grants are often one or two milestones, and approved pitches of every program go
    // outside 3–5: a note, not a gap.
    if (n < 3) {
      return [{
        ...sectionPosition(section),
        severity: 'info',
        message: `The section “${section.title}” has ${n} milestone${n === 1 ? '' : 's'}; approved pitches have 3 to 5.`,
        hint: 'Split the work into 3 to 5 milestones, each with its own deliverables, criteria and payment, so reviewers can pay as it progresses.',
      }]
    }
    if (n > 5) {
      return [{
        ...sectionPosition(section),
        severity: 'info',
        message: `The section “${section.title}” has ${n} milestones; approved pitches have 3 to 5.`,
        hint: 'Merge small milestones or move later ones to a follow-up grant, keeping 3 to 5; a long list reads as scope that is too broad.',
      }]
    }
    return []
  },
}

const ARTIFACT = /\b(?:papers?|reports?|specs?|specifications?|proposals?|packages?|releases?|extensions?|plugins?|plug-ins?|datasets?|benchmarks?)\b|https?:\/\/|\b(?:github|gitlab|bitbucket|codeberg)\b|\brepo(?:sitor(?:y|ies))?s?\b|\b0x[0-9a-f]{6,}|\bdocs?\b|\bdocumentation\b|\bdeployed\b|\bcontract address|\bnpm\b|\bcrates\.io\b|\bpypi\b|(?<![\w-])[\w-]+\.(?:dev|io|xyz|org|com|app|network)\b/i
const TESTABLE = /%|\d|\b(?:pass(?:es|ed|ing)?|green|deploy(?:s|ed)?|merged|published|released|live|audited|accepted|approved|signed[- ]off|sign[- ]off|verified|reviewed|demonstrated|demo|runs?|traces?|decodes?|renders?|returns?|executes?|integrated|installs?|succeeds?|users?|tests?|test suite|CI|coverage|benchmarks?|downloads?|transactions?|onboarded|testnet|mainnet|end[- ]to[- ]end|zero|no open)\b/i

export const milestoneParts: Rule = {
  id: 'milestone-parts',
  title: 'Each milestone complete',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'Each milestone has a name, a USD amount, named deliverables (repository, deployed address or documentation link), testable completion criteria and a timeline in weeks.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    milestonePlan(doc).milestones.forEach((m, i) => {
      const missing: string[] = []
      const fixes: string[] = []
      if (!m.name) {
        missing.push('a name')
        fixes.push('name it after its outcome, e.g. “M2 TypeScript SDK”')
      }
      if (m.amountUsd === null && !m.amountOther) {
        missing.push('a USD amount')
        fixes.push('state its payment in USD, e.g. “$12,000”')
      }
      if (!ARTIFACT.test(m.deliverables)) {
        missing.push('named deliverables')
        fixes.push('name what is handed over: a repository URL, a deployed contract address (testnet is fine) or a documentation link')
      }
      const criteria = m.criteria.replace(/\b(?:M|milestone|phase|v)\s*\d+(?:\.\d+)*\b/gi, '')
      if (criteria.trim() === '') {
        missing.push('completion criteria')
        fixes.push('add “Done when: …” with a check a reviewer can run, e.g. “CI passes with 80% coverage” or “deployed to testnet at 0x…”')
      } else if (!TESTABLE.test(criteria)) {
        missing.push(`testable completion criteria (“${m.criteria.slice(0, 60)}” cannot be checked)`)
        fixes.push('make the criteria checkable: a number, a passing test suite, a deployment, a merged pull request or an accepted review')
      }
      if (m.weeks === null) {
        missing.push('a timeline in weeks')
        fixes.push('give its duration in weeks, e.g. “4 weeks”')
      }
      if (missing.length === 0) return
      const label = `Milestone ${i + 1}${m.name ? ` “${m.name}”` : ''}`
      findings.push({
        ...m.position,
        // Named deliverables lacking only explicit criteria is how most funded templates write a
        // milestone (a deliverables table with a specification per row): a note, not a gap.
        ...(missing.length === 1 && missing[0] === 'completion criteria' ? { severity: 'info' as const } : {}),
        message: `${label} lacks ${listing(missing)}.`,
        hint: `${fixes.map((fix) => fix.charAt(0).toUpperCase() + fix.slice(1)).join('. ')}.`,
      })
    })
    // One cause, the milestones are not written out in full: one group, each milestone a part.
    if (findings.length < 2) return findings
    const group = { id: 'milestone-parts:milestones', title: `${findings.length} milestones lack parts reviewers check (amount, deliverables, criteria or weeks).` }
    return findings.map((finding) => ({ ...finding, group }))
  },
}

const PAY = /\b(?:paid|pay|pays|payments?|payouts?|disburse\w*|tranches?|instal(?:l)?ments?|invoice[ds]?|funds?\s+(?:are|is|will be)\s+released)\b/i
const ON_DONE = /\b(?:complet\w*|accept\w*|approv\w*|deliver\w*|sign[- ]?off|signed off|verif\w*|review\w*|finish\w*|done|met|achiev\w*)\b/i
const RELEASED_ON_DONE = /\breleas\w*\b/i
const MONEY_CONTEXT = /\b(?:funds?|amounts?|grant|usd|usdc|milestone|tranches?|portion|share)\b|\$/i
const PER_MILESTONE = /\bon (?:the )?(?:completion|acceptance|delivery|approval) of (?:each|every|the|a) milestone|\b(?:paid|payments?|payouts?|disbursed?)\s+(?:per|for each|after each|by|at each)\s+milestone/i

/** Whether a text ties payment to milestone completion ("paid on completion", "released after … accepted"). */
export function tiesPaymentToCompletion(text: string): boolean {
  for (const line of withoutComments(text).split('\n')) {
    const plain = stripInline(line)
    if (PER_MILESTONE.test(plain)) return true
    for (const sentence of sentences(plain)) {
      if (!ON_DONE.test(sentence)) continue
      if (PAY.test(sentence)) return true
      if (RELEASED_ON_DONE.test(sentence) && MONEY_CONTEXT.test(sentence)) return true
    }
  }
  return false
}

export const milestonePayment: Rule = {
  id: 'milestone-payment',
  title: 'Payment tied to milestones',
  severity: 'info',
  appliesTo: ['grant'],
  description: 'The milestones section ties each payment to the completion of its milestone (“paid on completion”, “payment upon acceptance”).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section } = milestonePlan(doc)
    if (!section) return [] // milestones-count reports the missing section
    const related = doc.sections.filter((s) => s.depth > 0 && /\b(?:payments?|disburse\w*|tranches?|budget)\b/i.test(s.title))
    if ([section, ...related].some((s) => tiesPaymentToCompletion(s.text))) return []
    return [{
      ...sectionPosition(section),
      message: `The section “${section.title}” does not say that payment is tied to milestone completion.`,
      hint: 'Add a sentence such as “Each milestone’s amount is paid on completion, after the reviewers accept its completion criteria.”',
    }]
  },
}
