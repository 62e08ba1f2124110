/** Rules on the budget's items: itemized with a basis, covering development, infrastructure, audit and docs. */
import type { List } from 'mdast'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, months, usd } from './text'
import { type Budget, hasRationale, hoursTimesRate } from './budget'
import { budgetPlan, budgetStatedElsewhere, contractReason, contractWork } from './facts'

export const budgetItemized: Rule = {
  id: 'budget-itemized',
  title: 'Budget itemized',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'A budget section itemizes the cost per component (at least 2 items), each with hours × rate or a fixed cost and its rationale.',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    if (!section || !budget) {
      return [{
        ...DOCUMENT_START,
        // Costs stated per milestone or as a total elsewhere are a budget, only not itemized.
        ...(budgetStatedElsewhere(doc) ? { severity: 'info' as const } : {}),
        message: 'The pitch has no budget section.',
        hint: 'Add a “## Budget” table | Item | Hours × rate or fixed cost | Rationale | Amount (USD) | with development, infrastructure, audit and documentation rows and a Total row.',
      }]
    }
    const findings: RuleFinding[] = []
    if (budget.items.length < 2) {
      findings.push({
        ...sectionPosition(section),
        message: budget.items.length === 0
          ? `The section “${section.title}” itemizes no costs: no budget table or list of items was found.`
          : `The section “${section.title}” has a single item; the budget should be itemized per component.`,
        hint: 'List each component on its own row or item — development, infrastructure, audit, documentation — with hours × rate (e.g. “320 h × $100”) or a fixed cost and why it costs that.',
      })
    }
    for (const item of budget.items) {
      const name = item.label ? `“${item.label}”` : 'A budget item'
      if (item.product != null && item.amount !== null && Math.abs(item.product - item.amount) > 0.01 * Math.max(item.product, item.amount)) {
        findings.push({
          ...item.position,
          message: `${name} states ${usd(item.amount)}, but its hours × rate come to ${usd(item.product)}.`,
          hint: 'Correct the hours, the rate or the amount so that hours × rate equals the amount reviewers will pay.',
        })
      }
      if (item.hoursTimesRate) continue
      if (!item.fixed) {
        findings.push({
          ...item.position,
          message: `${name} has neither hours × rate nor a fixed cost.`,
          hint: 'Give the hours and the rate (e.g. “120 h × $80”) or a fixed amount with what it pays for (e.g. “fixed, $2,400: archive node for 12 months”).',
        })
      } else if (!hasRationale(item.rationale)) {
        findings.push({
          ...item.position,
          message: `${name} is a fixed cost${item.amount !== null ? ` of ${usd(item.amount)}` : ''} with no rationale.`,
          hint: 'Say what the amount pays for and how it was estimated, e.g. “quote from two audit firms for 1,200 lines of Solidity”.',
        })
      }
    }
    return findings
  },
}

const COVERAGE: ReadonlyArray<{ name: string; pattern: RegExp; example: string }> = [
  { name: 'development', pattern: /\b(?:develop\w*|engineer\w*|dev|implement\w*|coding|programming|front[- ]?end|back[- ]?end|labou?r)\b/i, example: 'Development | 320 h × $100' },
  { name: 'infrastructure', pattern: /\b(?:infra\w*|hosting|hosted|rpc|nodes?|servers?|cloud|devops|indexers?|gas)\b/i, example: 'Infrastructure | fixed | RPC node and hosting for 12 months' },
  { name: 'audits', pattern: /\b(?:audit\w*|security review|security assessment|pen[- ]?test\w*|formal verification)\b/i, example: 'Security audit | fixed | external review of the contracts' },
  { name: 'documentation', pattern: /\b(?:docs?|documentation|tutorials?|guides?|technical writ\w*|api reference)\b/i, example: 'Documentation | 26 h × $100 | guides and API reference' },
]

export const budgetCoverage: Rule = {
  id: 'budget-coverage',
  title: 'Budget covers the essentials',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The budget includes development hours, infrastructure, audits (when the work includes smart contracts) and documentation.',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    if (!section || !budget || budget.items.length === 0) return [] // budget-itemized reports it
    const texts = budget.items.map((item) => `${item.label} ${item.rationale}`)
    const contract = contractWork(doc)
    const needed = COVERAGE.filter((c) => c.name !== 'audits' || contract !== null)
    // Hours × rate that is not documentation, infrastructure or an audit pays for development ("Grammar and validator | 45 | 80").
    const others = COVERAGE.filter((c) => c.name !== 'development')
    const developmentByRate = budget.items.some((item, i) => item.hoursTimesRate && !others.some((c) => c.pattern.test(texts[i]!)))
    const missing = needed.filter((c) => !texts.some((text) => c.pattern.test(text)) && !(c.name === 'development' && developmentByRate))
    if (missing.length === 0) return []
    const why = contract && missing.some((c) => c.name === 'audits') ? ` (an audit is needed because ${contractReason(contract)})` : ''
    return [{
      ...sectionPosition(section),
      message: `The budget has no item for ${listing(missing.map((c) => c.name))}${why}.`,
      hint: `Add ${missing.length === 1 ? 'a row' : 'rows'} such as ${missing.map((c) => `“${c.example}”`).join(', ')}; if a cost is covered elsewhere, say so in its own row.`,
    }]
  },
}
