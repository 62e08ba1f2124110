/** Rules on the budget's items: itemized with a basis, covering development, infrastructure, audit and docs. */
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, money } from './text'
import { type Budget, hasRationale } from './budget'
import type { Section } from '../../parse'
import type { Costs } from './costs'
import { budgetPlan, contractReason, contractWork, costsOf } from './facts'
import { grantAsks } from '../../asks'

export const budgetItemized: Rule = {
  id: 'budget-itemized',
  title: 'Budget itemized',
  severity: 'warning',
  // Runs for bounties too, only to say that none is expected (see grantAsks).
  description:
    'The pitch states a budget (“Improve”, and never “ready”, when it states no cost anywhere), itemized per component (at least 2 items), each with hours × rate, quantity × price or a fixed cost, and its rationale. Costs stated only per milestone or as a total are a “Note”, and so is a fixed cost without a rationale.',
  check({ doc, grant }: RuleContext): RuleFinding[] {
    const costs = costsOf(doc)
    const { section, budget } = budgetPlan(doc)
    const asks = grantAsks(grant, 'budget')
    if (!asks.asked) {
      // A bounty's costs are not judged; a grant whose template asks for none still has its budget checked when it gives one.
      if (costs.stated) return grant.type === 'bounty' ? [] : itemFindings(costs, section, budget)
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: `The pitch states no budget, and ${asks.why}.`,
          hint: 'Nothing to add unless the grant asks for costs elsewhere (its page or form).',
        },
      ]
    }
    if (!costs.stated) {
      return [
        {
          ...(section ? sectionPosition(section) : DOCUMENT_START),
          missing: 'budget',
          message: section
            ? `The section “${section.title}” states no costs, and the pitch states none elsewhere: no items, no total and no amounts per milestone.`
            : 'The pitch has no budget: no budget section, and no costs, total or amounts per milestone anywhere.',
          hint: 'Add a “## Budget” table | Item | Hours × rate or fixed cost | Rationale | Amount (USD) | with development, infrastructure, audit and documentation rows and a Total row.',
        },
      ]
    }
    return itemFindings(costs, section, budget)
  },
}

/** What budget-itemized says of a budget that states costs: items missing, a single item, items without a basis. */
function itemFindings(costs: Costs, section: Section | null, budget: Budget | null): RuleFinding[] {
  const items = budget?.items ?? []
  if (items.length === 0) {
    // Costs per milestone or a total without a budget section: a budget, only not itemized
    // (W3F's template and the programs that copied it ask for no more, and fund it). A budget
    // section that itemizes nothing is a gap.
    const how = costs.byUnits ? 'per milestone' : 'as a total'
    return [
      {
        ...(section ? sectionPosition(section) : DOCUMENT_START),
        ...(section ? {} : { severity: 'info' as const }),
        message: section
          ? `The section “${section.title}” itemizes no costs: no budget table or list of items was found.`
          : `The pitch states its costs ${how}, with no budget itemized per component.`,
        hint: 'Add a “## Budget” table | Item | Hours × rate or fixed cost | Rationale | Amount (USD) | with development, infrastructure, audit and documentation rows and a Total row.',
      },
    ]
  }
  const findings: RuleFinding[] = []
  if (items.length < 2) {
    findings.push({
      ...(section ? sectionPosition(section) : items[0]!.position),
      message: `${section ? `The section “${section.title}”` : 'The budget'} has a single item; the budget should be itemized per component.`,
      hint: 'List each component on its own row or item — development, infrastructure, audit, documentation — with hours × rate (e.g. “320 h × $100”) or a fixed cost and why it costs that.',
    })
  }
  for (const item of items) {
    const name = item.label ? `“${item.label}”` : 'A budget item'
    // Formatted only for a finding that says it: most items have none.
    const amount = () => (item.amount !== null ? money(item.amount, item.currency) : '')
    if (item.product != null && item.amount !== null && Math.abs(item.product - item.amount) > 0.01 * Math.max(item.product, item.amount)) {
      findings.push({
        ...item.position,
        message: `${name} states ${amount()}, but its hours × rate come to ${money(item.product, item.currency)}.`,
        hint: 'Correct the hours, the rate or the amount so that hours × rate equals the amount reviewers will pay.',
      })
    }
    // A payment by milestone is explained by its milestone's deliverables.
    if (item.hoursTimesRate || item.priced || item.unit) continue
    if (!item.fixed) {
      findings.push({
        ...item.position,
        message: `${name} has neither hours × rate nor a fixed cost.`,
        hint: 'Give the hours and the rate (e.g. “120 h × $80”) or a fixed amount with what it pays for (e.g. “fixed, $2,400: archive node for 12 months”).',
      })
    } else if (!hasRationale(item.rationale)) {
      findings.push({
        ...item.position,
        // Funded budgets often list fixed amounts per component without saying how each was estimated: a note.
        severity: 'info',
        message: `${name} is a fixed cost${item.amount !== null ? ` of ${amount()}` : ''} with no rationale.`,
        hint: 'Say what the amount pays for and how it was estimated, e.g. “quote from two audit firms for 1,200 lines of Solidity”.',
      })
    }
  }
  return findings
}

const COVERAGE: ReadonlyArray<{ name: string; pattern: RegExp; example: string }> = [
  {
    name: 'development',
    pattern:
      /\b(?:develop\w*|engineer\w*|dev|devs|implement\w*|coding|programming|programmers?|front[- ]?end|back[- ]?end|full[- ]?stack|labou?r|personnel|personell|salar(?:y|ies)|staff|research\w*|design\w*)\b/i,
    example: 'Development | 320 h × $100',
  },
  {
    name: 'infrastructure',
    pattern:
      /\b(?:infra\w*|hosting|hosted|rpc|nodes?|servers?|cloud|devops|indexers?|gas|hardware|equipment|devices?|sensors?|compute|gpus?|storage|domains?|licen[cs]es?|subscriptions?)\b/i,
    example: 'Infrastructure | fixed | RPC node and hosting for 12 months',
  },
  {
    name: 'audits',
    pattern: /\b(?:audit\w*|security review|security assessment|pen[- ]?test\w*|formal verification)\b/i,
    example: 'Security audit | fixed | external review of the contracts',
  },
  {
    name: 'documentation',
    pattern: /\b(?:docs?|documentation|tutorials?|guides?|technical writ\w*|api reference)\b/i,
    example: 'Documentation | 26 h × $100 | guides and API reference',
  },
]

export const budgetCoverage: Rule = {
  id: 'budget-coverage',
  title: 'Budget covers the essentials',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The budget includes development hours, infrastructure, audits (when the work includes smart contracts) and documentation.',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    // No items (no budget, or costs only per milestone or as a total): budget-itemized reports it.
    // A budget by milestone names no components to cover: the milestones' deliverables are its items.
    if (!budget || budget.items.length === 0 || budget.items.every((item) => item.unit)) return []
    const texts = budget.items.map((item) => `${item.label} ${item.rationale}`)
    const contract = contractWork(doc)
    const needed = COVERAGE.filter((c) => c.name !== 'audits' || contract !== null)
    // Hours × rate that is not documentation, infrastructure or an audit pays for development ("Grammar and validator | 45 | 80").
    const others = COVERAGE.filter((c) => c.name !== 'development')
    const developmentByRate = budget.items.some((item, i) => item.hoursTimesRate && !others.some((c) => c.pattern.test(texts[i]!)))
    const missing = needed.filter((c) => !texts.some((text) => c.pattern.test(text)) && !(c.name === 'development' && developmentByRate))
    if (missing.length === 0) return []
    const why = contract && missing.some((c) => c.name === 'audits') ? ` (an audit is needed because ${contractReason(contract)})` : ''
    return [
      {
        ...(section ? sectionPosition(section) : budget.items[0]!.position),
        // Documentation is often costed as part of development: missing alone, it is a note.
        ...(missing.every((c) => c.name === 'documentation') ? { severity: 'info' as const } : {}),
        message: `The budget has no item for ${listing(missing.map((c) => c.name))}${why}.`,
        hint: `Add ${missing.length === 1 ? 'a row' : 'rows'} such as ${missing.map((c) => `“${c.example}”`).join(', ')}; if a cost is covered elsewhere, say so in its own row.`,
      },
    ]
  },
}
