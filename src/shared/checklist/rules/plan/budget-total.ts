/** Rules on the budget's total: within the range of its kind and the reward, and equal to the milestone amounts. */
import type { ProjectKind } from '../../../draft-file'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import type { Rule, RuleContext, RuleFinding } from '../../types'
import { listing, usd } from './text'
import type { Budget } from './budget'
import { budgetPlan, budgetStatedElsewhere, milestonePlan } from './facts'
import { KIND_RANGES, inferProjectKind, quoteWords, rewardCap } from './project-kind'

export const budgetTotal: Rule = {
  id: 'budget-total',
  title: 'Budget total in range',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The budget states a total within the typical approved range for the kind of project (small tooling 5K–20K, SDK or library 20K–60K, application or protocol 50K–150K, research plus implementation 25K–80K USD) and not above what the grant offers.',
  check({ doc, projectKind, grant }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    const total = budget?.total ?? null
    if (!total) {
      return [{
        ...(section ? sectionPosition(section) : DOCUMENT_START),
        ...(!section && budgetStatedElsewhere(doc) ? { severity: 'info' as const } : {}),
        message: section ? `The section “${section.title}” states no total and its items have no amounts.` : 'The pitch states no budget total: it has no budget section.',
        hint: 'End the budget table with a row “Total | | | 42,000” (the sum of the items, in USD).',
      }]
    }
    const findings: RuleFinding[] = []
    const amount = usd(total.amount)
    const where = total.computed ? 'the sum of the budget items' : 'the budget total'
    const items = budget?.items ?? []
    if (!total.computed && items.length >= 2 && items.every((item) => item.amount !== null)) {
      const sum = items.reduce((acc, item) => acc + (item.amount ?? 0), 0)
      if (Math.abs(sum - total.amount) > total.amount * 0.01) {
        findings.push({
          ...total.position,
          severity: 'warning',
          message: `The budget items add up to ${usd(sum)} but the budget total is ${amount} (a difference of ${usd(Math.abs(sum - total.amount))}).`,
          hint: 'Make the total the sum of the items: correct an item’s amount or the total, and add any missing item.',
        })
      }
    }
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
          message: guess.kinds.length > 1
            ? `Could not tell the kind of project (it reads as ${listing(guess.kinds.map((k) => `${KIND_RANGES[k].name} (${quoteWords(guess.words?.[k] ?? [])})`))}); declare project_kind in the draft's front matter.`
            : "Could not tell the kind of project; declare project_kind in the draft's front matter.",
          hint: `Add “project_kind: small-tooling”, “sdk”, “application” or “research” to the front matter so ${where} (${amount}) can be compared with the typical approved range.`,
        })
      }
    }
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
          message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, is below the typical approved range for ${range.name} (${bounds}; kind ${how}).`,
          hint: `Check that the estimate covers all the work (development, infrastructure, audit, documentation); a budget far under ${usd(range.min)} reads as underestimated scope. If the kind is wrong, set project_kind in the front matter.`,
        })
      }
    }
    const cap = rewardCap(grant.reward)
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
    const { section, milestones } = milestonePlan(doc)
    const total = budgetPlan(doc).budget?.total ?? null
    if (!section || !total || milestones.length === 0 || milestones.some((m) => m.amountUsd === null)) return []
    const sum = milestones.reduce((acc, m) => acc + (m.amountUsd ?? 0), 0)
    if (Math.abs(sum - total.amount) <= total.amount * 0.01) return []
    return [{
      ...sectionPosition(section),
      message: `The milestone amounts add up to ${usd(sum)} but ${total.computed ? 'the budget items add up to' : 'the budget total is'} ${usd(total.amount)} (a difference of ${usd(Math.abs(sum - total.amount))}).`,
      hint: 'Make the milestone payments add up to the budget total: adjust the amounts, or the budget items, so reviewers see one number.',
    }]
  },
}
