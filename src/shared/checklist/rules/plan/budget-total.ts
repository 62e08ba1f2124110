/** Rules on the budget's total: within the range of its kind and the reward, and equal to the milestone amounts. */
import type { ProjectKind } from '../../../draft-file'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, money, usd } from './text'
import { budgetPlan, costsOf, milestonePlan } from './facts'
import { KIND_RANGES, inferProjectKind, quoteWords, rewardCap } from './project-kind'
import { totalDuration } from './timeline'

export const budgetTotal: Rule = {
  id: 'budget-total',
  title: 'Budget total in range',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'The budget states a total (wherever it is written, or the sum of its items or milestones) within the typical approved range for the kind of project (small tooling 5K–20K, SDK or library 20K–60K, application or protocol 50K–150K, research plus implementation 25K–80K USD) and not above what the grant offers. Only dollar amounts are compared with the ranges; a kind inferred from the text, or a range the grant itself does not reach, makes it a “Note”.',
  check({ doc, projectKind, grant }: RuleContext): RuleFinding[] {
    const costs = costsOf(doc)
    const { section, budget } = budgetPlan(doc)
    // No budget anywhere: budget-itemized reports the missing budget, once.
    if (!costs.stated && !section) return []
    const total = costs.total
    if (!total) {
      const priced = (budget?.items ?? []).some((item) => item.amount !== null)
      // A budget section with no items and no costs at all is the missing budget budget-itemized reports.
      const empty = !costs.stated && (budget?.items.length ?? 0) === 0
      return [
        {
          ...(section ? sectionPosition(section) : DOCUMENT_START),
          ...(priced || !section || empty ? { severity: 'info' as const } : {}),
          message: section && !priced ? `The section “${section.title}” states no total and its items have no amounts.` : 'The pitch states no budget total.',
          hint: 'End the budget table with a row “Total | | | 42,000” (the sum of the items, in USD).',
        },
      ]
    }
    const findings: RuleFinding[] = []
    const amount = money(total.amount, total.currency)
    const where = total.computed ? 'the sum of the budget items' : 'the budget total'
    const items = budget?.items ?? []
    if (!total.computed && items.length >= 2 && items.every((item) => item.amount !== null)) {
      const sum = items.reduce((acc, item) => acc + (item.amount ?? 0), 0)
      if (Math.abs(sum - total.amount) > total.amount * 0.01) {
        findings.push({
          ...total.position,
          severity: 'warning',
          message: `The budget items add up to ${money(sum, total.currency)} but the budget total is ${amount} (a difference of ${money(Math.abs(sum - total.amount), total.currency)}).`,
          hint: 'Make the total the sum of the items: correct an item’s amount or the total, and add any missing item.',
        })
      }
    }
    // The ranges and the grant's cap are in dollars: another currency is not compared with them.
    if (total.usd === false) return findings
    let kind: ProjectKind | undefined = projectKind
    let how = 'declared in project_kind'
    if (!kind) {
      const guess = inferProjectKind(doc)
      if (guess.kinds.length === 1) {
        kind = guess.kinds[0]!
        how = `inferred from ${guess.evidence}`
      } else {
        findings.push({
          ...total.position,
          severity: 'info',
          message:
            guess.kinds.length > 1
              ? `Could not tell the kind of project (it reads as ${listing(guess.kinds.map((k) => `${KIND_RANGES[k].name} (${quoteWords(guess.words?.[k] ?? [])})`))}); declare project_kind in the draft's front matter.`
              : "Could not tell the kind of project; declare project_kind in the draft's front matter.",
          hint: `Add “project_kind: small-tooling”, “sdk”, “application” or “research” to the front matter so ${where} (${amount}) can be compared with the typical approved range.`,
        })
      }
    }
    const cap = rewardCap(grant.reward)
    const duration = totalDuration(doc)
    const short = duration !== null && duration.weeks <= 8
    if (kind) {
      const range = KIND_RANGES[kind]
      const bounds = `${usd(range.min)}–${usd(range.max)}`
      if (total.amount > range.max) {
        findings.push({
          ...total.position,
          message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, is above the typical approved range for ${range.name} (${bounds}; kind ${how}).`,
          hint: `Cut the scope to fit ${bounds} — move later milestones to a follow-up grant — or, if the kind is wrong, set project_kind in the front matter.`,
        })
      } else if (total.amount < range.min) {
        findings.push({
          ...total.position,
          // A floor the grant itself does not reach ("up to 10,000 USD" for what reads as an
          // application) is a note, and so is a small budget for a plan as short (at most 8 weeks):
          // the warning is about scope underestimated, and a small scope priced small is not that.
          ...((cap !== null && cap < range.min) || short ? { severity: 'info' as const } : {}),
          message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, is below the typical approved range for ${range.name} (${bounds}; kind ${how}).`,
          hint: `Check that the estimate covers all the work (development, infrastructure, audit, documentation); a budget far under ${usd(range.min)} reads as underestimated scope. If the kind is wrong, set project_kind in the front matter.`,
        })
      }
    }
    if (cap !== null && total.amount > cap * 1.0001) {
      findings.push({
        ...total.position,
        severity: 'warning',
        message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, asks for more than the grant offers (${grant.reward}).`,
        hint: `Bring the request down to ${usd(cap)} or less, e.g. by moving a milestone to a later grant.`,
      })
    }
    return findings
  },
}

export const milestonesMatchBudget: Rule = {
  id: 'milestones-match-budget',
  title: 'Milestones add up to the budget',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The milestone amounts add up to the budget total (within 1%).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, milestones, how } = milestonePlan(doc)
    const total = costsOf(doc).total
    // Only a total stated apart from the milestones (or the items' sum), in dollars, can disagree with them.
    if (!section || !total || how === 'whole' || total.usd === false || milestones.length === 0 || milestones.some((m) => m.amountUsd === null)) return []
    if (total.computed && (budgetPlan(doc).budget?.items.length ?? 0) === 0) return []
    const sum = milestones.reduce((acc, m) => acc + (m.amountUsd ?? 0), 0)
    if (Math.abs(sum - total.amount) <= total.amount * 0.01) return []
    return [
      {
        ...sectionPosition(section),
        message: `The milestone amounts add up to ${usd(sum)} but ${total.computed ? 'the budget items add up to' : 'the budget total is'} ${usd(total.amount)} (a difference of ${usd(Math.abs(sum - total.amount))}).`,
        hint: 'Make the milestone payments add up to the budget total: adjust the amounts, or the budget items, so reviewers see one number.',
      },
    ]
  },
}
