/**
 * Rules on what the pitch promises: milestones, budget, deliverables, timeline, audit.
 *
 * Guidance (§1): "Milestones: 3 to 5 milestones. Each has a name and a USD amount, named
 * deliverables (repository, deployed address, documentation link), testable completion criteria,
 * a timeline in weeks, and a payment tied to milestone completion." "Budget: itemized per
 * component, with hours times rate or a fixed cost and its rationale. Include development hours,
 * infrastructure, audits and documentation. Typical approved ranges …" "Deliverables: list
 * concrete artifacts …" "realistic timeline of 2 to 6 months (not over 12); an audit plan for
 * contract work."
 *
 * The milestones and the budget are read once per parsed document (cached on the document
 * object, see facts.ts) and shared by the rules; every reader works on one section's nodes and text.
 */
import type { Rule } from '../../types'
import { auditPlan } from './audit'
import { budgetCoverage, budgetItemized } from './budget-rules'
import { budgetTotal, milestonesMatchBudget } from './budget-total'
import { deliverablesConcrete } from './deliverables'
import { milestoneParts, milestonePayment, milestonesCount } from './milestone-rules'
import { timelineLength } from './timeline'

export { hasAuditPlan, auditPlan } from './audit'
export { type Budget, type BudgetItem, type BudgetTotal, hasRationale, hoursTimesRate, readBudget } from './budget'
export { budgetCoverage, budgetItemized } from './budget-rules'
export { budgetTotal, milestonesMatchBudget } from './budget-total'
export { deliverablesConcrete } from './deliverables'
export { milestoneParts, milestonePayment, milestonesCount, tiesPaymentToCompletion } from './milestone-rules'
export { findMilestoneSection, type Milestone, milestoneName, readMilestones } from './milestones'
export { inferProjectKind, type KindGuess, rewardCap } from './project-kind'
export { parseWeeks } from './text'
export { dateRangeWeeks } from './dates'
export { timelineLength, totalDuration, type TotalDuration } from './timeline'

export const PLAN_RULES: Rule[] = [
  milestonesCount,
  milestoneParts,
  milestonePayment,
  budgetItemized,
  budgetCoverage,
  budgetTotal,
  milestonesMatchBudget,
  deliverablesConcrete,
  timelineLength,
  auditPlan,
]
