/** Rules on the milestones: how many, their parts, payment tied to completion. */
import { stripInline } from '../../parse'
import { sentences } from '../../text'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, withoutComments } from './text'
import { budgetStated, costsOf, milestonePlan } from './facts'
import { PLAN_ELSEWHERE } from './units'
import { grantAsks } from '../../asks'
import { labelledDuration, totalDuration } from './timeline'
import { anyLineMatches } from '../../line-blocks'
import { memoized } from '../../memo'

/** A line that opens a milestone where no section of milestones was recognized (inside a list, under another heading). */
const MILESTONE_LINE = /^[ \t>*+-]*(?:#{1,6}[ \t]+)?(?:\*\*|__)?[ \t]*(?:milestone|phase)[ \t]*#?\d{1,2}\b/im

const MILESTONE_SHAPE =
  'a “## Milestones” section with a table | Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |, one row per milestone'

export const milestonesCount: Rule = {
  id: 'milestones-count',
  title: '3 to 5 milestones',
  severity: 'warning',
  // Runs for bounties too, only to say that none are expected (see grantAsks).
  description:
    'The pitch plans the work in 3 to 5 milestones (or phases, stages, sprints, work packages, tranches), wherever it writes them. No plan at all, or a plan not split into milestones (one list of deliverables), is “Improve”, and never “ready” (an unsplit plan in a pitch that states no cost at all is a “Note” beside the missing budget’s warning); milestones named where they cannot be read, or a plan said to be given privately are “Improve” too; a count outside 3–5 is a “Note”. Weak milestone structure is the most frequent rejection reason (51%).',
  check({ doc, grant }: RuleContext): RuleFinding[] {
    const { section, milestones, how } = milestonePlan(doc)
    const asks = grantAsks(grant, 'milestones')
    if (grant.type === 'bounty') {
      return milestones.length > 0
        ? []
        : [
            {
              ...DOCUMENT_START,
              severity: 'info',
              message: `The pitch has no milestones, and ${asks.asked ? 'the grant is a bounty' : asks.why}.`,
              hint: 'Nothing to add: a bounty pitch says how and by when the work is done, not in milestones.',
            },
          ]
    }
    if (milestones.length === 0 && !asks.asked) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: `The pitch has no milestones, and ${asks.why}.`,
          hint: 'Nothing to add unless the grant asks for a plan elsewhere (its page or form).',
        },
      ]
    }
    // Units named only by their payments ("| Milestone 2 | 100,000 CC | Acceptance |"), none saying
    // what it delivers or when: the plan itself is absent.
    if (milestones.length > 0 && how !== 'whole' && milestones.every((m) => m.weeks === null && !m.when && !ARTIFACT.test(m.deliverables))) {
      return [
        {
          ...(section ? sectionPosition(section) : DOCUMENT_START),
          missing: 'milestones',
          message: `The pitch names milestones only by their payments${section ? ` (“${section.title}”)` : ''}: none says what it delivers or when.`,
          hint: `Add ${MILESTONE_SHAPE}; plan 3 to 5 milestones, each paid on completion.`,
        },
      ]
    }
    if (milestones.length === 0) {
      // No plan anywhere: a part of the guidance absent from the whole pitch (the recall floor).
      // Funded proposals of some programs have none, so it is a warning, not a refusal.
      const unread = !section && anyLineMatches(doc, doc.source, 'milestone-line', MILESTONE_LINE)
      return [
        {
          ...(section ? sectionPosition(section) : DOCUMENT_START),
          missing: 'milestones',
          message: unread
            ? 'The pitch names milestones, but not in a section of their own, so their parts could not be checked.'
            : // Tested only here, the one place it decides anything: it scans the whole text.
              PLAN_ELSEWHERE.test(doc.source)
              ? 'The pitch has no milestones: it says the plan is given separately.'
              : section
                ? `The section “${section.title}” lists no milestones or phases: no table, “### Milestone” subsections, list or deliverables were found.`
                : 'The pitch has no plan: no milestones or phases, no deliverables and no schedule.',
          hint: `Add ${MILESTONE_SHAPE}; plan 3 to 5 milestones, each paid on completion.`,
        },
      ]
    }
    const n = milestones.length
    if (how === 'whole') {
      // A pitch that states no cost at all has budget-itemized's warning (“no costs, total or
      // amounts per milestone anywhere”), which already keeps it from “ready”: its unsplit plan
      // is then a note beside it, one gap (no payment plan) warned once.
      const unpaid = grantAsks(grant, 'budget').asked && !costsOf(doc).stated
      return [
        {
          ...(section ? sectionPosition(section) : DOCUMENT_START),
          // Weak milestone structure is the most frequent rejection reason (51%): one list of
          // deliverables is no plan a reviewer can pay by, so the verdict is never "ready" (unless
          // the grant's template asks for no milestones: then a note).
          ...(asks.asked && !unpaid ? { missing: 'milestones' as const } : { severity: 'info' as const }),
          message: `The plan${section ? ` (“${section.title}”)` : ''} is one piece of work, not split into milestones; approved pitches have 3 to 5, each paid on completion.`,
          hint: 'Split the work into 3 to 5 milestones, each with its own deliverables, criteria, weeks and payment.',
        },
      ]
    }
    // Small grants are often one or two milestones, and approved pitches of every program go
    // outside 3–5: a note, not a gap.
    const where = section ? `The section “${section.title}”` : 'The pitch'
    if (n < 3) {
      return [
        {
          ...(section ? sectionPosition(section) : milestones[0]!.position),
          severity: 'info',
          message: `${where} has ${n} milestone${n === 1 ? '' : 's'}; approved pitches have 3 to 5.`,
          hint: 'Split the work into 3 to 5 milestones, each with its own deliverables, criteria and payment, so reviewers can pay as it progresses.',
        },
      ]
    }
    if (n > 5) {
      return [
        {
          ...(section ? sectionPosition(section) : milestones[0]!.position),
          severity: 'info',
          message: `${where} has ${n} milestones; approved pitches have 3 to 5.`,
          hint: 'Merge small milestones or move later ones to a follow-up grant, keeping 3 to 5; a long list reads as scope that is too broad.',
        },
      ]
    }
    return []
  },
}

/**
 * What is handed over, named: a document or release, a link or repository, an address, or a
 * kind of software artifact ("the Scan API endpoints", "a React SDK", "the staking pallet", "a
 * CLI", "unit and integration tests"). "Snapshot support" or "a nice viewer" name none.
 */
const ARTIFACT =
  /\b(?:papers?|reports?|specs?|specifications?|proposals?|packages?|releases?|extensions?|plugins?|plug-ins?|datasets?|benchmarks?|d-?apps?|sdks?|apis?|endpoints?|cli|librar(?:y|ies)|modules?|pallets?|components?|services?|back-?ends?|front-?ends?|ui|uis|dashboards?|widgets?|engines?|websites?|web ?sites?|portals?|bots?|smart contracts?|contracts?|binar(?:y|ies)|docker ?(?:images?|files?)|(?:unit|integration|e2e|end-to-end) tests?|test suites?|tests|tutorials?|guides?|articles?|blog posts?|videos?|courses?|workshops?|whitepapers?|templates?|prototypes?|mvp|demos?|integrations?|tool(?:s|ing)?|indexers?|clients?|servers?|adapters?|bindings|schemas?|pipelines?|scripts?|explorers?|wallets?|runtimes?|parachains?|nodes?)\b|@[\w-]+\/[\w-]+|https?:\/\/|\b(?:github|gitlab|bitbucket|codeberg)\b|\brepo(?:sitor(?:y|ies))?s?\b|\b0x[0-9a-f]{6,}|\bdocs?\b|\bdocumentation\b|\bdeployed\b|\bcontract address|\bnpm\b|\bcrates\.io\b|\bpypi\b|(?<![\w-])[\w-]+\.(?:dev|io|xyz|org|com|app|network)\b/i
const TESTABLE =
  /%|\d|\b(?:pass(?:es|ed|ing)?|green|deploy(?:s|ed)?|merged|published|released|live|audited|accepted|approved|signed[- ]off|sign[- ]off|verified|reviewed|demonstrated|demo|runs?|traces?|decodes?|renders?|returns?|executes?|integrated|installs?|succeeds?|users?|tests?|test suite|CI|coverage|benchmarks?|downloads?|transactions?|onboarded|testnet|mainnet|end[- ]to[- ]end|zero|no open)\b/i

export const milestoneParts: Rule = {
  id: 'milestone-parts',
  title: 'Each milestone complete',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'Each milestone has a USD amount (or one in another currency), named deliverables (a repository, deployed address, documentation link or a named piece of software), a timeline (weeks, or a date or month of the plan), a name and testable completion criteria. A milestone lacking only its name or its criteria is a “Note”: many funded templates name milestones by number and state what a deliverable must do in its specification.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    const { milestones, how, section } = milestonePlan(doc)
    const whole = how === 'whole'
    milestones.forEach((m, i) => {
      const missing: string[] = []
      const fixes: string[] = []
      let core = false
      if (!m.name && !whole) {
        missing.push('a name')
        fixes.push('name it after its outcome, e.g. “M2 TypeScript SDK”')
      }
      // A plan of one piece is paid by the pitch's total, where there is one. Without any budget,
      // budget-itemized reports the missing budget: a milestone's missing amount is then its consequence.
      if (m.amountUsd === null && !m.amountOther && !(whole && budgetStated(doc))) {
        core ||= budgetStated(doc)
        missing.push('a USD amount')
        fixes.push(whole ? 'state what the work costs in USD, e.g. “Total: $12,000”' : 'state its payment in USD, e.g. “$12,000”')
      }
      if (!ARTIFACT.test(m.deliverables)) {
        core = true
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
      // A date or a place in the plan ("Month 2", "Q4 2023", "End of week 3") is a timeline too.
      if (m.weeks === null && !m.when && !(whole && (totalDuration(doc) !== null || labelledDuration(doc) !== null))) {
        core = true
        missing.push(whole ? 'a timeline' : 'a timeline in weeks')
        fixes.push(
          whole ? 'say how long the work takes, e.g. “The work takes 12 weeks, from 1 March to 24 May 2027”' : 'give its duration in weeks, e.g. “4 weeks”',
        )
      }
      if (missing.length === 0) return
      const label = whole ? `The plan${section ? ` (“${section.title}”)` : ''}` : `Milestone ${i + 1}${m.name ? ` “${m.name}”` : ''}`
      findings.push({
        ...m.position,
        // A name or explicit criteria missing alone is how many funded templates write a
        // milestone (numbered, with a deliverables table and a specification per row): a note.
        // A plan not split into milestones has one warning, milestones-count's (split it, each
        // milestone with its parts): what the one piece lacks is a note under it.
        ...(!core || whole ? { severity: 'info' as const } : {}),
        message: `${label} lacks ${listing(missing)}.`,
        hint: `${fixes.map((fix) => fix.charAt(0).toUpperCase() + fix.slice(1)).join('. ')}.`,
      })
    })
    // One cause, the milestones are not written out in full: one group, each milestone a part.
    if (findings.length < 2) return findings
    const group = {
      id: 'milestone-parts:milestones',
      title: `${findings.length} milestones lack parts reviewers check (amount, deliverables, criteria or weeks).`,
    }
    return findings.map((finding) => ({ ...finding, group }))
  },
}

const PAY = /\b(?:paid|pay|pays|payments?|payouts?|disburse\w*|tranches?|instal(?:l)?ments?|invoice[ds]?|funds?\s+(?:are|is|will be)\s+released)\b/i
const ON_DONE = /\b(?:complet\w*|accept\w*|approv\w*|deliver\w*|sign[- ]?off|signed off|verif\w*|review\w*|finish\w*|done|met|achiev\w*)\b/i
const RELEASED_ON_DONE = /\breleas\w*\b/i
const MONEY_CONTEXT = /\b(?:funds?|amounts?|grant|usd|usdc|milestone|tranches?|portion|share)\b|\$/i
const PER_MILESTONE =
  /\bon (?:the )?(?:completion|acceptance|delivery|approval) of (?:each|every|the|a) milestone|\b(?:paid|payments?|payouts?|disbursed?)\s+(?:per|for each|after each|by|at each)\s+milestone/i

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
    // A pure function of a section's text: a lint session reads again only a section that changed (memo.ts).
    if ([section, ...related].some((s) => memoized(doc, 'pays-on-completion', s.text, tiesPaymentToCompletion))) return []
    return [
      {
        ...sectionPosition(section),
        message: `The section “${section.title}” does not say that payment is tied to milestone completion.`,
        hint: 'Add a sentence such as “Each milestone’s amount is paid on completion, after the reviewers accept its completion criteria.”',
      },
    ]
  },
}
